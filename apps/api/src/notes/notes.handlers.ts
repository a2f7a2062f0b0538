import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type AddNoteBody } from '@qr/contracts';
import { noteDecider, noteStreamId, type CodeActor, type NoteCommand } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { CodeStream } from '../codes/codes.handlers';
import { decideOnStream } from '../decide-on-stream';
import type { Caller } from '../identity/caller';
import { EVENT_STORE, SQL_CLIENT } from '../infrastructure';

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

/** The write path of note streams: a note's organisation is its code's. */
abstract class NoteWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly codes: CodeStream,
  ) {}

  /** The caller in the organisation `sql` finds for `id`; nothing found, or someone outside it, hears `notFound`. */
  protected async actorOwning(caller: Caller, sql: string, id: string, notFound: DomainError): Promise<{ orgId: string; actor: CodeActor }> {
    const { rows } = await this.db.query<{ org_id: string }>(sql, [id]);
    return this.codes.actorOwning(caller, rows[0]?.org_id, notFound);
  }

  /** Load, fold, decide, append on `note-<id>`. */
  protected async decide(noteId: string, orgId: string, command: NoteCommand): Promise<void> {
    await decideOnStream(this.store, noteStreamId(noteId), noteDecider, command, { org_id: orgId, actor: command.actor.id });
  }
}

@CommandHandler(AddNoteCommand)
export class AddNoteHandler extends NoteWriter implements ICommandHandler<AddNoteCommand> {
  async execute({ caller, body }: AddNoteCommand): Promise<string> {
    // A note belongs to a live code of the caller's organisation: a deleted code takes no more notes.
    const { orgId, actor } = await this.actorOwning(
      caller,
      `SELECT org_id FROM codes WHERE code_id = $1 AND status <> 'deleted'`,
      body.code_id,
      new DomainError('code_not_found', 'No such code.'),
    );
    const noteId = randomUUID();
    await this.decide(noteId, orgId, { type: 'AddNote', actor, note_id: noteId, code_id: body.code_id, org_id: orgId, text: body.text });
    return noteId;
  }
}

@CommandHandler(DeleteNoteCommand)
export class DeleteNoteHandler extends NoteWriter implements ICommandHandler<DeleteNoteCommand> {
  async execute({ caller, noteId }: DeleteNoteCommand): Promise<void> {
    // A deleted code's notes are hidden, so they cannot be reached to delete either.
    const { orgId, actor } = await this.actorOwning(
      caller,
      `SELECT n.org_id FROM notes n JOIN codes c ON c.code_id = n.code_id AND c.status <> 'deleted' WHERE n.note_id = $1`,
      noteId,
      new DomainError('note_not_found', 'No such note.'),
    );
    await this.decide(noteId, orgId, { type: 'DeleteNote', actor });
  }
}
