import { Readable } from 'node:stream';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LOYALTY_CSV_COLUMNS } from '@qr/contracts';
import { Base64Encoder, csvLine } from '../customers';
import { datedStem, type NamedCsvExport } from '../http/named-csv-export';
import { type Caller, OrganizationReads } from '../identity';
import { LoyaltyAccess } from './loyalty-access';
import { LoyaltyReads } from './loyalty-reads';

/** The programme's members as CSV (LOYALTY_CSV_COLUMNS), saved as `name_date.csv` like the promo export. */
export class ExportLoyaltyMembers extends Query<NamedCsvExport> {
  constructor(
    readonly caller: Caller,
    readonly programmeId: string,
  ) {
    super();
  }
}

/** Members read per query: a page stays well under a megabyte, whatever the programme's size. */
const CSV_PAGE_SIZE = 2000;

/**
 * Streams like the customers and promo exports: keyset pages in card order, one read ahead at
 * most, base64 as it goes. The row count announced is the programme's member count when the export
 * began; members who join meanwhile may still come along, as their cards fall in the order.
 */
@QueryHandler(ExportLoyaltyMembers)
export class ExportLoyaltyMembersHandler implements IQueryHandler<ExportLoyaltyMembers> {
  constructor(
    private readonly access: LoyaltyAccess,
    private readonly reads: LoyaltyReads,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ caller, programmeId }: ExportLoyaltyMembers): Promise<NamedCsvExport> {
    const programme = await this.access.exporter(caller, programmeId);
    const stem = datedStem(programme.terms.name, await this.organizations.timeZoneOf(programme.org_id));
    const lines = Readable.from(memberLines(this.reads, programmeId), { highWaterMark: 1 });
    return { rows: programme.members, stem, body: lines.pipe(new Base64Encoder()) };
  }
}

async function* memberLines(reads: LoyaltyReads, programmeId: string): AsyncGenerator<string> {
  yield csvLine(LOYALTY_CSV_COLUMNS);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const members = await reads.memberPage(programmeId, after, CSV_PAGE_SIZE);
    if (members.length === 0) return;
    yield members.map((member) => csvLine(LOYALTY_CSV_COLUMNS.map((column) => member[column]))).join('');
    after = members.at(-1)!.card_id;
  }
}
