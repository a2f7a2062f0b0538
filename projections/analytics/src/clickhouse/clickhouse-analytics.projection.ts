import type { AnalyticsDimension } from '@qr/contracts';
import type { AnalyticsEventRecorded, FormSubmitted, GamePlayed, ScanRecorded, VoteCast, WallPhotoSubmitted } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import { ANALYTICS_EVENT_TYPES, UNKNOWN_VALUE, type RollupDimension } from '../analytics.projection';
import { CLICKHOUSE_ANALYTICS_VERSION, literal, type ClickHouseAnalyticsStore } from './clickhouse-analytics.store';

/**
 * The analytics rollups on ClickHouse (DESIGN.md §4, §5): the same figures as the `analytics`
 * projection, for the same events, from tables ClickHouse aggregates itself.
 *
 * It runs in the projection runner like any projection, but its output is not in the runner's SQL
 * transaction, which only keeps its checkpoint. A batch written to ClickHouse whose checkpoint then
 * failed to commit (a crash, a lost connection) comes again: the sink drops the events ClickHouse
 * already holds, by event id, before inserting, so redelivery changes no figure. A batch ClickHouse
 * refuses (server down) throws: the checkpoint stays, and the runner retries the batch until the
 * server is back, so an outage pauses this projection and loses nothing.
 */

/** One row of the raw table: what the event counts, and its breakdown values. */
export interface EventRow {
  event_id: string;
  org_id: string;
  code: string;
  at: string;
  is_scan: number;
  is_qr_scan: number;
  is_link_visit: number;
  is_bot: number;
  is_submission: number;
  is_vote: number;
  is_upload: number;
  is_play: number;
  is_event: number;
  visitor_key: string;
  dimension_names: RollupDimension[];
  dimension_values: string[];
}

/** Ids per existence check: a statement's text is limited to 256 KiB by default. */
const CHECK_CHUNK = 2_000;

/** `YYYY-MM-DD hh:mm:ss` in UTC, the DateTime text every ClickHouse release reads. */
const dateTimeText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** A scan's breakdown values, in the order the rows list them. */
const SCAN_DIMENSIONS: readonly [AnalyticsDimension, keyof ScanRecorded['data']][] = [
  ['countries', 'country'],
  ['cities', 'city'],
  ['devices', 'device'],
  ['os', 'os'],
  ['browsers', 'browser'],
  ['referrers', 'referrer'],
  ['languages', 'language'],
];

/**
 * A row counting nothing yet, which the caller then marks. A replay makes a million of these: one
 * object of a fixed shape per event, rather than spreads of a base, kept a rebuild's JavaScript
 * and garbage collection down.
 */
function emptyRow(event: RecordedEvent, org_id: string, code: string): EventRow {
  return {
    event_id: event.id,
    org_id,
    code,
    at: dateTimeText(event.occurredAt),
    is_scan: 0,
    is_qr_scan: 0,
    is_link_visit: 0,
    is_bot: 0,
    is_submission: 0,
    is_vote: 0,
    is_upload: 0,
    is_play: 0,
    is_event: 0,
    visitor_key: '',
    dimension_names: [],
    dimension_values: [],
  };
}

function rowOf(event: RecordedEvent): EventRow | null {
  switch (event.type) {
    case 'ScanRecorded': {
      const scan = event.data as ScanRecorded['data'];
      const row = emptyRow(event, scan.org_id, scan.code_id);
      // Bots are counted apart and left out of everything else.
      if (scan.bot) {
        row.is_bot = 1;
        return row;
      }
      for (const [dimension, field] of SCAN_DIMENSIONS) {
        const value = scan[field] as string | null | undefined;
        // As in the Postgres rollups: cities only when known, other unknowns as ''.
        if (dimension === 'cities' && value == null) continue;
        row.dimension_names.push(dimension);
        row.dimension_values.push(value ?? UNKNOWN_VALUE);
      }
      row.is_scan = 1;
      if (scan.source === 'qr') row.is_qr_scan = 1;
      else row.is_link_visit = 1;
      row.visitor_key = scan.visitor;
      return row;
    }
    case 'FormSubmitted': {
      const { org_id, code_id } = event.data as FormSubmitted['data'];
      const row = emptyRow(event, org_id, code_id);
      row.is_submission = 1;
      return row;
    }
    case 'VoteCast': {
      // As in the Postgres rollups: a changed vote is not another vote.
      const vote = event.data as VoteCast['data'];
      if (vote.replaced !== null) return null;
      const row = emptyRow(event, vote.org_id, vote.code_id);
      row.is_vote = 1;
      return row;
    }
    case 'WallPhotoSubmitted': {
      const { org_id, code_id } = event.data as WallPhotoSubmitted['data'];
      const row = emptyRow(event, org_id, code_id);
      row.is_upload = 1;
      return row;
    }
    case 'GamePlayed': {
      const { org_id, code_id } = event.data as GamePlayed['data'];
      const row = emptyRow(event, org_id, code_id);
      row.is_play = 1;
      return row;
    }
    case 'AnalyticsEventRecorded': {
      const recorded = event.data as AnalyticsEventRecorded['data'];
      if (recorded.bot) return null;
      const row = emptyRow(event, recorded.org_id, recorded.code_id);
      row.is_event = 1;
      row.dimension_names.push('events');
      row.dimension_values.push(recorded.name);
      return row;
    }
    default:
      return null;
  }
}

