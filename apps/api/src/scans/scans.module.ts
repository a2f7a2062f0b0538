import { Module } from '@nestjs/common';
import { CodeDirectory } from './code-directory';
import { ScanRecorder } from './scan-recorder';
import { VisitorFactsReader } from './visitor-facts';

/** The scan path's services; its routes are registered on Fastify by registerScanRoutes. Wiring only. */
@Module({
  providers: [CodeDirectory, ScanRecorder, VisitorFactsReader],
})
export class ScansModule {}
