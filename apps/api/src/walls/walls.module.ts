import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { ScansModule } from '../scans/scans.module';
import { UploadsModule } from '../uploads/uploads.module';
import { PublicWallsController } from './public-walls.controller';
import { WallAccess } from './wall-access';
import { WallEmbeds } from './wall-embeds';
import { WallLiveFeed } from './wall-live-feed';
import { SubmitWallPhotoHandler } from './wall-photo-submissions';
import { WallReads } from './wall-reads';
import { WallsController } from './walls.controller';
import { ExportWallPhotosHandler } from './walls-export';
import { ChangeWallHandler, CreateWallHandler, ReviewWallPhotoHandler } from './walls.handlers';
import {
  GetApprovedWallPhotoHandler,
  GetPublicWallHandler,
  GetWallHandler,
  GetWallPhotoHandler,
  ListWallPhotosHandler,
  ListWallsHandler,
} from './walls.queries';

/** Selfie walls (issue 57). Wiring only; photos are stored and checked through the uploads module. */
@Module({
  imports: [IdentityModule, CodesModule, ScansModule, UploadsModule],
  controllers: [WallsController, PublicWallsController],
  providers: [
    WallReads,
    WallAccess,
    WallEmbeds,
    WallLiveFeed,
    CreateWallHandler,
    ChangeWallHandler,
    ReviewWallPhotoHandler,
    SubmitWallPhotoHandler,
    ListWallsHandler,
    GetWallHandler,
    ListWallPhotosHandler,
    GetWallPhotoHandler,
    GetPublicWallHandler,
    GetApprovedWallPhotoHandler,
    ExportWallPhotosHandler,
  ],
  exports: [WallEmbeds],
})
export class WallsModule {}
