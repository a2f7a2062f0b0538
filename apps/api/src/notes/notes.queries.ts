import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListNotesQuery, NoteListView, NoteView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { codeNotFound, CodeReads } from '../codes';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

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
  created_by: string;
  created_at: Date;
}

const SELECT_NOTES = 'SELECT note_id AS id, code_id, org_id, text, created_by, created_at FROM notes';

const toNoteView = (row: NoteRow, codeName: string): NoteView => ({ ...row, code_name: codeName, created_at: new Date(row.created_at).toISOString() });

/** Reading notes needs only membership, which the tenancy gate checks (every role may read codes). A deleted code hides its notes. */
@QueryHandler(ListNotes)
export class ListNotesHandler implements IQueryHandler<ListNotes> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
  ) {}

  async execute({ caller, query }: ListNotes): Promise<NoteListView> {
    const { orgId, codeNames } = await this.listed(caller, query);
    const where = 'org_id = $1 AND code_id = ANY($2::text[])';
    const params = [orgId, [...codeNames.keys()]];
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.query<NoteRow>(`${SELECT_NOTES} WHERE ${where} ORDER BY created_at DESC, note_id LIMIT $3 OFFSET $4`, [
        ...params,
        query.per_page,
        (query.page - 1) * query.per_page,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM notes WHERE ${where}`, params),
    ]);
    return {
      items: rows.map((row) => toNoteView(row, codeNames.get(row.code_id)!)),
      page: query.page,
      per_page: query.per_page,
      total: Number(counted[0]?.total ?? 0),
    };
  }

  /**
   * Whose notes are listed, once the caller is known to belong there: the organisation's, or the live
   * code's; with the names of the live codes whose notes may show.
   */
  private async listed(caller: Caller, query: ListNotesQuery): Promise<{ orgId: string; codeNames: Map<string, string> }> {
    if (query.code_id === undefined) {
      // The contract takes exactly one of org_id and code_id.
      const orgId = query.org_id!;
      await this.gate.roleIn(caller, orgId);
      return { orgId, codeNames: await this.codes.liveNames(orgId) };
    }
    const code = await this.codes.live(query.code_id);
    const { orgId } = await this.gate.actorOwning(caller, code?.org_id, codeNotFound());
    return { orgId, codeNames: new Map([[code!.code_id, code!.name]]) };
  }
}
