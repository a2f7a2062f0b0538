import { randomUUID } from 'node:crypto';
import { ANALYTICS_PERIODS } from '@qr/contracts';
import {
  analyticsEventsStreamId,
  gameStreamId,
  periodWindow,
  pollStreamId,
  scanStreamId,
  submissionsStreamId,
  wallPhotoStreamId,
  type PeriodWindow,
} from '@qr/domain';
import { START, type NewEvent, type Projection, type RecordedEvent } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { analytics, AnalyticsRollups, type AnalyticsReader, type AnalyticsScope } from '../index';
import { clickhouseAnalytics } from './clickhouse-analytics.projection';
import { ClickHouseAnalyticsReader } from './clickhouse-analytics.reader';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics.store';
import { clickhouseServerUrl, openTestClickHouse, type TestClickHouse } from '../testing/test-clickhouse';

/**
 * The analytics contract: the same events give the same figures from the Postgres sink and the
 * ClickHouse sink, for every period the spec lists, in several zones, and for custom ranges; a
 * redelivered batch changes nothing; a ClickHouse outage pauses the sink and loses nothing.
 */

// Each test has organisations of its own: the suite shares one ClickHouse database.
let ORG = '';
let OTHER_ORG = '';
const CODES = ['AAAAAAAAA1', 'BBBBBBBBB1', 'CCCCCCCCC1'];
const NOW = new Date('2026-11-25T10:30:00Z');
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];

/** Deterministic "random" (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A year of activity, busiest in the last days (so every period has data), across DST changes,
 * with bots, unknown values, cities for some scans, submissions, votes (some of them changed votes),
 * uploads, games' plays and custom events; appended in an
 * order that is not the clock's, as a log can be.
 */
function fixture(seed = 7): [string, NewEvent][] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const events: [string, NewEvent][] = [];
  const start = new Date('2025-10-20T00:00:00Z').getTime();
  for (let i = 0; i < 700; i++) {
    // Half of the events in the last ten days, half spread over the year.
    const span = i % 2 === 0 ? NOW.getTime() - start : 10 * 86_400_000;
    const at = new Date(NOW.getTime() - Math.floor(next() * span));
    const org = i % 23 === 0 ? OTHER_ORG : ORG;
    const code = pick(CODES);
    const roll = next();
    if (roll < 0.8) {
      events.push([
        scanStreamId(code, i % 4),
        {
          type: 'ScanRecorded',
          data: {
            code_id: code,
            org_id: org,
            source: pick(['qr', 'qr', 'link'] as const),
            device: pick(['mobile', 'mobile', 'desktop', 'tablet', 'other'] as const),
            os: pick(['iOS 18', 'Android 15', 'Windows 10', null]),
            browser: pick(['Mobile Safari 18', 'Chrome 140', 'Firefox 141', null]),
            referrer: pick([null, null, 'https://news.example', 'https://b.example']),
            language: pick(['de-DE', 'en-US', 'fr-FR', null]),
            country: pick(['DE', 'US', 'FR', null]),
            ...(next() < 0.3 ? { city: pick(['Berlin', 'Paris', 'Zürich']) } : {}),
            visitor: `v${Math.floor(next() * 60)}`,
            bot: next() < 0.07,
          },
          occurredAt: at,
        },
      ]);
    } else if (roll < 0.85) {
      events.push([
        submissionsStreamId('p1'),
        { type: 'FormSubmitted', data: { submission_id: `s${i}`, page_id: 'p1', code_id: code, org_id: org, person: 'x', sealed_answers: '' }, occurredAt: at },
      ]);
    } else if (roll < 0.9) {
      const ballot = { choices: [pick(['yes', 'no'])], rating: null, words: [] };
      const replaced = next() < 0.3 ? { ...ballot, choices: ['maybe'] } : null;
      events.push([
        pollStreamId('q1'),
        { type: 'VoteCast', data: { voter: `v${i}`, round: 1, ballot, replaced, org_id: org, code_id: code, at: at.toISOString() }, occurredAt: at },
      ]);
    } else if (roll < 0.93) {
      events.push([
        wallPhotoStreamId(`ph${i}`),
        {
          type: 'WallPhotoSubmitted',
          data: {
            photo_id: `ph${i}`,
            wall_id: 'w1',
            org_id: org,
            code_id: code,
            blob_id: `b${i}`,
            width: 640,
            height: 480,
            caption: '',
            nsfw: { scores: { drawing: 0, hentai: 0, neutral: 1, porn: 0, sexy: 0 }, nsfw: 0, model: 'test' },
            flagged: false,
            status: 'approved',
            submitter: 'v1',
            at: at.toISOString(),
          },
          occurredAt: at,
        },
      ]);
    } else if (roll < 0.96) {
      events.push([
        gameStreamId('g1'),
        {
          type: 'GamePlayed',
          data: { play_id: `play${i}`, player: 'v1', nickname: '', org_id: org, code_id: code, board: 1, prize_id: null, unit: null, at: at.toISOString() },
          occurredAt: at,
        },
      ]);
    } else {
      events.push([
        analyticsEventsStreamId(code, 0),
        {
          type: 'AnalyticsEventRecorded',
          data: {
            org_id: org,
            code_id: code,
            page_id: null,
            name: pick(['click', 'share', 'Download', "it's", 'back\\slash', 'tab\there', 'new\nline']),
            target: null,
            visitor: 'v1',
            bot: next() < 0.1,
          },
          occurredAt: at,
        },
      ]);
    }
  }
  return events;
}

