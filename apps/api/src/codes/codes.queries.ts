import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  CODE_TYPE_LABELS,
  CODE_TYPES,
  CodeStatus,
  DomainError,
  type CodeListView,
  type CodeNameView,
  type CodeView,
  type ListCodesQuery,
  type QrDesign,
} from '@qr/contracts';
import { likePattern, type Config, type SqlClient } from '@qr/platform';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import { GetFolder } from '../folders';
import { type Caller, TenancyGate } from '../identity';
import { codeNotFound } from './code-reads';
import { SELECT_CODES, toCodeView, type CodeRow } from './code-views';

export class GetCode extends Query<CodeView> {
  constructor(
    readonly caller: Caller,
    readonly codeId: string,
  ) {
    super();
  }
}

export class ListCodes extends Query<CodeListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListCodesQuery,
  ) {
    super();
  }
}

export class ListCodeNames extends Query<CodeNameView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

/** Codes derived from a base code (clones and one-time codes record it as `base_code_id`); `orgId`, if given, must own it. */
export class ListChildCodes extends Query<CodeView[]> {
  constructor(
    readonly caller: Caller,
    readonly codeId: string,
    readonly orgId?: string,
  ) {
    super();
  }
}

/** What a live code's public image is drawn from. */
export interface PublicCodeDesign {
  orgId: string;
  codeId: string;
  design: QrDesign;
}

/**
 * An active code's design, for its image on the share page: asked by nobody in particular, since
 * the printed code shows it to anyone. A paused, deleted or unknown code is not found.
 */
export class GetPublicCodeDesign extends Query<PublicCodeDesign> {
  constructor(readonly codeId: string) {
    super();
  }
}

@QueryHandler(GetPublicCodeDesign)
export class GetPublicCodeDesignHandler implements IQueryHandler<GetPublicCodeDesign> {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  async execute({ codeId }: GetPublicCodeDesign): Promise<PublicCodeDesign> {
    const { rows } = await this.db.query<{ org_id: string; design: QrDesign }>(`SELECT org_id, design FROM codes WHERE code_id = $1 AND status = 'active'`, [
      codeId,
    ]);
    const row = rows[0];
    if (!row) throw codeNotFound();
    return { orgId: row.org_id, codeId, design: row.design };
  }
}

/** Reading codes needs only membership: every role may read (permissions.ts, `codes.read`). */
abstract class CodeReader {
  constructor(
    @Inject(SQL_CLIENT) protected readonly db: SqlClient,
    @Inject(CONFIG) protected readonly config: Config,
    protected readonly gate: TenancyGate,
    protected readonly queries: QueryBus,
  ) {}

  /** A live code the caller can see; deleted ones and other tenants' answer as unknown. */
  protected async visibleCode(caller: Caller, codeId: string): Promise<CodeRow> {
    const { rows } = await this.db.query<CodeRow>(`${SELECT_CODES} WHERE c.code_id = $1 AND c.status <> 'deleted'`, [codeId]);
    await this.gate.actorOwning(caller, rows[0]?.org_id, codeNotFound());
    return rows[0]!;
  }
}

@QueryHandler(GetCode)
export class GetCodeHandler extends CodeReader implements IQueryHandler<GetCode> {
  async execute({ caller, codeId }: GetCode): Promise<CodeView> {
    return toCodeView(await this.visibleCode(caller, codeId), this.config.PUBLIC_URL);
  }
}

/** What a filter finds among the words a code's row shows besides its name: its type, as stored or as labelled, and its status. */
function wordsMatching(filter: string): { types: string[]; statuses: string[] } {
  const text = filter.toLowerCase();
  return {
    types: CODE_TYPES.filter((type) => type.includes(text) || CODE_TYPE_LABELS[type].toLowerCase().includes(text)),
    statuses: CodeStatus.options.filter((status) => status.includes(text)),
  };
}

@QueryHandler(ListCodes)
export class ListCodesHandler extends CodeReader implements IQueryHandler<ListCodes> {
  async execute({ caller, query }: ListCodes): Promise<CodeListView> {
    await this.gate.roleIn(caller, query.org_id);
    // As `/folders/{id}/codes` answers: another tenant's or a removed folder is not found, rather than empty.
    if (query.folder_id !== undefined && query.folder_id !== 'none') {
      const folder = await this.queries.execute(new GetFolder(caller, query.folder_id));
      if (folder.org_id !== query.org_id) throw new DomainError('folder_not_found', 'No such folder in this organisation.');
    }
    // Deleted codes are listed only when asked for by status.
    const where = `c.org_id = $1
      AND (CASE WHEN $2::text IS NULL THEN c.status <> 'deleted' ELSE c.status = $2 END)
      AND ($3::text IS NULL OR c.type = $3)
      AND ($4::text IS NULL OR c.name ILIKE $5 OR c.type = ANY($7::text[]) OR c.status = ANY($8::text[]))
      AND (CASE WHEN $6::text IS NULL THEN true WHEN $6 = 'none' THEN c.folder_id IS NULL ELSE c.folder_id = $6 END)`;
    const { types, statuses } = wordsMatching(query.filter ?? '');
    const params = [
      query.org_id,
      query.status ?? null,
      query.type ?? null,
      query.filter || null,
      likePattern(query.filter ?? ''),
      query.folder_id ?? null,
      types,
      statuses,
    ];
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.query<CodeRow>(`${SELECT_CODES} WHERE ${where} ORDER BY c.created_at DESC, c.code_id LIMIT $9 OFFSET $10`, [
        ...params,
        query.per_page,
        (query.page - 1) * query.per_page,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM codes c WHERE ${where}`, params),
    ]);
    return {
      items: rows.map((row) => toCodeView(row, this.config.PUBLIC_URL)),
      page: query.page,
      per_page: query.per_page,
      total: Number(counted[0]?.total ?? 0),
    };
  }
}

@QueryHandler(ListCodeNames)
export class ListCodeNamesHandler extends CodeReader implements IQueryHandler<ListCodeNames> {
  async execute({ caller, orgId }: ListCodeNames): Promise<CodeNameView[]> {
    await this.gate.roleIn(caller, orgId);
    const { rows } = await this.db.query<CodeNameView>(
      `SELECT code_id, code_id AS id, name FROM codes WHERE org_id = $1 AND status <> 'deleted' ORDER BY name, code_id`,
      [orgId],
    );
    return rows;
  }
}

@QueryHandler(ListChildCodes)
export class ListChildCodesHandler extends CodeReader implements IQueryHandler<ListChildCodes> {
  async execute({ caller, codeId, orgId }: ListChildCodes): Promise<CodeView[]> {
    const base = await this.visibleCode(caller, codeId);
    // Answered as for any code id of another tenant, so naming an organisation tells nothing about its codes.
    if (orgId !== undefined && orgId !== base.org_id) throw codeNotFound();
    const { rows } = await this.db.query<CodeRow>(
      `${SELECT_CODES} WHERE c.base_code_id = $1 AND c.org_id = $2 AND c.status <> 'deleted' ORDER BY c.created_at, c.code_id`,
      [base.code_id, base.org_id],
    );
    return rows.map((row) => toCodeView(row, this.config.PUBLIC_URL));
  }
}
