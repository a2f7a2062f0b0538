import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type AddNoteBody } from '@qr/contracts';
import { noteDecider, noteStreamId, type CodeActor, type NoteCommand } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../codes';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** Answers with the new note's id. */
export class AddNoteCommand extends Command<string> {
  constructor(
    readonly caller: Caller,
    readonly body: AddNoteBody,
  ) {
    super();
  }
}

export class DeleteNoteCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly noteId: string,
  ) {
    super();
  }
}

/** A note's organisation is its code's, and only a live code's notes can be added or deleted. */
abstract class NoteWriter {
  constructor(
    @Inject(SQL_CLIENT) protected readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly writer: StreamWriter,
  ) {}

  /** The caller in the organisation of a live code (`codeId` undefined: no such code); nothing found, or someone outside it, hears `notFound`. */
  protected async actorOwning(caller: Caller, codeId: string | undefined, notFound: DomainError): Promise<{ orgId: string; actor: CodeActor }> {
    const code = codeId === undefined ? undefined : await this.codes.live(codeId);
    return this.gate.actorOwning(caller, code?.org_id, notFound);
  }

  protected async decide(noteId: string, orgId: string, command: NoteCommand): Promise<void> {
    await this.writer.decide(noteStreamId(noteId), noteDecider, command, { org_id: orgId, actor: command.actor.id });
  }
}

@CommandHandler(AddNoteCommand)
export class AddNoteHandler extends NoteWriter implements ICommandHandler<AddNoteCommand> {
  async execute({ caller, body }: AddNoteCommand): Promise<string> {
    // A note belongs to a live code of the caller's organisation: a deleted code takes no more notes.
    const { orgId, actor } = await this.actorOwning(caller, body.code_id, codeNotFound());
    const noteId = randomUUID();
    await this.decide(noteId, orgId, { type: 'AddNote', actor, note_id: noteId, code_id: body.code_id, org_id: orgId, text: body.text });
    return noteId;
  }
}

@CommandHandler(DeleteNoteCommand)
export class DeleteNoteHandler extends NoteWriter implements ICommandHandler<DeleteNoteCommand> {
  async execute({ caller, noteId }: DeleteNoteCommand): Promise<void> {
    // A deleted code's notes are hidden, so they cannot be reached to delete either.
    const { rows } = await this.db.query<{ code_id: string }>('SELECT code_id FROM notes WHERE note_id = $1', [noteId]);
    const { orgId, actor } = await this.actorOwning(caller, rows[0]?.code_id, new DomainError('note_not_found', 'No such note.'));
    await this.decide(noteId, orgId, { type: 'DeleteNote', actor });
  }
}
