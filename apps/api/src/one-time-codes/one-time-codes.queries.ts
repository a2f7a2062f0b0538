import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListOneTimeCodesQuery, OneTimeBatchListView, OneTimeBatchView, OneTimeCodeListView, OneTimeCodeView } from '@qr/contracts';
import type { Config, SqlClient } from '@qr/platform';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import type { Caller } from '../identity';
import { GetCode, publicLinkOf, qrUrlOf } from '../codes';
import { OneTimeBatches, toBatchView } from './one-time-batches';

export class ListOneTimeBatches extends Query<OneTimeBatchListView> {
  constructor(
    readonly caller: Caller,
    readonly baseCodeId: string,
  ) {
    super();
  }
}

export class GetOneTimeBatch extends Query<OneTimeBatchView> {
  constructor(
    readonly caller: Caller,
    readonly batchId: string,
  ) {
    super();
  }
}

export class ListOneTimeCodes extends Query<OneTimeCodeListView> {
  constructor(
    readonly caller: Caller,
    readonly batchId: string,
    readonly query: ListOneTimeCodesQuery,
  ) {
    super();
  }
}

export interface OneTimeCodeRow {
  code_id: string;
  ordinal: number;
  used_at: Date | null;
}

export function toOneTimeCodeView(row: OneTimeCodeRow, publicUrl: string): OneTimeCodeView {
  return {
    code_id: row.code_id,
    public_link: publicLinkOf(publicUrl, row.code_id),
    qr_url: qrUrlOf(publicUrl, row.code_id),
    used: row.used_at !== null,
    used_at: row.used_at && new Date(row.used_at).toISOString(),
  };
}

@QueryHandler(ListOneTimeBatches)
export class ListOneTimeBatchesHandler implements IQueryHandler<ListOneTimeBatches> {
  constructor(
    private readonly queries: QueryBus,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, baseCodeId }: ListOneTimeBatches): Promise<OneTimeBatchListView> {
    // Checks the caller may see the base code (another tenant's is not found).
    const base = await this.queries.execute(new GetCode(caller, baseCodeId));
    return (await this.batches.ofBaseCode(base.code_id, base.org_id)).map(toBatchView);
  }
}

@QueryHandler(GetOneTimeBatch)
export class GetOneTimeBatchHandler implements IQueryHandler<GetOneTimeBatch> {
  constructor(private readonly batches: OneTimeBatches) {}

  async execute({ caller, batchId }: GetOneTimeBatch): Promise<OneTimeBatchView> {
    return toBatchView(await this.batches.visible(caller, batchId));
  }
}

@QueryHandler(ListOneTimeCodes)
export class ListOneTimeCodesHandler implements IQueryHandler<ListOneTimeCodes> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, batchId, query }: ListOneTimeCodes): Promise<OneTimeCodeListView> {
    await this.batches.visible(caller, batchId);
    const where = `batch_id = $1 AND ($2::boolean IS NULL OR (used_at IS NOT NULL) = $2)`;
    const used = query.used === undefined ? null : query.used === 'true';
    const [{ rows }, { rows: counted }] = await Promise.all([
      this.db.query<OneTimeCodeRow>(`SELECT code_id, ordinal, used_at FROM one_time_codes WHERE ${where} ORDER BY ordinal LIMIT $3 OFFSET $4`, [
        batchId,
        used,
        query.per_page,
        (query.page - 1) * query.per_page,
      ]),
      this.db.query<{ total: string | number }>(`SELECT count(*) AS total FROM one_time_codes WHERE ${where}`, [batchId, used]),
    ]);
    return {
      items: rows.map((row) => toOneTimeCodeView(row, this.config.PUBLIC_URL)),
      page: query.page,
      per_page: query.per_page,
      total: Number(counted[0]?.total ?? 0),
    };
  }
}
