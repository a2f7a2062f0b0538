import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type FolderView } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { CodeReads } from '../codes';
import { type Caller, TenancyGate } from '../identity';
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
  created_at: Date;
  updated_at: Date;
}

const SELECT_FOLDERS = 'SELECT f.folder_id, f.org_id, f.name, f.created_at, f.updated_at FROM folders f';

/** Reading folders needs only membership, which the tenancy gate checks (every role may read codes). */
abstract class FolderReader {
  constructor(
    @Inject(SQL_CLIENT) protected readonly db: SqlClient,
    protected readonly gate: TenancyGate,
    private readonly codes: CodeReads,
  ) {}

  /** The folders with how many codes each holds: deleted codes keep their folder (a deleted code changes nothing else) but are not counted. */
  protected async views(rows: readonly FolderRow[]): Promise<FolderView[]> {
    const counts = await this.codes.liveCountsByFolder(rows.map((row) => row.folder_id));
    return rows.map((row) => ({
      folder_id: row.folder_id,
      org_id: row.org_id,
      name: row.name,
      code_count: counts.get(row.folder_id) ?? 0,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    }));
  }
}

@QueryHandler(GetFolder)
export class GetFolderHandler extends FolderReader implements IQueryHandler<GetFolder> {
  async execute({ caller, folderId }: GetFolder): Promise<FolderView> {
    const { rows } = await this.db.query<FolderRow>(`${SELECT_FOLDERS} WHERE f.folder_id = $1`, [folderId]);
    await this.gate.actorOwning(caller, rows[0]?.org_id, new DomainError('folder_not_found', 'No such folder.'));
    const [view] = await this.views(rows);
    return view!;
  }
}

@QueryHandler(ListFolders)
export class ListFoldersHandler extends FolderReader implements IQueryHandler<ListFolders> {
  async execute({ caller, orgId }: ListFolders): Promise<FolderView[]> {
    await this.gate.roleIn(caller, orgId);
    const { rows } = await this.db.query<FolderRow>(`${SELECT_FOLDERS} WHERE f.org_id = $1 ORDER BY lower(f.name), f.folder_id`, [orgId]);
    return this.views(rows);
  }
}
