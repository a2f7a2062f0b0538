import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ClonesController } from './clones.controller';
import { CloneCodeHandler } from './clones.handlers';
import { CodeCopies } from './code-copies';

/** Clones and duplicates of codes, with their landing pages. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, PagesModule, UploadsModule],
  controllers: [ClonesController],
  providers: [CodeCopies, CloneCodeHandler],
  // Templates make codes (and their pages) through the same path.
  exports: [CodeCopies],
})
export class ClonesModule {}
