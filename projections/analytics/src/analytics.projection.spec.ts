import {
  analyticsEventsStreamId,
  gameStreamId,
  periodWindow,
  pollStreamId,
  scanStreamId,
  submissionsStreamId,
  wallPhotoStreamId,
  type AnalyticsEventRecorded,
  type FormSubmitted,
  type GamePlayed,
  type ScanRecorded,
  type VoteCast,
  type WallPhotoSubmitted,
} from '@qr/domain';
import type { NewEvent } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { analytics, AnalyticsRollups } from './index';

const ORG = '00000000-0000-4000-8000-000000000001';
const A = 'AAAAAAAAA1';
const B = 'BBBBBBBBB1';

const scan = (code: string, at: string, visitor: string, extra: Partial<ScanRecorded['data']> = {}): NewEvent & ScanRecorded => ({
  type: 'ScanRecorded',
  data: {
    code_id: code,
    org_id: ORG,
    source: 'qr',
    device: 'mobile',
    os: 'iOS 18',
    browser: 'Mobile Safari 18',
    referrer: null,
    language: 'de-DE',
    country: 'DE',
    visitor,
    bot: false,
    ...extra,
  },
  occurredAt: new Date(at),
});
const submitted = (code: string, at: string): NewEvent & FormSubmitted => ({
  type: 'FormSubmitted',
  data: { submission_id: `s-${at}`, page_id: 'p1', code_id: code, org_id: ORG, person: 'x', sealed_answers: '' },
  occurredAt: new Date(at),
});
const clicked = (code: string, at: string, name: string, bot = false): NewEvent & AnalyticsEventRecorded => ({
  type: 'AnalyticsEventRecorded',
  data: { org_id: ORG, code_id: code, page_id: null, name, target: null, visitor: 'v1', bot },
  occurredAt: new Date(at),
});

const BALLOT = { choices: ['yes'], rating: null, words: [] };
/** `replaced`: the voter had voted in the round and changed their vote, which is not another vote. */
const voted = (code: string, at: string, voter: string, round: number, changed = false): NewEvent & VoteCast => ({
  type: 'VoteCast',
  data: { voter, round, ballot: BALLOT, replaced: changed ? { ...BALLOT, choices: ['no'] } : null, org_id: ORG, code_id: code, at },
  occurredAt: new Date(at),
});
const uploaded = (code: string, at: string): NewEvent & WallPhotoSubmitted => ({
  type: 'WallPhotoSubmitted',
  data: {
    photo_id: `photo-${at}`,
    wall_id: 'w1',
    org_id: ORG,
    code_id: code,
    blob_id: `blob-${at}`,
    width: 640,
    height: 480,
    caption: '',
    nsfw: { scores: { drawing: 0, hentai: 0, neutral: 1, porn: 0, sexy: 0 }, nsfw: 0, model: 'test' },
    flagged: false,
    status: 'approved',
    submitter: 'v1',
    at,
  },
  occurredAt: new Date(at),
});

const played = (code: string, at: string, play_id: string): NewEvent & GamePlayed => ({
  type: 'GamePlayed',
  data: { play_id, player: 'v1', nickname: '', org_id: ORG, code_id: code, board: 1, prize_id: null, unit: null, at },
  occurredAt: new Date(at),
});

