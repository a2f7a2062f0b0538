import { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROMO_CSV_COLUMNS } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { Base64Encoder, csvLine } from '../customers';
import { datedStem, type NamedCsvExport } from '../http/named-csv-export';
import type { Caller } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { PromoReadAccess } from './promo-read-access';

/** Spec §7 "promo export": every validation of the campaign, redeemed or refused, with its evidence. */
export class ExportPromoCsv extends Query<NamedCsvExport> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
  ) {
    super();
  }
}

/** Rows read per query: about 120 bytes each, so a page is well under a megabyte (as the one-time codes export's). */
const CSV_PAGE_SIZE = 5000;

/**
 * Streams like the customers and one-time codes exports: keyset pages in log order, one read ahead
 * at most, base64 as it goes. The export ends at the last validation there was when it began, so the
 * row count it announces (for the progress bar) is the number of rows it sends. The file is
 * `name_date.csv` (spec §7): the campaign's name and today's date, year-month-day, in the
 * organisation's zone.
 */
@QueryHandler(ExportPromoCsv)
export class ExportPromoCsvHandler implements IQueryHandler<ExportPromoCsv> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: PromoReadAccess,
  ) {}

  async execute({ caller, campaignId }: ExportPromoCsv): Promise<NamedCsvExport> {
    const campaign = await this.access.exporter(caller, campaignId);
    // One statement: the last position and the count of the same snapshot, the count from the hourly sums.
    const { rows } = await this.db.query<{ last: string | null; n: string | null }>(
      `SELECT (SELECT max(position) FROM promo_validations WHERE campaign_id = $1) AS last,
              (SELECT sum(count) FROM promo_validations_hourly WHERE campaign_id = $1) AS n`,
      [campaignId],
    );
    const stem = datedStem(campaign.name, await this.access.timeZoneOf(campaign.org_id));
    const lines = Readable.from(promoCsvLines(this.db, campaignId, rows[0]?.last ?? '0'), { highWaterMark: 1 });
    return { rows: Number(rows[0]?.n ?? 0), stem, body: lines.pipe(new Base64Encoder()) };
  }
}

interface ValidationRow {
  position: string;
  at: Date;
  promo_code: string;
  outcome: string;
  reason: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  key_name: string | null;
}

/** The header, then the campaign's validations oldest first up to `last`, along the (campaign_id, position) index. */
async function* promoCsvLines(db: SqlClient, campaignId: string, last: string): AsyncGenerator<string> {
  yield csvLine(PROMO_CSV_COLUMNS);
  let after = '0';
  for (;;) {
    const { rows } = await db.query<ValidationRow>(
      `SELECT v.position, v.at, v.promo_code, v.outcome, v.reason, v.latitude, v.longitude, v.accuracy_m, v.distance_m, k.name AS key_name
         FROM promo_validations v LEFT JOIN promo_master_keys k ON k.key_id = v.master_key_id
        WHERE v.campaign_id = $1 AND v.position > $2 AND v.position <= $3 ORDER BY v.position LIMIT $4`,
      [campaignId, after, last, CSV_PAGE_SIZE],
    );
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvLine([row.at.toISOString(), row.promo_code, row.outcome, row.reason, row.latitude, row.longitude, row.accuracy_m, row.distance_m, row.key_name]),
      )
      .join('');
    after = rows.at(-1)!.position;
  }
}
