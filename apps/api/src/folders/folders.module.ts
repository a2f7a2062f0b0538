import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { FoldersController } from './folders.controller';
import { ChangeFolderHandler, CreateFolderHandler } from './folders.handlers';
import { GetFolderHandler, ListFoldersHandler } from './folders.queries';

/** Folders that sort an organisation's codes. Wiring only; a folder's codes are the codes module's list, narrowed. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [FoldersController],
  providers: [CreateFolderHandler, ChangeFolderHandler, GetFolderHandler, ListFoldersHandler],
})
export class FoldersModule {}
