import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { UploadsModule } from '../uploads/uploads.module';
import { CodesController } from './codes.controller';
import { ChangeCodeHandler, CodeStream, CreateCodeHandler } from './codes.handlers';
import { GetCodeHandler, GetPublicCodeDesignHandler, ListChildCodesHandler, ListCodeNamesHandler, ListCodesHandler } from './codes.queries';
import { PublicQrController } from './public-qr.controller';
import { QrImages } from './qr-images';

/** Dynamic QR codes behind the authentication guard, and the public image the share page shows. Wiring only. */
@Module({
  imports: [IdentityModule, UploadsModule],
  controllers: [CodesController, PublicQrController],
  providers: [
    QrImages,
    CodeStream,
    CreateCodeHandler,
    ChangeCodeHandler,
    GetCodeHandler,
    GetPublicCodeDesignHandler,
    ListCodesHandler,
    ListCodeNamesHandler,
    ListChildCodesHandler,
  ],
  // Pages belong to codes: the pages context finds a code's organisation and the caller's role through it.
  // Clones and templates check designs and write new codes through them too; one-time codes are drawn in their base code's design.
  exports: [CodeStream, QrImages],
})
export class CodesModule {}
