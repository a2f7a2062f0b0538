import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type AddNoteBody, type NoteView } from '@qr/contracts';
import { noteDecider, noteStreamId, type CodeActor, type NoteCommand, type NoteEvent } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../codes';
import { decidedEvent, StreamWriter, type Decided } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** Answers with the new note as added. */
export class AddNoteCommand extends Command<NoteView> {
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

  /**
   * The caller in the organisation of a live code (`codeId` undefined: no such code), with the code's
   * name; nothing found, or someone outside it, hears `notFound`.
   */
  protected async actorOwning(
    caller: Caller,
    codeId: string | undefined,
    notFound: DomainError,
  ): Promise<{ orgId: string; actor: CodeActor; codeName: string }> {
    const code = codeId === undefined ? undefined : await this.codes.live(codeId);
    const owner = await this.gate.actorOwning(caller, code?.org_id, notFound);
    return { ...owner, codeName: code!.name };
  }

  protected decide(noteId: string, orgId: string, command: NoteCommand, occurredAt?: Date): Promise<Decided<NoteEvent>> {
    return this.writer.decide(noteStreamId(noteId), noteDecider, command, { org_id: orgId, actor: command.actor.id }, occurredAt);
  }
}

@CommandHandler(AddNoteCommand)
export class AddNoteHandler extends NoteWriter implements ICommandHandler<AddNoteCommand> {
  async execute({ caller, body }: AddNoteCommand): Promise<NoteView> {
    // A note belongs to a live code of the caller's organisation: a deleted code takes no more notes.
    const { orgId, actor, codeName } = await this.actorOwning(caller, body.code_id, codeNotFound());
    const noteId = randomUUID();
    const at = new Date();
    const decided = await this.decide(noteId, orgId, { type: 'AddNote', actor, note_id: noteId, code_id: body.code_id, org_id: orgId, text: body.text }, at);
    const { code_id, org_id, text, added_by } = decidedEvent(decided, 'NoteAdded').data;
    return { id: noteId, code_id, org_id, text, created_by: added_by, created_at: at.toISOString(), code_name: codeName };
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
