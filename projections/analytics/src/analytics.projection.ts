import { hash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AnalyticsDimension } from '@qr/contracts';
import type { AnalyticsEventRecorded, EventType, FormSubmitted, GamePlayed, ScanRecorded, VoteCast, WallPhotoSubmitted } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

/**
 * The analytics rollups (DESIGN.md §5): counts per organisation, code and UTC hour, so a query for
 * any period in any zone sums hourly rows instead of scanning events. Every fact is counted twice:
 * under its code and under the code id '' (the whole organisation), so an organisation's dashboard
 * reads one key however many codes it has, and its unique visitors are distinct across its codes.
 *
 * Breakdowns are kept per UTC day, under both scopes, and per hour as facets: one row per code, hour
 * and combination of breakdown values, with a count. A year's query sums whole days and reads the
 * facets only at its two ragged ends (a local day rarely starts at a UTC midnight). Facets cost a
 * replay about one row a scan where a row per dimension cost seven; the whole organisation's ragged
 * ends sum its codes' facets, at most two days of them.
 *
 * Unique visitors: the visitor hash changes every UTC day, so a visitor is counted once per UTC day
 * (in the hour of their first scan that day) per scope; `analytics_visitors` remembers who was seen:
 * a row per visitor and day, keyed by a 64-bit digest of (organisation, day, visitor), with their
 * first hour in the organisation and in each code they scanned. One row for every scope keeps the
 * busiest table of a replay well under a row a scan, where a row per scope took more. A collision,
 * which would merge two visitors for one day, becomes likely only once the table holds billions of
 * rows. (Putting the day in the key's high bits, for index locality, gained nothing.)
 * Bots are counted apart and left out of everything else.
 */

/** The breakdowns' dimensions, as the contract names them, plus custom events by name. */
export type RollupDimension = AnalyticsDimension | 'events';

/** The events both analytics sinks count. */
export const ANALYTICS_EVENT_TYPES: readonly EventType[] = [
  'ScanRecorded',
  'FormSubmitted',
  'VoteCast',
  'WallPhotoSubmitted',
  'GamePlayed',
  'AnalyticsEventRecorded',
];

/** The scope of the organisation as a whole. */
export const WHOLE_ORGANIZATION = '';
/** How an unknown value (no referrer, no country source) is stored: primary keys cannot hold null. */
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
  votes: number;
  uploads: number;
  plays: number;
  events: number;
}
type Measure = Exclude<keyof HourlyCounts, 'org' | 'code' | 'hour'>;

const MEASURES: readonly Measure[] = ['scans', 'qr_scans', 'link_visits', 'bots', 'unique_visitors', 'submissions', 'votes', 'uploads', 'plays', 'events'];
/** The first 64 bits of the text's SHA-256 as a signed bigint; by way of hex, which costs a third of reading a Buffer's BigInt. */
const digest64 = (text: string): string => BigInt.asIntN(64, BigInt(`0x${hash('sha256', text, 'hex').slice(0, 16)}`)).toString();

/** Each breakdown's column in the facets table, in the order a facet lists its values. */
export const FACET_COLUMNS = {
  countries: 'country',
  cities: 'city',
  devices: 'device',
  os: 'os',
  browsers: 'browser',
  referrers: 'referrer',
  languages: 'language',
  events: 'event',
} as const satisfies Record<RollupDimension, string>;
const FACET_DIMENSIONS = Object.keys(FACET_COLUMNS) as RollupDimension[];

/**
 * A fact's value in every breakdown, in `FACET_COLUMNS` order: null where the breakdown does not
 * count it (a scan has no event name, an event no device), UNKNOWN_VALUE where it counts as unknown.
 */
type Facet = (string | null)[];

/** A visitor's first hour of a UTC day in the organisation and in each code. */
interface VisitorDay {
  org: string;
  hour: number;
  codes: Map<string, number>;
}

