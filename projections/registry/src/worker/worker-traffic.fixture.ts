import {
  analyticsEventsStreamId,
  pollStreamId,
  scanStreamId,
  submissionsStreamId,
  wallPhotoStreamId,
  type AnalyticsEventRecorded,
  type FormSubmitted,
  type ScanRecorded,
  type VoteCast,
  type WallPhotoSubmitted,
} from '@qr/domain';
import { PostgresEventStore, type EventStore, type NewEvent, type Projection } from '@qr/eventstore';
import { createLogger, type SqlExecutor } from '@qr/platform';
import { seededRandom, type TestAdapter } from '@qr/platform/testing';
import { ProjectionRunner } from '@qr/projections-runner';

/** One event and the stream it is appended to. */
export interface Appended {
  streamId: string;
  event: NewEvent;
}

const ORGS = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b2'];
const CODES = ['CODEAAAAA1', 'CODEBBBBB2', 'CODECCCCC3', 'CODEDDDDD4', 'CODEEEEEE5'];
const START = Date.parse('2026-03-02T06:00:00Z');

/**
 * Scans, submissions, votes, uploads and custom events over two organisations, five codes (scan streams sharded
 * as the scan path shards them) and two days, with visitors that come back to several codes and
 * scans whose times run against the log's order: what makes the analytics' first-visit hours move.
 */
export function analyticsTraffic(count: number, seed = 1): Appended[] {
  const next = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const traffic: Appended[] = [];
  for (let i = 0; i < count; i++) {
    const codeIndex = Math.floor(next() * CODES.length);
    const code = CODES[codeIndex]!;
    const org = ORGS[codeIndex % ORGS.length]!;
    const occurredAt = new Date(START + Math.floor(next() * 48 * 3_600_000));
    const kind = next();
    if (kind < 0.8) {
      const data: ScanRecorded['data'] = {
        code_id: code,
        org_id: org,
        source: next() < 0.7 ? 'qr' : 'link',
        device: pick(['mobile', 'tablet', 'desktop', 'other'] as const),
        os: pick(['iOS 18', 'Android 15', null]),
        browser: pick(['Mobile Safari 18', 'Chrome 140', null]),
        referrer: pick([null, 'https://news.example']),
        language: pick(['de-DE', 'en-GB', null]),
        country: pick(['DE', 'FR', null]),
        visitor: `visitor-${Math.floor(next() * 25)}`,
        bot: next() < 0.05,
      };
      traffic.push({ streamId: scanStreamId(code, Math.floor(next() * 4)), event: { type: 'ScanRecorded', data, occurredAt } });
    } else if (kind < 0.86) {
      const data: FormSubmitted['data'] = {
        submission_id: `submission-${i}`,
        page_id: `page-${code}`,
        code_id: code,
        org_id: org,
        person: 'p',
        sealed_answers: '',
      };
      traffic.push({ streamId: submissionsStreamId(`page-${code}`), event: { type: 'FormSubmitted', data, occurredAt } });
    } else if (kind < 0.88) {
      // One poll per code; some votes change an earlier one, which analytics does not count again.
      const ballot = { choices: [pick(['yes', 'no'])], rating: null, words: [] };
      const data: VoteCast['data'] = {
        voter: `voter-${i}`,
        round: 1,
        ballot,
        replaced: next() < 0.3 ? { ...ballot, choices: ['maybe'] } : null,
        org_id: org,
        code_id: code,
        at: occurredAt.toISOString(),
      };
      traffic.push({ streamId: pollStreamId(`00000000-0000-4000-8000-00000000010${codeIndex}`), event: { type: 'VoteCast', data, occurredAt } });
    } else if (kind < 0.9) {
      const photoId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const data: WallPhotoSubmitted['data'] = {
        photo_id: photoId,
        wall_id: `00000000-0000-4000-8000-00000000020${codeIndex}`,
        org_id: org,
        code_id: code,
        blob_id: `blob-${i}`,
        width: 640,
        height: 480,
        caption: '',
        nsfw: { scores: { drawing: 0, hentai: 0, neutral: 1, porn: 0, sexy: 0 }, nsfw: 0, model: 'test' },
        flagged: false,
        status: 'approved',
        submitter: 'v',
        at: occurredAt.toISOString(),
      };
      traffic.push({ streamId: wallPhotoStreamId(photoId), event: { type: 'WallPhotoSubmitted', data, occurredAt } });
    } else {
      const data: AnalyticsEventRecorded['data'] = {
        org_id: org,
        code_id: code,
        page_id: null,
        name: pick(['click', 'share']),
        target: null,
        visitor: 'v',
        bot: next() < 0.1,
      };
      traffic.push({ streamId: analyticsEventsStreamId(code, Math.floor(next() * 4)), event: { type: 'AnalyticsEventRecorded', data, occurredAt } });
    }
  }
  return traffic;
}

/** How many of `traffic`'s scans the code list counts: people's, not bots'. */
export const countedScans = (traffic: readonly Appended[]): number =>
  traffic.filter(({ event }) => event.type === 'ScanRecorded' && !(event.data as ScanRecorded['data']).bot).length;

/** Appends `traffic` in groups of up to `perAppend` streams' events, one transaction each, as the batching appender does. */
export async function appendTraffic(store: EventStore, traffic: readonly Appended[], perAppend = 7): Promise<void> {
  for (let start = 0; start < traffic.length; start += perAppend) {
    await store.appendMany(traffic.slice(start, start + perAppend).map(({ streamId, event }) => ({ streamId, expectedVersion: 'any', events: [event] })));
  }
}

/**
 * Every figure the partition-safe Postgres projections hold, through the views queries read. A
 * visitor's codes are listed in the order the projection first met them, which is no figure: they
 * are sorted here with their hours.
 */
export async function projectedFigures(db: SqlExecutor) {
  const dump = async (sql: string) => (await db.query(sql)).rows;
  const visitors = (await db.query<{ seen: string; hour: string; codes: string[]; code_hours: string[] }>('SELECT * FROM analytics_visitors ORDER BY seen'))
    .rows;
  return {
    hourly: await dump('SELECT * FROM analytics_hourly ORDER BY org_id, code_id, hour'),
    facetsHourly: await dump('SELECT * FROM analytics_facets_hourly ORDER BY org_id, hour, code_id, digest'),
    dimensionsDaily: await dump('SELECT * FROM analytics_dimensions_daily ORDER BY org_id, code_id, day, dimension, value'),
    visitors: visitors.map(({ seen, hour, codes, code_hours }) => ({
      seen,
      hour,
      codes: codes.map((code, i) => `${code}@${code_hours[i]}`).sort(),
    })),
    scanCounts: await dump('SELECT * FROM scan_counts ORDER BY code_id'),
  };
}

/** What the in-process runner makes of the same events with `projections`, on a database of its own. */
export async function referenceFigures(adapter: TestAdapter, projections: readonly Projection[], traffic: readonly Appended[]) {
  const { db, close } = await adapter.open();
  const store = new PostgresEventStore(db);
  const runner = new ProjectionRunner(db, store, projections, createLogger('silent'), { batchSize: 500, pollIntervalMs: 20 });
  try {
    await appendTraffic(store, traffic, 50);
    await runner.start();
    await runner.caughtUp(60_000);
    return await projectedFigures(db);
  } finally {
    await runner.stop();
    await close();
  }
}