const serverUrl = clickhouseServerUrl();
const describeWithClickHouse = serverUrl ? describe : describe.skip;

describeWithClickHouse('analytics on ClickHouse answers as on Postgres', () => {
  let clickhouse: TestClickHouse;
  let sink: Projection;
  // The testbed's runner is made before each test's ClickHouse database: it feeds the test's sink.
  const unused = ClickHouseAnalyticsStore.open('http://127.0.0.1:1/unused');
  const perTestSink: Projection = { ...clickhouseAnalytics(unused), handle: (events, context) => sink.handle(events, context) };
  afterAll(() => unused.close());
  // On PGlite: the Postgres rollups' own spec covers them on a PostgreSQL server.
  const t = projectionTestbed(testAdapters()[0]!, [analytics, perTestSink], { batchSize: 500, rebuildBatchSize: 400 });

  // One database for the file, not one per test: ClickHouse 18.16 at times hung dropping a database
  // a moment after the test that wrote it, and held every later statement behind it.
  beforeAll(() => {
    clickhouse = openTestClickHouse(serverUrl!);
  });
  afterAll(() => clickhouse.drop());
  beforeEach(() => {
    [ORG, OTHER_ORG] = [randomUUID(), randomUUID()];
    sink = clickhouseAnalytics(clickhouse.store);
  });

  const append = async (events: [string, NewEvent][]) => {
    for (const [streamId, event] of events) await t.store.append({ streamId, expectedVersion: 'any', events: [event] });
  };
  const readers = (): [AnalyticsReader, AnalyticsReader] => [new AnalyticsRollups(t.db), new ClickHouseAnalyticsReader(clickhouse.store)];

  /** Every period of the spec in every zone, for each scope, from both readers. */
  const everyAnswer = async (reader: AnalyticsReader) => {
    const answers: Record<string, unknown> = {};
    const scopes: AnalyticsScope[] = [
      { orgId: ORG, codeId: null },
      { orgId: ORG, codeId: CODES[0]! },
      { orgId: OTHER_ORG, codeId: null },
    ];
    for (const scope of scopes) {
      const first = await reader.firstActivity(scope);
      answers[`${scope.orgId}/${scope.codeId}/first`] = first;
      for (const zone of ZONES) {
        for (const period of ANALYTICS_PERIODS) {
          answers[`${scope.orgId}/${scope.codeId}/${zone}/${period}`] = await reader.figures(
            scope,
            periodWindow(period, NOW, zone, period === 'all' ? first : null),
            zone,
          );
        }
      }
    }
    return answers;
  };

  it('gives the Postgres rollups’ figures for every period in every zone, for the organisation, a code and another organisation', async () => {
    await append(fixture());
    await t.runner.start();
    await t.runner.caughtUp(30_000);
    const [postgres, clickhouseReader] = readers();
    const expected = await everyAnswer(postgres);
    // The fixture must exercise what is compared: a period without scans proves nothing.
    const org = expected[`${ORG}/null/Europe/Berlin/7day`] as Awaited<ReturnType<AnalyticsReader['figures']>>;
    expect(org.totals.scans).toBeGreaterThan(50);
    expect(org.breakdowns.cities.length).toBeGreaterThan(0);
    expect(org.events.length).toBeGreaterThan(0);
    expect(await everyAnswer(clickhouseReader)).toEqual(expected);
  }, 180_000);

  const figuresOf = (reader: AnalyticsReader, windows: [string, PeriodWindow, string][]) =>
    Promise.all(windows.map(async ([name, window, zone]) => [name, await reader.figures({ orgId: ORG, codeId: null }, window, zone)] as const));
  const some = (): [string, PeriodWindow, string][] => [
    ['1year', periodWindow('1year', NOW, 'Europe/Berlin'), 'Europe/Berlin'],
    ['7day', periodWindow('7day', NOW, 'Asia/Kolkata'), 'Asia/Kolkata'],
    ['-1day', periodWindow('-1day', NOW, 'UTC'), 'UTC'],
  ];

  it('gives the same figures for custom ranges: ragged hours, a half-hour zone, across a DST change', async () => {
    await append(fixture(11));
    await t.runner.start();
    await t.runner.caughtUp(30_000);
    const windows: [string, PeriodWindow, string][] = [
      [
        'hours',
        {
          range: { from: new Date('2026-11-20T07:20:00Z'), to: new Date('2026-11-21T13:40:00Z') },
          previous: { from: new Date('2026-11-19T07:20:00Z'), to: new Date('2026-11-20T07:20:00Z') },
          bucket: 'hour',
        },
        'Asia/Kolkata',
      ],
      [
        'days over DST',
        { range: { from: new Date('2026-03-20T23:00:00Z'), to: new Date('2026-04-05T22:00:00Z') }, previous: null, bucket: 'day' },
        'Europe/Berlin',
      ],
      ['months', { range: { from: new Date('2025-12-01T05:00:00Z'), to: NOW }, previous: null, bucket: 'month' }, 'America/New_York'],
      ['empty', { range: { from: new Date('2020-01-01T00:00:00Z'), to: new Date('2020-01-02T00:00:00Z') }, previous: null, bucket: 'hour' }, 'UTC'],
    ];
    const [postgres, clickhouseReader] = readers();
    const expected = await figuresOf(postgres, windows);
    expect(expected[0]![1].totals.scans).toBeGreaterThan(0);
    expect(await figuresOf(clickhouseReader, windows)).toEqual(expected);
  }, 60_000);

  it('a redelivered batch or a replay from position 0 changes no figure', async () => {
    const events = fixture(3);
    await t.runner.start();
    await append(events.slice(0, 300));
    await t.runner.caughtUp(30_000);
    await append(events.slice(300));
    await t.runner.caughtUp(30_000);
    const reader = new ClickHouseAnalyticsReader(clickhouse.store);
    const before = await figuresOf(reader, some());
    expect(before[0]![1].totals.scans).toBeGreaterThan(0);

    // As after a crash between ClickHouse's insert and the checkpoint's commit: everything again, in other batches.
    const { events: stored } = await t.store.readAll({ from: START, limit: 10_000 });
    for (const batch of [stored.slice(0, 250), stored.slice(100)]) await sink.handle(batch, { tx: t.db, table: (name) => name });
    await t.runner.rebuild('analytics-clickhouse');

    expect(await figuresOf(reader, some())).toEqual(before);
    const [raw] = await clickhouse.store.rows<{ rows: string; ids: string }>(
      `SELECT count() AS rows, uniqExact(event_id) AS ids FROM ${clickhouse.store.table('events')} WHERE org_id = '${ORG}'`,
    );
    expect(Number(raw!.rows)).toBe(Number(raw!.ids));
    expect(await figuresOf(reader, some())).toEqual(await figuresOf(new AnalyticsRollups(t.db), some()));
  }, 60_000);

  it('a batch of several id checks counts each event once: new, redelivered with more, and again in part', async () => {
    // Past every other test's events, so the first batch finds its time span empty in the raw table.
    const start = Date.UTC(2031, 0, 1);
    const recorded = [21, 22, 23, 24]
      .flatMap((seed) => fixture(seed))
      .map(([streamId, event], i): RecordedEvent => {
        const at = new Date(start + i * 61_000);
        return {
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {},
          schemaVersion: 1,
          streamId,
          streamPosition: i,
          globalPosition: i + 1,
          transactionId: '1',
          occurredAt: at,
          recordedAt: at,
        };
      });
    const context = { tx: t.db, table: (name: string) => name };
    for (const batch of [recorded.slice(0, 2_500), recorded, recorded.slice(1_000)]) await sink.handle(batch, context);

    const scans = recorded.filter((event) => event.type === 'ScanRecorded' && (event.data as { org_id: string }).org_id === ORG).length;
    expect(scans).toBeGreaterThan(2_000);
    const [raw] = await clickhouse.store.rows<{ rows: string; ids: string }>(
      `SELECT count() AS rows, uniqExact(event_id) AS ids FROM ${clickhouse.store.table('events')} WHERE org_id = '${ORG}'`,
    );
    const [counted] = await clickhouse.store.rows<{ scans: string }>(
      `SELECT sum(scans) + sum(bots) AS scans FROM ${clickhouse.store.table('hourly')} WHERE org_id = '${ORG}'`,
    );
    expect(Number(raw!.rows)).toBe(Number(raw!.ids));
    expect(Number(counted!.scans)).toBe(scans);
  }, 60_000);

  it('a ClickHouse outage pauses the sink, and it resumes without loss when the server is back', async () => {
    // The outage: the sink's server does not answer (nothing listens on port 1). A relay that cut
    // connections mid-run was tried first, but left ClickHouse 18.16 unable to drop the database.
    const unreachable = ClickHouseAnalyticsStore.open(`http://127.0.0.1:1/${clickhouse.store.database}`);
    try {
      const events = fixture(5);
      await t.runner.start();
      await append(events.slice(0, 350));
      await t.runner.caughtUp(30_000);

      sink = clickhouseAnalytics(unreachable);
      await append(events.slice(350));
      // The runner retries a failed batch every second: give it two tries against the dead server.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const lag = (await t.runner.lag()).find((entry) => entry.name === 'analytics-clickhouse')!;
      expect(lag.lag_events).toBeGreaterThan(0);
      const postgres = new AnalyticsRollups(t.db);
      const reader = new ClickHouseAnalyticsReader(clickhouse.store);
      const everything = { from: new Date(0), to: NOW };
      expect((await reader.totals({ orgId: ORG, codeId: null }, everything)).scans).toBeLessThan(
        (await postgres.totals({ orgId: ORG, codeId: null }, everything)).scans,
      );

      // The server is back: the held batch goes through, and every figure matches.
      sink = clickhouseAnalytics(clickhouse.store);
      await t.runner.caughtUp(30_000);
      expect(await figuresOf(reader, some())).toEqual(await figuresOf(postgres, some()));
    } finally {
      await unreachable.close();
    }
  }, 60_000);
});
