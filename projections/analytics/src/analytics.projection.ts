import { createHash } from 'node:crypto';
import type { AnalyticsDimension } from '@qr/contracts';
import type { AnalyticsEventRecorded, FormSubmitted, ScanRecorded } from '@qr/domain';
import type { RecordedEvent } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';
import type { Projection } from '@qr/projections-runner';

/**
 * The analytics rollups (DESIGN.md §5): counts per organisation, code and UTC hour, so a query for
 * any period in any zone sums hourly rows instead of scanning events. Every fact is counted twice:
 * under its code and under the code id '' (the whole organisation), so an organisation's dashboard
 * reads one key however many codes it has, and its unique visitors are distinct across its codes.
 *
 * Breakdowns are kept per hour and per UTC day: a year's query sums whole days and reads hours only
 * at its two ragged ends (a local day rarely starts at a UTC midnight).
 *
 * Unique visitors: the visitor hash changes every UTC day, so a visitor is counted once per UTC day
 * (in the hour of their first scan that day) per scope; `analytics_visitors` remembers who was seen,
 * by a 64-bit digest of (organisation, scope, day, visitor): a narrow key keeps the busiest table of
 * the projection (about 1.5 rows a scan) cheap to write; a collision, which would hide one visitor
 * for one day, becomes likely only once the table holds billions of rows. (Putting the day in the
 * key's high bits, for index locality, measured no faster at 300,000 scans.)
 * Bots are counted apart and left out of everything else.
 */

/** The breakdowns' dimensions, as the contract names them, plus custom events by name. */
export type RollupDimension = AnalyticsDimension | 'events';

/** The scope of the organisation as a whole. */
export const WHOLE_ORGANIZATION = '';
/** How an unknown value (no referrer, no country source) is stored: primary keys can not hold null. */
export const UNKNOWN_VALUE = '';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface HourlyCounts {
  org: string;
  code: string;
  hour: number;
  scans: number;
  qr_scans: number;
  link_visits: number;
  bots: number;
  unique_visitors: number;
  submissions: number;
  events: number;
}
type Measure = Exclude<keyof HourlyCounts, 'org' | 'code' | 'hour'>;

const MEASURES: readonly Measure[] = ['scans', 'qr_scans', 'link_visits', 'bots', 'unique_visitors', 'submissions', 'events'];
const key = (...parts: (string | number)[]) => parts.join('\u0000');

/** One batch's counts, summed in memory so a busy batch is a handful of statements. */
class BatchRollup {
  readonly hourly = new Map<string, HourlyCounts>();
  readonly dimensions = { hourly: new Map<string, number>(), daily: new Map<string, number>() };
  /** The digest of (org, scope, UTC day, visitor) -> the hour of their first scan in this batch. */
  readonly visitors = new Map<string, { org: string; code: string; hour: number }>();

  count(org: string, codeId: string, at: Date, measure: Measure): void {
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    for (const code of [codeId, WHOLE_ORGANIZATION]) this.add(org, code, hour, measure, 1);
  }

  /** One scope's hour; a delta may be negative (a visitor's first hour moved earlier). */
  add(org: string, code: string, hour: number, measure: Measure, delta: number): void {
    const id = key(org, code, hour);
    let row = this.hourly.get(id);
    if (!row) {
      row = { org, code, hour, scans: 0, qr_scans: 0, link_visits: 0, bots: 0, unique_visitors: 0, submissions: 0, events: 0 };
      this.hourly.set(id, row);
    }
    row[measure] += delta;
  }

  dimension(org: string, codeId: string, at: Date, dimension: RollupDimension, value: string | null | undefined): void {
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    const day = Math.floor(hour / DAY_MS) * DAY_MS;
    for (const code of [codeId, WHOLE_ORGANIZATION]) {
      for (const [map, bucket] of [[this.dimensions.hourly, hour], [this.dimensions.daily, day]] as const) {
        const id = key(org, code, bucket, dimension, value ?? UNKNOWN_VALUE);
        map.set(id, (map.get(id) ?? 0) + 1);
      }
    }
  }

