import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { NotesController } from './notes.controller';
import { AddNoteHandler, DeleteNoteHandler } from './notes.handlers';
import { ListNotesHandler } from './notes.queries';

/** Notes on codes. Wiring only; a note's organisation and the caller's role come through its code. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [NotesController],
  providers: [AddNoteHandler, DeleteNoteHandler, ListNotesHandler],
})
export class NotesModule {}
