import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { OneTimeScans } from '../one-time-codes';
import { UploadsModule } from '../uploads/uploads.module';
import { CodeDirectory } from './code-directory';
import { PublicCodesController } from './public-codes.controller';
import { ScanRecorder } from './scan-recorder';
import { VisitorCountry } from './visitor-country';
import { VisitorFactsReader } from './visitor-facts';

/** The scan path's services (its routes are registered on Fastify by registerScanRoutes) and the visitor pages' reads. Wiring only. */
@Module({
  imports: [CodesModule, UploadsModule],
  controllers: [PublicCodesController],
  providers: [CodeDirectory, OneTimeScans, ScanRecorder, VisitorCountry, VisitorFactsReader],
  // Analytics events find their code and their visitor the way scans do.
  exports: [CodeDirectory, VisitorFactsReader],
})
export class ScansModule {}
