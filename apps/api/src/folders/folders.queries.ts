import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type FolderView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { CodeStream } from '../codes/codes.handlers';
import type { Caller } from '../identity/caller';
import { SQL_CLIENT } from '../infrastructure';

export class GetFolder extends Query<FolderView> {
  constructor(
    readonly caller: Caller,
    readonly folderId: string,
  ) {
    super();
  }
}

/** Spec §7 "get folders": the organisation's folders by name, each with how many codes it holds. */
export class ListFolders extends Query<FolderView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

interface FolderRow {
  folder_id: string;
  org_id: string;
  name: string;
  code_count: string | number;
  created_at: Date;
  updated_at: Date;
}

// Deleted codes keep their folder_id (a deleted code changes nothing else) but are not counted.
const SELECT_FOLDERS = `SELECT f.folder_id, f.org_id, f.name, f.created_at, f.updated_at,
    (SELECT count(*) FROM codes c WHERE c.folder_id = f.folder_id AND c.status <> 'deleted') AS code_count
  FROM folders f`;

const toFolderView = (row: FolderRow): FolderView => ({
  folder_id: row.folder_id,
  org_id: row.org_id,
  name: row.name,
  code_count: Number(row.code_count),
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** Reading folders needs only membership, which `CodeStream` checks (every role may read codes). */
abstract class FolderReader {
  constructor(
    @Inject(SQL_CLIENT) protected readonly db: SqlClient,
    protected readonly codes: CodeStream,
  ) {}
}

@QueryHandler(GetFolder)
export class GetFolderHandler extends FolderReader implements IQueryHandler<GetFolder> {
  async execute({ caller, folderId }: GetFolder): Promise<FolderView> {
    const { rows } = await this.db.query<FolderRow>(`${SELECT_FOLDERS} WHERE f.folder_id = $1`, [folderId]);
    await this.codes.actorOwning(caller, rows[0]?.org_id, new DomainError('folder_not_found', 'No such folder.'));
    return toFolderView(rows[0]!);
  }
}

@QueryHandler(ListFolders)
export class ListFoldersHandler extends FolderReader implements IQueryHandler<ListFolders> {
  async execute({ caller, orgId }: ListFolders): Promise<FolderView[]> {
    await this.codes.actorFor(caller, orgId);
    const { rows } = await this.db.query<FolderRow>(`${SELECT_FOLDERS} WHERE f.org_id = $1 ORDER BY lower(f.name), f.folder_id`, [orgId]);
    return rows.map(toFolderView);
  }
}