/** A scope's day of breakdowns: per dimension (in `FACET_COLUMNS` order), each value's count. */
interface DailyCounts {
  org: string;
  code: string;
  day: number;
  values: Map<string, number>[];
}

interface FacetCount {
  org: string;
  code: string;
  hour: number;
  facet: Facet;
  /** The facet's digest: the facets table's key, narrower than eight text columns. */
  digest: string;
  count: number;
}

/** One batch's counts, summed in memory so a busy batch is a handful of statements. */
class BatchRollup {
  readonly hourly = new Map<string, HourlyCounts>();
  readonly facets = new Map<string, FacetCount>();
  /** The digest of (org, UTC day, visitor) -> their first hours in this batch. */
  readonly visitors = new Map<string, VisitorDay>();
  private readonly digests = new Map<string, string>();

  /** Counts a fact under its code and the whole organisation, in one measure or two (a scan and its source). */
  count(org: string, code: string, hour: number, measure: Measure, also?: Measure): void {
    for (const row of [this.row(org, code, hour), this.row(org, WHOLE_ORGANIZATION, hour)]) {
      row[measure] += 1;
      if (also) row[also] += 1;
    }
  }

  /** One scope's hour; a delta may be negative (a visitor's first hour moved earlier). */
  add(org: string, code: string, hour: number, measure: Measure, delta: number): void {
    this.row(org, code, hour)[measure] += delta;
  }

  private row(org: string, code: string, hour: number): HourlyCounts {
    const id = `${org}\u0000${code}\u0000${hour}`;
    let row = this.hourly.get(id);
    if (!row) {
      row = { org, code, hour, scans: 0, qr_scans: 0, link_visits: 0, bots: 0, unique_visitors: 0, submissions: 0, votes: 0, uploads: 0, plays: 0, events: 0 };
      this.hourly.set(id, row);
    }
    return row;
  }

  facet(org: string, code: string, hour: number, facet: Facet): void {
    // '\u0001' stands for null: no breakdown value is a control character.
    const values = facet.map((value) => value ?? '\u0001').join('\u0000');
    const id = `${org}\u0000${code}\u0000${hour}\u0000${values}`;
    const counted = this.facets.get(id);
    if (counted) {
      counted.count += 1;
      return;
    }
    let digest = this.digests.get(values);
    if (digest === undefined) this.digests.set(values, (digest = digest64(values)));
    this.facets.set(id, { org, code, hour, facet, digest, count: 1 });
  }

  visitor(org: string, code: string, hour: number, visitor: string): void {
    const id = digest64(`${org}\u0000${Math.floor(hour / DAY_MS)}\u0000${visitor}`);
    const seen = this.visitors.get(id);
    if (!seen) {
      this.visitors.set(id, { org, hour, codes: new Map([[code, hour]]) });
      return;
    }
    // Events of a batch come in log order, which is not always time order.
    seen.hour = Math.min(seen.hour, hour);
    seen.codes.set(code, Math.min(seen.codes.get(code) ?? hour, hour));
  }

  /** The daily breakdowns under both scopes, summed from the batch's facets. */
  daily(): DailyCounts[] {
    // Keyed by scope and day, then by dimension and value: no key string is built per facet and dimension.
    const days = new Map<string, DailyCounts>();
    const dayOf = (org: string, code: string, day: number) => {
      const id = `${org}\u0000${code}\u0000${day}`;
      let counts = days.get(id);
      if (!counts) days.set(id, (counts = { org, code, day, values: FACET_DIMENSIONS.map(() => new Map<string, number>()) }));
      return counts;
    };
    for (const { org, code, hour, facet, count } of this.facets.values()) {
      const day = Math.floor(hour / DAY_MS) * DAY_MS;
      for (const counts of [dayOf(org, code, day), dayOf(org, WHOLE_ORGANIZATION, day)]) {
        for (let i = 0; i < facet.length; i++) {
          const value = facet[i];
          if (value === null || value === undefined) continue;
          const values = counts.values[i]!;
          values.set(value, (values.get(value) ?? 0) + count);
        }
      }
    }
    return [...days.values()];
  }
}