/** Out of time order on purpose: the log's order is not the clock's. */
const EVENTS: [string, NewEvent][] = [
  [scanStreamId(A, 0), scan(A, '2026-03-02T10:15:00Z', 'v1')],
  [scanStreamId(A, 1), scan(A, '2026-03-02T09:05:00Z', 'v1', { source: 'link', referrer: 'https://news.example' })],
  [scanStreamId(A, 2), scan(A, '2026-03-02T11:00:00Z', 'v2', { device: 'desktop', os: 'Windows 10', browser: 'Chrome 140', country: null })],
  [scanStreamId(A, 3), scan(A, '2026-03-02T11:30:00Z', 'bot', { bot: true })],
  [scanStreamId(B, 0), scan(B, '2026-03-02T12:00:00Z', 'v1')],
  [scanStreamId(B, 0), scan(B, '2026-03-03T08:00:00Z', 'v1')],
  [submissionsStreamId('p1'), submitted(A, '2026-03-02T10:20:00Z')],
  [analyticsEventsStreamId(A, 0), clicked(A, '2026-03-02T10:21:00Z', 'click')],
  [analyticsEventsStreamId(A, 0), clicked(A, '2026-03-02T10:22:00Z', 'click')],
  [analyticsEventsStreamId(B, 1), clicked(B, '2026-03-03T10:22:00Z', 'share')],
  [analyticsEventsStreamId(B, 1), clicked(B, '2026-03-03T10:23:00Z', 'click', true)],
  [pollStreamId('q1'), voted(A, '2026-03-02T10:30:00Z', 'voter1', 1)],
  [pollStreamId('q1'), voted(A, '2026-03-02T10:31:00Z', 'voter2', 1)],
  [pollStreamId('q1'), voted(A, '2026-03-02T10:32:00Z', 'voter1', 1, true)],
  [pollStreamId('q1'), voted(A, '2026-03-03T09:00:00Z', 'voter1', 2)],
  [wallPhotoStreamId('ph1'), uploaded(B, '2026-03-02T12:10:00Z')],
  [gameStreamId('g1'), played(B, '2026-03-03T12:00:00Z', 'play-1')],
  [gameStreamId('g1'), played(B, '2026-03-03T12:01:00Z', 'play-2')],
  [gameStreamId('g2'), played(A, '2026-03-02T13:00:00Z', 'play-3')],
];

