import { createServer, connect, type Server, type Socket } from 'node:net';
import { ANALYTICS_PERIODS } from '@qr/contracts';
import { analyticsEventsStreamId, periodWindow, scanStreamId, submissionsStreamId, type PeriodWindow } from '@qr/domain';
import type { NewEvent, RecordedEvent } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import type { Projection } from '@qr/projections-runner';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { analytics, AnalyticsRollups, type AnalyticsReader, type AnalyticsScope } from '../index';
import { clickhouseAnalytics } from './clickhouse-analytics.projection';
import { ClickHouseAnalyticsReader } from './clickhouse-analytics.reader';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics.store';
import { clickhouseServerUrl, openTestClickHouse, type TestClickHouse } from './test-clickhouse';

/**
 * The analytics contract: the same events give the same figures from the Postgres sink and the
 * ClickHouse sink, for every period the spec lists, in several zones, and for custom ranges; a
 * redelivered batch changes nothing; a ClickHouse outage pauses the sink and loses nothing.
 */

const ORG = '00000000-0000-4000-8000-000000000001';
const OTHER_ORG = '00000000-0000-4000-8000-000000000002';
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
 * with bots, unknown values, cities for some scans, submissions and custom events; appended in an
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
    } else if (roll < 0.9) {
      events.push([
        submissionsStreamId('p1'),
        { type: 'FormSubmitted', data: { submission_id: `s${i}`, page_id: 'p1', code_id: code, org_id: org, person: 'x', sealed_answers: '' }, occurredAt: at },
      ]);
    } else {
      events.push([
        analyticsEventsStreamId(code, 0),
        { type: 'AnalyticsEventRecorded', data: { org_id: org, code_id: code, page_id: null, name: pick(['click', 'share', 'Download']), target: null, visitor: 'v1', bot: next() < 0.1 }, occurredAt: at },
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
  const t = projectionTestbed(testAdapters()[0]!, [analytics, perTestSink], { batchSize: 50, rebuildBatchSize: 120 });

  beforeEach(() => {
    clickhouse = openTestClickHouse(serverUrl!);
    sink = clickhouseAnalytics(clickhouse.store);
  });
  afterEach(() => clickhouse.drop());

  const append = async (events: [string, NewEvent][]) => {
    for (const [streamId, event] of events) await t.store.append({ streamId, expectedVersion: 'any', events: [event] });
  };
  const readers = (): [AnalyticsReader, AnalyticsReader] => [new AnalyticsRollups(t.db), new ClickHouseAnalyticsReader(clickhouse.store)];
  const scopes: AnalyticsScope[] = [
    { orgId: ORG, codeId: null },
    { orgId: ORG, codeId: CODES[0]! },
    { orgId: OTHER_ORG, codeId: null },
  ];

  /** Every period of the spec in every zone, for each scope, from both readers. */
  const everyAnswer = async (reader: AnalyticsReader) => {
    const answers: Record<string, unknown> = {};
    for (const scope of scopes) {
      const first = await reader.firstActivity(scope);
      answers[`${scope.orgId}/${scope.codeId}/first`] = first;
      for (const zone of ZONES) {
        for (const period of ANALYTICS_PERIODS) {
          answers[`${scope.orgId}/${scope.codeId}/${zone}/${period}`] = await reader.figures(scope, periodWindow(period, NOW, zone, period === 'all' ? first : null), zone);
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
});