const orUnknown = (value: string | null | undefined): string => value ?? UNKNOWN_VALUE;

/**
 * Events summed between turns of the event loop when a batch is prepared. A wake of a busy scan
 * path holds a couple of thousand scans; summed in one stretch they would hold up every scan answer
 * for as long, in slices the answers go out between them.
 */
const ROLLUP_SLICE = 250;

/** The batch summed in memory, in slices (see ROLLUP_SLICE). */
async function rollUpInSlices(events: readonly RecordedEvent[]): Promise<BatchRollup> {
  const rollup = new BatchRollup();
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % ROLLUP_SLICE === 0) await nextTurn();
    rollUp(rollup, events[i]!);
  }
  return rollup;
}

function rollUp(rollup: BatchRollup, event: RecordedEvent): void {
  const hour = Math.floor(event.occurredAt.getTime() / HOUR_MS) * HOUR_MS;
  switch (event.type) {
    case 'ScanRecorded': {
      const scan = event.data as ScanRecorded['data'];
      if (scan.bot) return rollup.count(scan.org_id, scan.code_id, hour, 'bots');
      rollup.count(scan.org_id, scan.code_id, hour, 'scans', scan.source === 'qr' ? 'qr_scans' : 'link_visits');
      // In FACET_COLUMNS order. No city source exists yet: an always-unknown city would only fill the breakdown.
      const facet = [
        orUnknown(scan.country),
        scan.city ?? null,
        orUnknown(scan.device),
        orUnknown(scan.os),
        orUnknown(scan.browser),
        orUnknown(scan.referrer),
        orUnknown(scan.language),
        null,
      ];
      rollup.facet(scan.org_id, scan.code_id, hour, facet);
      return rollup.visitor(scan.org_id, scan.code_id, hour, scan.visitor);
    }
    case 'FormSubmitted': {
      const { org_id, code_id } = event.data as FormSubmitted['data'];
      return rollup.count(org_id, code_id, hour, 'submissions');
    }
    case 'VoteCast': {
      // A changed vote replaces the voter's earlier one in the round: only a voter's first ballot of a round is a vote.
      const vote = event.data as VoteCast['data'];
      if (vote.replaced !== null) return;
      return rollup.count(vote.org_id, vote.code_id, hour, 'votes');
    }
    case 'WallPhotoSubmitted': {
      const { org_id, code_id } = event.data as WallPhotoSubmitted['data'];
      return rollup.count(org_id, code_id, hour, 'uploads');
    }
    case 'GamePlayed': {
      const { org_id, code_id } = event.data as GamePlayed['data'];
      return rollup.count(org_id, code_id, hour, 'plays');
    }
    case 'AnalyticsEventRecorded': {
      const recorded = event.data as AnalyticsEventRecorded['data'];
      if (recorded.bot) return;
      rollup.count(recorded.org_id, recorded.code_id, hour, 'events');
      return rollup.facet(recorded.org_id, recorded.code_id, hour, [null, null, null, null, null, null, null, recorded.name]);
    }
  }
}

type Transaction = Parameters<Projection['handle']>[1]['tx'];

async function upsertDaily(tx: Transaction, table: string, days: DailyCounts[]): Promise<void> {
  const columns: [string[], string[], number[], string[], string[], number[]] = [[], [], [], [], [], []];
  for (const { org, code, day, values } of days) {
    values.forEach((counts, i) => {
      for (const [value, count] of counts) {
        columns[0].push(org);
        columns[1].push(code);
        columns[2].push(day / 1000);
        columns[3].push(FACET_DIMENSIONS[i]!);
        columns[4].push(value);
        columns[5].push(count);
      }
    });
  }
  if (columns[0].length === 0) return;
  await tx.query(
    `INSERT INTO ${table} AS d (org_id, code_id, day, dimension, value, count)
       SELECT u.org, u.code, to_timestamp(u.at), u.dimension, u.value, u.count
         FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[]) AS u(org, code, at, dimension, value, count)
     ON CONFLICT (org_id, code_id, day, dimension, value) DO UPDATE SET count = d.count + excluded.count`,
    columns,
    { statementName: `${table}_add` },
  );
}

