import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { UploadsModule } from '../uploads/uploads.module';
import { CodesController } from './codes.controller';
import { CodeReads } from './code-reads';
import { ChangeCodeHandler, CreateCodeHandler } from './codes.handlers';
import { GetCodeHandler, GetPublicCodeDesignHandler, ListChildCodesHandler, ListCodeNamesHandler, ListCodesHandler } from './codes.queries';
import { PublicQrController } from './public-qr.controller';
import { QrImages } from './qr-images';

/** Dynamic QR codes behind the authentication guard, and the public image the share page shows. Wiring only. */
@Module({
  imports: [IdentityModule, UploadsModule],
  controllers: [CodesController, PublicQrController],
  providers: [
    QrImages,
    CodeReads,
    CreateCodeHandler,
    ChangeCodeHandler,
    GetCodeHandler,
    GetPublicCodeDesignHandler,
    ListCodesHandler,
    ListCodeNamesHandler,
    ListChildCodesHandler,
  ],
  // Other contexts read codes (a code's organisation, its name, its folder) through CodeReads alone.
  // Clones and templates check designs through QrImages; one-time codes are drawn in their base code's design.
  exports: [CodeReads, QrImages],
})
export class CodesModule {}