/** The ids among `events` that ClickHouse already holds (a batch delivered before whose checkpoint was lost). */
async function alreadyStored(store: ClickHouseAnalyticsStore, rows: EventRow[]): Promise<Set<string>> {
  const stored = new Set<string>();
  // A replay into new tables, or a batch newer than anything stored, finds nothing in its time span:
  // one short query then spares the id lists of every chunk, several for each of a replay's batches.
  // A batch of one chunk is checked at once, as the probe would only add a round trip.
  if (rows.length > CHECK_CHUNK && !(await anyStoredWithin(store, timeSpan(rows)))) return stored;
  for (let start = 0; start < rows.length; start += CHECK_CHUNK) {
    const chunk = rows.slice(start, start + CHECK_CHUNK);
    const [first, last] = timeSpan(chunk);
    const found = await store.rows<{ event_id: string }>(
      `SELECT event_id FROM ${store.table('events')}
        WHERE ${withinSpan(first, last)} AND event_id IN (${chunk.map((row) => literal(row.event_id)).join(', ')})`,
    );
    for (const row of found) stored.add(row.event_id);
  }
  return stored;
}

/** The earliest and latest time of `rows`: the text form sorts as time does. */
function timeSpan(rows: readonly EventRow[]): [string, string] {
  let [first, last] = [rows[0]!.at, rows[0]!.at];
  for (const { at } of rows) {
    if (at < first) first = at;
    if (at > last) last = at;
  }
  return [first, last];
}

/** The raw table is ordered by time, so a span narrows the read to its parts and granules. */
const withinSpan = (first: string, last: string) => `at >= toDateTime(${literal(first)}, 'UTC') AND at <= toDateTime(${literal(last)}, 'UTC')`;

async function anyStoredWithin(store: ClickHouseAnalyticsStore, [first, last]: [string, string]): Promise<boolean> {
  const [row] = await store.rows<{ found: number | string }>(
    `SELECT count() AS found FROM (SELECT 1 FROM ${store.table('events')} WHERE ${withinSpan(first, last)} LIMIT 1)`,
  );
  return Number(row?.found ?? 0) > 0;
}

/** The raw table's rows for `events`: one per event that counts (a bot's custom event and other types do not). */
export function clickhouseEventRows(events: readonly RecordedEvent[]): EventRow[] {
  const rows: EventRow[] = [];
  for (const event of events) {
    const row = rowOf(event);
    if (row) rows.push(row);
  }
  return rows;
}

export function clickhouseAnalytics(store: ClickHouseAnalyticsStore): Projection {
  return {
    name: 'analytics-clickhouse',
    version: CLICKHOUSE_ANALYTICS_VERSION,
    eventTypes: ANALYTICS_EVENT_TYPES,
    wakeDelayMs: 250,
    // One row per event, deduplicated by id; ClickHouse sums and takes minima itself: order changes nothing.
    partitionSafe: true,
    // Its tables are in ClickHouse; the runner keeps only its checkpoint.
    tables: {},
    async handle(events) {
      const counted = clickhouseEventRows(events);
      if (counted.length === 0) return;
      await store.ready();
      const stored = await alreadyStored(store, counted);
      const values = stored.size === 0 ? counted : counted.filter((row) => !stored.has(row.event_id));
      if (values.length === 0) return;
      // One insert per batch: ClickHouse wants few large blocks, and the views aggregate each block.
      await store.insert(store.table('events'), values);
    },
  };
}