const FACET_COLUMN_NAMES = Object.values(FACET_COLUMNS);

async function upsertFacets(tx: Transaction, table: string, facets: FacetCount[]): Promise<void> {
  if (facets.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} AS f (org_id, hour, code_id, digest, ${FACET_COLUMN_NAMES.join(', ')}, count)
       SELECT u.org, to_timestamp(u.at), u.code, u.digest, ${FACET_COLUMN_NAMES.map((column) => `u.${column}`).join(', ')}, u.count
         FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], ${FACET_COLUMN_NAMES.map((_, i) => `$${i + 5}::text[]`).join(', ')}, $${FACET_COLUMN_NAMES.length + 5}::bigint[])
           AS u(org, at, code, digest, ${FACET_COLUMN_NAMES.join(', ')}, count)
     ON CONFLICT (org_id, hour, code_id, digest) DO UPDATE SET count = f.count + excluded.count`,
    [
      facets.map((f) => f.org),
      facets.map((f) => f.hour / 1000),
      facets.map((f) => f.code),
      facets.map((f) => f.digest),
      ...FACET_COLUMN_NAMES.map((_, i) => facets.map((f) => f.facet[i])),
      facets.map((f) => f.count),
    ],
    { statementName: `${table}_add` },
  );
}

/**
 * Records each visitor's first hour of the UTC day, in the organisation and in each code, and counts
 * them there. Events reach the projection in log order, not clock order, so a later batch can hold an
 * earlier scan of a visitor already counted: the count then moves to the earlier hour. The result
 * depends on the events only, never on how they were cut into batches, so a rebuild gives what live
 * processing gave.
 */
async function countFirstVisits(tx: SqlExecutor, table: string, rollup: BatchRollup): Promise<void> {
  // Codes and their hours travel space-separated (code ids hold no space): an array parameter per row would need a 2-D array.
  const columns = (days: [string, VisitorDay][]) => [
    days.map(([seen]) => seen),
    days.map(([, day]) => day.hour / 1000),
    days.map(([, day]) => [...day.codes.keys()].join(' ')),
    days.map(([, day]) => [...day.codes.values()].map((hour) => hour / 1000).join(' ')),
  ];
  const unnested = `unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS u(seen, hour, codes, code_hours)`;

  // Most visitors are new that day: one insert finds them. The rest were seen in an earlier batch.
  const candidates = [...rollup.visitors];
  const { rows: inserted } = await tx.query<{ seen: string }>(
    `INSERT INTO ${table} (seen, hour, codes, code_hours) SELECT u.seen, u.hour, string_to_array(u.codes, ' '), string_to_array(u.code_hours, ' ')::bigint[] FROM ${unnested} ON CONFLICT DO NOTHING RETURNING seen`,
    columns(candidates),
    { statementName: `${table}_first` },
  );
  const isNew = new Set<string>();
  for (const { seen } of inserted) {
    const day = rollup.visitors.get(seen)!;
    rollup.add(day.org, WHOLE_ORGANIZATION, day.hour, 'unique_visitors', 1);
    for (const [code, hour] of day.codes) rollup.add(day.org, code, hour, 'unique_visitors', 1);
    isNew.add(seen);
  }
  if (inserted.length === candidates.length) return;

  const { rows: stored } = await tx.query<{ seen: string; hour: string; codes: string[]; code_hours: string[] }>(
    `SELECT seen, hour, codes, code_hours FROM ${table} WHERE seen = ANY($1::bigint[])`,
    [candidates.filter(([seen]) => !isNew.has(seen)).map(([seen]) => seen)],
    { statementName: `${table}_seen` },
  );
  const changed: [string, VisitorDay][] = [];
  for (const row of stored) {
    const batch = rollup.visitors.get(row.seen)!;
    const merged: VisitorDay = {
      org: batch.org,
      hour: Number(row.hour) * 1000,
      codes: new Map(row.codes.map((code, i) => [code, Number(row.code_hours[i]) * 1000])),
    };
    let moved = false;
    /** The scope's first hour after this batch; a count moves when the batch holds an earlier scan. */
    const firstHour = (code: string, counted: number | undefined, hour: number): number => {
      if (counted !== undefined && counted <= hour) return counted;
      if (counted !== undefined) rollup.add(batch.org, code, counted, 'unique_visitors', -1);
      rollup.add(batch.org, code, hour, 'unique_visitors', 1);
      moved = true;
      return hour;
    };
    merged.hour = firstHour(WHOLE_ORGANIZATION, merged.hour, batch.hour);
    for (const [code, hour] of batch.codes) merged.codes.set(code, firstHour(code, merged.codes.get(code), hour));
    if (moved) changed.push([row.seen, merged]);
  }
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE ${table} AS v SET hour = u.hour, codes = string_to_array(u.codes, ' '), code_hours = string_to_array(u.code_hours, ' ')::bigint[]
       FROM ${unnested} WHERE v.seen = u.seen`,
    columns(changed),
    { statementName: `${table}_earlier` },
  );
}

