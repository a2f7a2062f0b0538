import { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, ONE_TIME_CODE_CSV_COLUMNS, type OneTimeCodesCsvExportBody } from '@qr/contracts';
import type { Config, SqlClient } from '@qr/platform';
import type { Caller } from '../identity';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import { Base64Encoder, type CsvExport, csvLine } from '../customers';
import { GetCode } from '../codes';
import { batchCodePages } from './batch-code-pages';
import { OneTimeBatches } from './one-time-batches';
import { toOneTimeCodeView } from './one-time-codes.queries';

/** Spec §7 "CSV export" from 'my-codes/one-time-codes': every live one-time code of the base code `code_id`. */
export class ExportOneTimeCodesCsv extends Query<CsvExport> {
  constructor(
    readonly caller: Caller,
    readonly body: OneTimeCodesCsvExportBody,
  ) {
    super();
  }
}

/**
 * Streams like the customers export: batch by batch, oldest first, each in keyset pages,
 * one page read ahead at most. The file is `name_date.csv` (spec §7), the base code's name and
 * today's date as year-month-day. Any member may export: the file holds codes, no personal data.
 */
@QueryHandler(ExportOneTimeCodesCsv)
export class ExportOneTimeCodesCsvHandler implements IQueryHandler<ExportOneTimeCodesCsv> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    private readonly queries: QueryBus,
    private readonly batches: OneTimeBatches,
  ) {}

  async execute({ caller, body }: ExportOneTimeCodesCsv): Promise<CsvExport> {
    const base = await this.queries.execute(new GetCode(caller, body.code_id));
    if (base.org_id !== body.org_id) throw new DomainError('code_not_found', 'No such code.');
    const batches = (await this.batches.ofBaseCode(base.code_id, base.org_id)).reverse();
    const lines = Readable.from(
      oneTimeCodeCsvLines(
        this.db,
        this.config.PUBLIC_URL,
        batches.map((b) => b.batch_id),
      ),
      { highWaterMark: 1 },
    );
    const name = base.name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'one-time-codes';
    return {
      rows: batches.reduce((sum, b) => sum + b.amount, 0),
      fileName: `${name}_${new Date().toISOString().slice(0, 10)}.csv`,
      body: lines.pipe(new Base64Encoder()),
    };
  }
}

/**
 * A CSV page is text of about 170 bytes a row: 5,000 rows (under 1 MB) per query spend the time on
 * rows rather than on PGlite's per-query cost, which dominates smaller pages.
 */
const CSV_PAGE_SIZE = 5000;

/** The export's CSV lines: the header, then each batch's codes in issue order, a page at a time. */
export async function* oneTimeCodeCsvLines(db: SqlClient, publicUrl: string, batchIds: readonly string[]): AsyncGenerator<string> {
  yield csvLine(ONE_TIME_CODE_CSV_COLUMNS);
  for (const batchId of batchIds) {
    for await (const rows of batchCodePages(db, batchId, CSV_PAGE_SIZE)) {
      yield rows
        .map((row) => {
          const view = toOneTimeCodeView(row, publicUrl);
          return csvLine([view.code_id, view.public_link, view.qr_url, String(view.used), view.used_at, batchId]);
        })
        .join('');
    }
  }
}
