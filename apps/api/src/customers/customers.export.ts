import { Readable, Transform, type TransformCallback } from 'node:stream';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CUSTOMER_CSV_COLUMNS, type CsvExportBody } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import type { Caller } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { AnalyticsAccess } from '../analytics';
import { CustomerAccess } from './customer-access';
import { CUSTOMER_COLUMNS, toCustomerView, type CustomerRow } from './customers.queries';

/** An export on its way: how many rows, what to call the file, and the body as base64 text. */
export interface CsvExport {
  rows: number;
  fileName: string;
  body: Readable;
}

/** Spec §7 "CSV export" from 'my-codes/customer': the code's customers ('my-codes/one-time-codes' is ExportOneTimeCodesCsv). */
export class ExportCsv extends Query<CsvExport> {
  constructor(
    readonly caller: Caller,
    readonly body: CsvExportBody,
  ) {
    super();
  }
}

/** Rows read per query: the export holds at most this many in memory, whatever its size. */
export const EXPORT_PAGE_SIZE = 1000;

/** A code's customers: those with any interaction through it, read along the interactions' (org, code, customer) index. */
const CODE_CUSTOMERS = 'SELECT DISTINCT customer_id FROM customer_interactions WHERE org_id = $1 AND code_id = $2';

/**
 * Streams the export straight from the read model: keyset pages in customer-id order (the primary
 * key, so each page is an index range, and rows added meanwhile do not shift later pages), each
 * page turned into CSV lines and base64 as it goes. 100,000 customers never sit in memory at once.
 */
@QueryHandler(ExportCsv)
export class ExportCsvHandler implements IQueryHandler<ExportCsv> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: CustomerAccess,
    private readonly analytics: AnalyticsAccess,
  ) {}

  async execute({ caller, body }: ExportCsv): Promise<CsvExport> {
    await this.access.exporter(caller, body.org_id);
    await this.analytics.assertCodeOf(body.org_id, body.code_id);
    const { rows } = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM (${CODE_CUSTOMERS}) k`, [body.org_id, body.code_id]);
    // One page read ahead at most: the default (16 pages) would hold megabytes for a slow client.
    const lines = Readable.from(customerCsvLines(this.db, body.org_id, body.code_id), { highWaterMark: 1 });
    return { rows: Number(rows[0]!.n), fileName: 'interaction_data.csv', body: lines.pipe(new Base64Encoder()) };
  }
}

async function* customerCsvLines(db: SqlClient, orgId: string, codeId: string): AsyncGenerator<string> {
  yield csvLine(CUSTOMER_CSV_COLUMNS);
  let after = '';
  for (;;) {
    const { rows } = await db.query<CustomerRow>(
      `SELECT ${CUSTOMER_COLUMNS} FROM customers NATURAL JOIN (${CODE_CUSTOMERS} AND customer_id > $3 ORDER BY customer_id LIMIT $4) page WHERE org_id = $1 ORDER BY customer_id`,
      [orgId, codeId, after, EXPORT_PAGE_SIZE],
    );
    if (rows.length === 0) return;
    yield rows
      .map((row) => {
        const view = toCustomerView(row);
        return csvLine(CUSTOMER_CSV_COLUMNS.map((column) => view[column]));
      })
      .join('');
    after = rows.at(-1)!.customer_id;
  }
}

/**
 * One RFC 4180 line. Text a visitor typed that starts like a formula is prefixed with a quote, so a
 * spreadsheet shows it rather than runs it (OWASP "CSV injection"). Written here rather than with
 * csv-stringify: these ten lines are all an export of flat rows needs.
 */
export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) && !/^\+\d+$/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Base64 of a byte stream, chunk by chunk: whole 3-byte groups go out at once, the 0–2 left over wait for the next chunk. */
export class Base64Encoder extends Transform {
  private rest = Buffer.alloc(0);

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = Buffer.concat([this.rest, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk]);
    const whole = bytes.length - (bytes.length % 3);
    this.rest = bytes.subarray(whole);
    done(null, whole > 0 ? bytes.subarray(0, whole).toString('base64') : undefined);
  }

  override _flush(done: TransformCallback): void {
    done(null, this.rest.length > 0 ? this.rest.toString('base64') : undefined);
  }
}
