import { Readable, Transform, type TransformCallback } from 'node:stream';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CUSTOMER_CSV_COLUMNS, type CustomerCsvExportBody } from '@qr/contracts';
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

/**
 * Spec §7 "CSV export" from 'my-codes/customer': the code's customers, or with no code every customer
 * of the organisation ('my-codes/one-time-codes' is ExportOneTimeCodesCsv).
 */
export class ExportCsv extends Query<CsvExport> {
  constructor(
    readonly caller: Caller,
    readonly body: CustomerCsvExportBody,
  ) {
    super();
  }
}

/** Rows read per query: the export holds at most this many in memory, whatever its size. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Which customers an export holds, as a query of their ids with its parameters: a code's are those
 * with any interaction through it, read along the interactions' (org, code, customer) index; the
 * organisation's are its rows of the customers read model, along their primary key. Both are
 * confined to the organisation the caller was checked against.
 */
function exportedCustomers(orgId: string, codeId: string | undefined): { ids: string; params: string[] } {
  return codeId
    ? { ids: 'SELECT DISTINCT customer_id FROM customer_interactions WHERE org_id = $1 AND code_id = $2', params: [orgId, codeId] }
    : { ids: 'SELECT customer_id FROM customers WHERE org_id = $1', params: [orgId] };
}

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
    if (body.code_id) await this.analytics.assertCodeOf(body.org_id, body.code_id);
    const customers = exportedCustomers(body.org_id, body.code_id);
    const { rows } = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM (${customers.ids}) k`, customers.params);
    // One page read ahead at most: the default (16 pages) would hold megabytes for a slow client.
    const lines = Readable.from(customerCsvLines(this.db, body.org_id, customers), { highWaterMark: 1 });
    return { rows: Number(rows[0]!.n), fileName: 'interaction_data.csv', body: lines.pipe(new Base64Encoder()) };
  }
}

async function* customerCsvLines(db: SqlClient, orgId: string, { ids, params }: { ids: string; params: string[] }): AsyncGenerator<string> {
  yield csvLine(CUSTOMER_CSV_COLUMNS);
  const [after, limit] = [`$${params.length + 1}`, `$${params.length + 2}`];
  let last = '';
  for (;;) {
    const { rows } = await db.query<CustomerRow>(
      `SELECT ${CUSTOMER_COLUMNS} FROM customers NATURAL JOIN (${ids} AND customer_id > ${after} ORDER BY customer_id LIMIT ${limit}) page WHERE org_id = $1 ORDER BY customer_id`,
      [...params, last, EXPORT_PAGE_SIZE],
    );
    if (rows.length === 0) return;
    yield rows
      .map((row) => {
        const view = toCustomerView(row);
        return csvLine(CUSTOMER_CSV_COLUMNS.map((column) => view[column]));
      })
      .join('');
    last = rows.at(-1)!.customer_id;
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