  visitor(org: string, codeId: string, at: Date, visitor: string): void {
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    const day = Math.floor(hour / DAY_MS) * DAY_MS;
    for (const code of [codeId, WHOLE_ORGANIZATION]) {
      const id = createHash('sha256').update(key(org, code, day, visitor)).digest().readBigInt64BE(0).toString();
      const seen = this.visitors.get(id);
      // Events of a batch come in log order, which is not always time order.
      if (!seen || seen.hour > hour) this.visitors.set(id, { org, code, hour });
    }
  }
}

function rollUp(rollup: BatchRollup, event: RecordedEvent): void {
  const at = event.occurredAt;
  switch (event.type) {
    case 'ScanRecorded': {
      const scan = event.data as ScanRecorded['data'];
      if (scan.bot) return rollup.count(scan.org_id, scan.code_id, at, 'bots');
      rollup.count(scan.org_id, scan.code_id, at, 'scans');
      rollup.count(scan.org_id, scan.code_id, at, scan.source === 'qr' ? 'qr_scans' : 'link_visits');
      const values: Record<AnalyticsDimension, string | null | undefined> = {
        countries: scan.country,
        cities: scan.city,
        devices: scan.device,
        os: scan.os,
        browsers: scan.browser,
        referrers: scan.referrer,
        languages: scan.language,
      };
      for (const [dimension, value] of Object.entries(values) as [AnalyticsDimension, string | null | undefined][]) {
        // No city source exists yet: an always-unknown city would only fill the table.
        if (dimension === 'cities' && value == null) continue;
        rollup.dimension(scan.org_id, scan.code_id, at, dimension, value);
      }
      return rollup.visitor(scan.org_id, scan.code_id, at, scan.visitor);
    }
    case 'FormSubmitted': {
      const { org_id, code_id } = event.data as FormSubmitted['data'];
      return rollup.count(org_id, code_id, at, 'submissions');
    }
    case 'AnalyticsEventRecorded': {
      const recorded = event.data as AnalyticsEventRecorded['data'];
      if (recorded.bot) return;
      rollup.count(recorded.org_id, recorded.code_id, at, 'events');
      return rollup.dimension(recorded.org_id, recorded.code_id, at, 'events', recorded.name);
    }
  }
}

const dimensionTable = (bucket: 'hour' | 'day') => (table: string) => [
  `CREATE TABLE ${table} (org_id text NOT NULL, code_id text NOT NULL, ${bucket} timestamptz NOT NULL, dimension text NOT NULL, value text NOT NULL, count bigint NOT NULL,
     PRIMARY KEY (org_id, code_id, ${bucket}, dimension, value))`,
];

async function upsertDimensions(tx: Parameters<Projection['handle']>[1]['tx'], table: string, bucket: 'hour' | 'day', counts: Map<string, number>): Promise<void> {
  if (counts.size === 0) return;
  const columns: [string[], string[], number[], string[], string[], number[]] = [[], [], [], [], [], []];
  for (const [id, count] of counts) {
    const [org, code, at, dimension, value] = id.split('\u0000') as [string, string, string, string, string];
    columns[0].push(org);
    columns[1].push(code);
    columns[2].push(Number(at) / 1000);
    columns[3].push(dimension);
    columns[4].push(value);
    columns[5].push(count);
  }
  await tx.query(
    `INSERT INTO ${table} AS d (org_id, code_id, ${bucket}, dimension, value, count)
       SELECT u.org, u.code, to_timestamp(u.at), u.dimension, u.value, u.count
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[]) AS u(org, code, at, dimension, value, count)
     ON CONFLICT (org_id, code_id, ${bucket}, dimension, value) DO UPDATE SET count = d.count + excluded.count`,
    columns,
    { statementName: `${table}_add` },
  );
}

/**
 * Records each visitor's first hour of the UTC day and counts them there. Events reach the
 * projection in log order, not clock order, so a later batch can hold an earlier scan of a visitor
 * already counted: the count then moves to the earlier hour. The result depends on the events only,
 * never on how they were cut into batches, so a rebuild gives what live processing gave.
 */
