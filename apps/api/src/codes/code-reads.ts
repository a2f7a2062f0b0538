import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type CodeContent, type CodeStatus, type QrDesign } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

/** A code as other contexts may read it: no scan counts, no views. */
export interface CodeSummary {
  code_id: string;
  org_id: string;
  name: string;
  type: CodeContent['type'];
  status: CodeStatus;
  content: CodeContent;
  design: QrDesign;
}

/** What a code of another tenant, a deleted one or an unknown one answers. */
export const codeNotFound = () => new DomainError('code_not_found', 'No such code.');

const SELECT_SUMMARY = 'SELECT code_id, org_id, name, type, status, content, design FROM codes';

/**
 * The codes read model as other contexts see it. Only the codes projection and the codes context
 * touch the `codes` table with SQL; every other context asks here, so the table can change shape
 * without them. "Live" leaves deleted codes out.
 */
@Injectable()
export class CodeReads {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** The organisation that owns the code, deleted or not (undefined: no such code). */
  async ownerOf(codeId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM codes WHERE code_id = $1', [codeId]);
    return rows[0]?.org_id;
  }

  /** The code, deleted or not. */
  async find(codeId: string): Promise<CodeSummary | undefined> {
    const { rows } = await this.db.query<CodeSummary>(`${SELECT_SUMMARY} WHERE code_id = $1`, [codeId]);
    return rows[0];
  }

  /** The code unless it is deleted. */
  async live(codeId: string): Promise<CodeSummary | undefined> {
    const { rows } = await this.db.query<CodeSummary>(`${SELECT_SUMMARY} WHERE code_id = $1 AND status <> 'deleted'`, [codeId]);
    return rows[0];
  }

  /** The names of the organisation's live codes, by id; given `codeIds`, of those among them. */
  async liveNames(orgId: string, codeIds?: readonly string[]): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ code_id: string; name: string }>(
      `SELECT code_id, name FROM codes WHERE org_id = $1 AND status <> 'deleted' AND ($2::text[] IS NULL OR code_id = ANY($2::text[]))`,
      [orgId, codeIds ?? null],
    );
    return new Map(rows.map((row) => [row.code_id, row.name]));
  }

  /** The folder each of the organisation's live codes among `codeIds` is in (null: none); others are missing. */
  async liveFolders(orgId: string, codeIds: readonly string[]): Promise<Map<string, string | null>> {
    const { rows } = await this.db.query<{ code_id: string; folder_id: string | null }>(
      `SELECT code_id, folder_id FROM codes WHERE code_id = ANY($1::text[]) AND org_id = $2 AND status <> 'deleted'`,
      [codeIds, orgId],
    );
    return new Map(rows.map((row) => [row.code_id, row.folder_id]));
  }

  /** How many live codes each folder holds; a folder with none is missing. */
  async liveCountsByFolder(folderIds: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ folder_id: string; count: string | number }>(
      `SELECT folder_id, count(*) AS count FROM codes WHERE folder_id = ANY($1::text[]) AND status <> 'deleted' GROUP BY folder_id`,
      [folderIds],
    );
    return new Map(rows.map((row) => [row.folder_id, Number(row.count)]));
  }
}