describe.each(testAdapters())('analytics rollups on $name', (adapter) => {
  const t = projectionTestbed(adapter, [analytics], { batchSize: 3, rebuildBatchSize: 4 });

  const append = async (events: [string, NewEvent][]) => {
    for (const [streamId, event] of events) await t.store.append({ streamId, expectedVersion: 'any', events: [event] });
  };
  const allRows = async () => {
    const dump = async (sql: string) => (await t.db.query(sql)).rows;
    return {
      hourly: await dump('SELECT * FROM analytics_hourly ORDER BY org_id, code_id, hour'),
      facetsHourly: await dump('SELECT * FROM analytics_facets_hourly ORDER BY org_id, hour, code_id, digest'),
      dimensionsDaily: await dump('SELECT * FROM analytics_dimensions_daily ORDER BY org_id, code_id, day, dimension, value'),
      visitors: await dump('SELECT * FROM analytics_visitors ORDER BY seen'),
    };
  };
  const rollups = () => new AnalyticsRollups(t.db);
  const march = periodWindow('march', new Date('2026-11-25T00:00:00Z'), 'UTC');

  it('sums scans, visitors per UTC day, submissions, votes, uploads, plays and events per code and for the whole organisation', async () => {
    await append(EVENTS);
    await t.runner.start();
    await t.runner.caughtUp();

    const org = await rollups().figures({ orgId: ORG, codeId: null }, march, 'UTC');
    // v1 and v2 on the 2nd, v1 again on the 3rd (a new day's hash in real life); the bot apart.
    // Votes: voter1 and voter2 in round 1 (voter1's change is no new vote), voter1 again in round 2.
    expect(org.totals).toEqual({
      scans: 5,
      unique_visitors: 3,
      submissions: 1,
      votes: 3,
      uploads: 1,
      plays: 3,
      qr_scans: 4,
      link_visits: 1,
      bots: 1,
      events: 3,
    });
    expect(await rollups().totals({ orgId: ORG, codeId: A }, march.range)).toEqual({
      scans: 3,
      unique_visitors: 2,
      submissions: 1,
      votes: 3,
      uploads: 0,
      plays: 1,
      qr_scans: 2,
      link_visits: 1,
      bots: 1,
      events: 2,
    });
    expect(await rollups().totals({ orgId: ORG, codeId: B }, march.range)).toEqual({
      scans: 2,
      unique_visitors: 2,
      submissions: 0,
      votes: 0,
      uploads: 1,
      plays: 2,
      qr_scans: 2,
      link_visits: 0,
      bots: 0,
      events: 1,
    });

    expect(org.breakdowns.devices).toEqual([
      { value: 'mobile', count: 4 },
      { value: 'desktop', count: 1 },
    ]);
    expect(org.breakdowns.countries).toEqual([
      { value: 'DE', count: 4 },
      { value: null, count: 1 },
    ]);
    expect(org.breakdowns.referrers).toEqual([
      { value: null, count: 4 },
      { value: 'https://news.example', count: 1 },
    ]);
    expect(org.breakdowns.cities).toEqual([]);
    expect(org.events).toEqual([
      { name: 'click', count: 2 },
      { name: 'share', count: 1 },
    ]);
    // Monday 2 March: 09, 10, 11, 12 UTC; Tuesday 3 March: 08 UTC.
    expect(org.heatmap).toEqual([
      { weekday: 1, hour: 9, scans: 1 },
      { weekday: 1, hour: 10, scans: 1 },
      { weekday: 1, hour: 11, scans: 1 },
      { weekday: 1, hour: 12, scans: 1 },
      { weekday: 2, hour: 8, scans: 1 },
    ]);
    expect(org.series).toHaveLength(31);
    expect(org.series.slice(1, 3)).toEqual([
      { start: '2026-03-02T00:00:00.000Z', scans: 4, unique_visitors: 2, submissions: 1, votes: 2, uploads: 1, plays: 1 },
      { start: '2026-03-03T00:00:00.000Z', scans: 1, unique_visitors: 1, submissions: 0, votes: 1, uploads: 0, plays: 2 },
    ]);
    // A visitor counts in the hour of their first scan that day, even when the log had it later.
    const hours = await t.db.query<{ hour: Date; unique_visitors: string }>(
      `SELECT hour, unique_visitors FROM analytics_hourly WHERE code_id = $1 AND unique_visitors > 0 ORDER BY hour`,
      [A],
    );
    expect(hours.rows.map((row) => [row.hour.toISOString(), Number(row.unique_visitors)])).toEqual([
      ['2026-03-02T09:00:00.000Z', 1],
      ['2026-03-02T11:00:00.000Z', 1],
    ]);
  });

  it('cuts breakdowns at local days: whole UTC days from the daily rows, the ends from the hourly ones', async () => {
    await append(EVENTS);
    await t.runner.start();
    await t.runner.caughtUp();
    // 10:00 on the 2nd to 09:00 on the 3rd: only the scans at 10, 11, 12 (and the bot at 11) are in.
    const figures = await rollups().figures(
      { orgId: ORG, codeId: null },
      { range: { from: new Date('2026-03-02T10:00:00Z'), to: new Date('2026-03-03T08:00:00Z') }, previous: null, bucket: 'hour' },
      'UTC',
    );
    expect(figures.totals.scans).toBe(3);
    expect(figures.breakdowns.devices).toEqual([
      { value: 'mobile', count: 2 },
      { value: 'desktop', count: 1 },
    ]);
    expect(figures.events).toEqual([{ name: 'click', count: 2 }]);
    const codeA = await rollups().figures(
      { orgId: ORG, codeId: A },
      { range: { from: new Date('2026-03-02T10:00:00Z'), to: new Date('2026-03-03T08:00:00Z') }, previous: null, bucket: 'hour' },
      'UTC',
    );
    expect(codeA.breakdowns.devices).toEqual([
      { value: 'desktop', count: 1 },
      { value: 'mobile', count: 1 },
    ]);
    expect(codeA.breakdowns.countries).toEqual([
      { value: null, count: 1 },
      { value: 'DE', count: 1 },
    ]);
    expect(codeA.breakdowns.cities).toEqual([]);
    const wide = await rollups().figures(
      { orgId: ORG, codeId: null },
      { range: { from: new Date('2026-03-01T23:00:00Z'), to: new Date('2026-03-03T09:00:00Z') }, previous: null, bucket: 'day' },
      'Europe/Berlin',
    );
    expect(wide.breakdowns.devices).toEqual([
      { value: 'mobile', count: 4 },
      { value: 'desktop', count: 1 },
    ]);
    expect(wide.series.map((point) => [point.start, point.scans])).toEqual([
      ['2026-03-01T23:00:00.000Z', 4],
      ['2026-03-02T23:00:00.000Z', 1],
    ]);
  });

  it('a rebuild gives exactly the rows live processing gave, however the batches fall', async () => {
    await t.runner.start();
    // Live: events arrive while the t.runner follows, in several small batches.
    await append(EVENTS.slice(0, 5));
    await t.runner.caughtUp();
    await append(EVENTS.slice(5));
    await t.runner.caughtUp();
    const live = await allRows();
    const liveFigures = await rollups().figures({ orgId: ORG, codeId: A }, march, 'UTC');
    expect(live.hourly.length).toBeGreaterThan(0);
    for (const _ of [1, 2]) {
      await t.runner.rebuild('analytics');
      expect(await allRows()).toEqual(live);
      expect(await rollups().figures({ orgId: ORG, codeId: A }, march, 'UTC')).toEqual(liveFigures);
    }
  });
});