async function countFirstVisits(tx: SqlExecutor, table: string, rollup: BatchRollup): Promise<void> {
  const candidates = [...rollup.visitors];
  const columns = (list: typeof candidates) => [list.map(([seen]) => seen), list.map(([, c]) => c.hour / 1000)];
  const seen = `(SELECT u.seen, to_timestamp(u.at) AS hour FROM unnest($1::bigint[], $2::bigint[]) AS u(seen, at)) AS s`;
  // Most candidates are new that day: one insert finds them. The rest were seen in an earlier batch.
  const { rows: inserted } = await tx.query<{ seen: string }>(`INSERT INTO ${table} (seen, hour) SELECT * FROM ${seen} ON CONFLICT DO NOTHING RETURNING seen`, columns(candidates), {
    statementName: `${table}_first`,
  });
  const isNew = new Set<string>();
  for (const row of inserted) {
    const first = rollup.visitors.get(row.seen)!;
    rollup.add(first.org, first.code, first.hour, 'unique_visitors', 1);
    isNew.add(row.seen);
  }
  if (inserted.length === candidates.length) return;
  // The subquery reads the row as it was, so `before` is the hour the visitor was counted in until now.
  const { rows: moved } = await tx.query<{ seen: string; before: Date }>(
    `UPDATE ${table} AS v SET hour = earlier.hour
       FROM (SELECT s.seen, s.hour, v0.hour AS before FROM ${seen} JOIN ${table} v0 USING (seen) WHERE s.hour < v0.hour) AS earlier
      WHERE v.seen = earlier.seen RETURNING v.seen, earlier.before`,
    columns(candidates.filter(([id]) => !isNew.has(id))),
    { statementName: `${table}_earlier` },
  );
  for (const row of moved) {
    const first = rollup.visitors.get(row.seen)!;
    rollup.add(first.org, first.code, row.before.getTime(), 'unique_visitors', -1);
    rollup.add(first.org, first.code, first.hour, 'unique_visitors', 1);
  }
}

export const analytics: Projection = {
  name: 'analytics',
  // 2: visitors are kept by digest; a generation built before has other columns and is rebuilt.
  version: 2,
  eventTypes: ['ScanRecorded', 'FormSubmitted', 'AnalyticsEventRecorded'],
  // Dashboards a quarter of a second behind cost nobody anything; fed by the scan path, it saves transactions.
  wakeDelayMs: 250,
  tables: {
    analytics_hourly: (table) => [
      `CREATE TABLE ${table} (org_id text NOT NULL, code_id text NOT NULL, hour timestamptz NOT NULL,
         ${MEASURES.map((measure) => `${measure} bigint NOT NULL`).join(', ')},
         PRIMARY KEY (org_id, code_id, hour))`,
    ],
    analytics_dimensions_hourly: dimensionTable('hour'),
    analytics_dimensions_daily: dimensionTable('day'),
    analytics_visitors: (table) => [`CREATE TABLE ${table} (seen bigint PRIMARY KEY, hour timestamptz NOT NULL)`],
  },
  async handle(events, { tx, table }) {
    const rollup = new BatchRollup();
    for (const event of events) rollUp(rollup, event);

    if (rollup.visitors.size > 0) await countFirstVisits(tx, table('analytics_visitors'), rollup);
    const hourly = [...rollup.hourly.values()];
    if (hourly.length > 0) {
      await tx.query(
        `INSERT INTO ${table('analytics_hourly')} AS h (org_id, code_id, hour, ${MEASURES.join(', ')})
           SELECT u.org, u.code, to_timestamp(u.at), ${MEASURES.map((measure) => `u.${measure}`).join(', ')}
             FROM unnest($1::text[], $2::text[], $3::bigint[], ${MEASURES.map((_, i) => `$${i + 4}::bigint[]`).join(', ')}) AS u(org, code, at, ${MEASURES.join(', ')})
         ON CONFLICT (org_id, code_id, hour) DO UPDATE SET ${MEASURES.map((measure) => `${measure} = h.${measure} + excluded.${measure}`).join(', ')}`,
        [hourly.map((h) => h.org), hourly.map((h) => h.code), hourly.map((h) => h.hour / 1000), ...MEASURES.map((measure) => hourly.map((h) => h[measure]))],
        { statementName: `${table('analytics_hourly')}_add` },
      );
    }
    await upsertDimensions(tx, table('analytics_dimensions_hourly'), 'hour', rollup.dimensions.hourly);
    await upsertDimensions(tx, table('analytics_dimensions_daily'), 'day', rollup.dimensions.daily);
  },
};
