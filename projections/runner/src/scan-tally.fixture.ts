import type { Projection } from '@qr/eventstore';

/**
 * A small read model used by the runner's tests and the replay benchmark: scans per code. It
 * aggregates each batch in memory and writes one multi-row upsert, as real projections should.
 */
export const scanTally: Projection = {
  name: 'scan_tally',
  version: 1,
  eventTypes: ['ScanRecorded'],
  tables: {
    scan_tally: (table) => [`CREATE TABLE ${table} (code_id text PRIMARY KEY, scans bigint NOT NULL, last_position bigint NOT NULL)`],
  },
  async handle(events, { tx, table }) {
    const tally = new Map<string, { scans: number; last: number }>();
    for (const event of events) {
      const { code_id } = event.data as { code_id: string };
      const entry = tally.get(code_id) ?? { scans: 0, last: 0 };
      tally.set(code_id, { scans: entry.scans + 1, last: event.globalPosition });
    }
    await tx.query(
      `INSERT INTO ${table('scan_tally')} (code_id, scans, last_position)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
       ON CONFLICT (code_id) DO UPDATE
         SET scans = ${table('scan_tally')}.scans + excluded.scans, last_position = excluded.last_position`,
      [[...tally.keys()], [...tally.values()].map((t) => t.scans), [...tally.values()].map((t) => t.last)],
    );
  },
};
