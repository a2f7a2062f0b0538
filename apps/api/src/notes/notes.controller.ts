import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AddNoteBody, ListNotesQuery, NotePath, type NoteListView, type NoteView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { AddNoteCommand, DeleteNoteCommand } from './notes.handlers';
import { ListNotes } from './notes.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

/** Notes on codes (spec §7 "Notes"): add, list one code's or the organisation's, delete. */
@Controller('api/v1/notes')
@ReadModels(...CALLER_ROLES, 'notes', 'codes')
@UseGuards(AuthenticationGuard)
export class NotesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  add(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(AddNoteBody, 'body')) body: AddNoteBody): Promise<NoteView> {
    return this.commands.execute(new AddNoteCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListNotesQuery, 'query')) query: ListNotesQuery): Promise<NoteListView> {
    return this.queries.execute(new ListNotes(caller, query));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(new ZodValidationPipe(NotePath, 'path')) { id }: NotePath): Promise<void> {
    await this.commands.execute(new DeleteNoteCommand(caller, id));
  }
}