export const analytics: Projection<BatchRollup> = {
  name: 'analytics',
  // 6: games' plays are counted; a generation built before has no column for them and is rebuilt.
  version: 6,
  eventTypes: ANALYTICS_EVENT_TYPES,
  // Dashboards a quarter of a second behind cost nobody anything; fed by the scan path, it saves transactions.
  wakeDelayMs: 250,
  // Sums per hour, day and facet, and each visitor's earliest hour (a minimum): the log's order across streams changes nothing.
  partitionSafe: true,
  tables: {
    analytics_hourly: (table) => [
      `CREATE TABLE ${table} (org_id text NOT NULL, code_id text NOT NULL, hour timestamptz NOT NULL,
         ${MEASURES.map((measure) => `${measure} bigint NOT NULL`).join(', ')},
         PRIMARY KEY (org_id, code_id, hour))`,
    ],
    // The key leads with the hour: the whole organisation's ragged ends read every code's facets of a few hours.
    analytics_facets_hourly: (table) => [
      `CREATE TABLE ${table} (org_id text NOT NULL, hour timestamptz NOT NULL, code_id text NOT NULL, digest bigint NOT NULL,
         ${FACET_COLUMN_NAMES.map((column) => `${column} text`).join(', ')}, count bigint NOT NULL,
         PRIMARY KEY (org_id, hour, code_id, digest))`,
    ],
    analytics_dimensions_daily: (table) => [
      `CREATE TABLE ${table} (org_id text NOT NULL, code_id text NOT NULL, day timestamptz NOT NULL, dimension text NOT NULL, value text NOT NULL, count bigint NOT NULL,
         PRIMARY KEY (org_id, code_id, day, dimension, value))`,
    ],
    // Hours as epoch seconds; `code_hours[i]` is the first hour in `codes[i]`.
    analytics_visitors: (table) => [
      `CREATE TABLE ${table} (seen bigint PRIMARY KEY, hour bigint NOT NULL, codes text[] NOT NULL, code_hours bigint[] NOT NULL)`,
    ],
  },
  prepare: rollUpInSlices,
  async handle(events, { tx, table }, prepared) {
    const rollup = prepared ?? (await rollUpInSlices(events));

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
    await upsertFacets(tx, table('analytics_facets_hourly'), [...rollup.facets.values()]);
    await upsertDaily(tx, table('analytics_dimensions_daily'), rollup.daily());
  },
};
