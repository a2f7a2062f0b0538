import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type ListNotesQuery, type NoteListView, type NoteView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { CodeStream } from '../codes/codes.handlers';
import type { Caller } from '../identity/caller';
import { SQL_CLIENT } from '../infrastructure';

export class GetNote extends Query<NoteView> {
  constructor(
    readonly caller: Caller,
    readonly noteId: string,
  ) {
    super();
  }
}

/** Spec §7 "get QR notes" (one code's) and "get all notes" (the organisation's), newest first. */
export class ListNotes extends Query<NoteListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListNotesQuery,
  ) {
    super();
  }
}

interface NoteRow {
  id: string;
  code_id: string;
  org_id: string;
  text: string;
  code_name: string;
  created_by: string;
  created_at: Date;
}

// A deleted code hides its notes.
const SELECT_NOTES = `SELECT n.note_id AS id, n.code_id, n.org_id, n.text, c.name AS code_name, n.created_by, n.created_at
  FROM notes n JOIN codes c ON c.code_id = n.code_id AND c.org_id = n.org_id AND c.status <> 'deleted'`;

const toNoteView = (row: NoteRow): NoteView => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/** Reading notes needs only membership, which `CodeStream.actorOwning` checks (every role may read codes). */
abstract class NoteReader {
  constructor(
    @Inject(SQL_CLIENT) protected readonly db: SqlClient,
    protected readonly codes: CodeStream,
  ) {}
}

@QueryHandler(GetNote)
export class GetNoteHandler extends NoteReader implements IQueryHandler<GetNote> {
  async execute({ caller, noteId }: GetNote): Promise<NoteView> {
    const { rows } = await this.db.query<NoteRow>(`${SELECT_NOTES} WHERE n.note_id = $1`, [noteId]);
    await this.codes.actorOwning(caller, rows[0]?.org_id, new DomainError('note_not_found', 'No such note.'));
    return toNoteView(rows[0]!);
  }
}

@QueryHandler(ListNotes)
export class ListNotesHandler extends NoteReader implements IQueryHandler<ListNotes> {
  async execute({ caller, query }: ListNotes): Promise<NoteListView> {
    const orgId = await this.organizationListed(caller, query);
    const where = `n.org_id = $1 AND ($2::text IS NULL OR n.code_id = $2)`;
    const params = [orgId, query.code_id ?? null];
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.query<NoteRow>(`${SELECT_NOTES} WHERE ${where} ORDER BY n.created_at DESC, n.note_id LIMIT $3 OFFSET $4`, [
        ...params,
        query.per_page,
        (query.page - 1) * query.per_page,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM (${SELECT_NOTES} WHERE ${where}) AS listed`, params),
    ]);
    return { items: rows.map(toNoteView), page: query.page, per_page: query.per_page, total: Number(counted[0]?.total ?? 0) };
  }

  /** Whose notes are listed, once the caller is known to belong there: the organisation's, or the live code's. */
  private async organizationListed(caller: Caller, query: ListNotesQuery): Promise<string> {
    if (query.code_id === undefined) {
      // The contract takes exactly one of org_id and code_id.
      const orgId = query.org_id!;
      await this.codes.actorFor(caller, orgId);
      return orgId;
    }
    const { rows } = await this.db.query<{ org_id: string }>(`SELECT org_id FROM codes WHERE code_id = $1 AND status <> 'deleted'`, [query.code_id]);
    return (await this.codes.actorOwning(caller, rows[0]?.org_id, new DomainError('code_not_found', 'No such code.'))).orgId;
  }
}
