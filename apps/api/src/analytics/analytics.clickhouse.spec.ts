import { periodWindow, scanStreamId, type ScanRecorded } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { clickhouseServerUrl, openTestClickHouse, type TestClickHouse } from '@qr/projections-analytics/testing';
import type { AnalyticsView } from '@qr/contracts';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const serverUrl = clickhouseServerUrl();
const describeWithClickHouse = serverUrl ? describe : describe.skip;

/** With CLICKHOUSE_URL set, the API projects scans into ClickHouse and its analytics route reads them there. */
describeWithClickHouse('analytics on the ClickHouse sink, through HTTP', () => {
  let clickhouse: TestClickHouse;
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let orgId: string;

  beforeAll(async () => {
    clickhouse = openTestClickHouse(serverUrl!);
    t = await startTestApp({ env: { CLICKHOUSE_URL: clickhouse.url } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'ch-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'ch-stranger@example.com'));
    orgId = await createOrganization(owner, 'Bakery');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await clickhouse.drop();
  });

  it('answers GET /api/v1/analytics from ClickHouse, for members only', async () => {
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Window', type: 'page' })).json().code_id as string;
    const today = periodWindow('1day', new Date(), 'UTC').range.from;
    const store = new PostgresEventStore(t.db);
    for (const [visitor, bot] of [
      ['a', false],
      ['b', false],
      ['b', false],
      ['crawler', true],
    ] as const) {
      const event: ScanRecorded = {
        type: 'ScanRecorded',
        data: {
          code_id: codeId,
          org_id: orgId,
          source: 'qr',
          device: 'mobile',
          os: 'iOS 17',
          browser: 'Mobile Safari 17',
          referrer: null,
          language: 'en-GB',
          country: 'GB',
          visitor,
          bot,
        },
      };
      await store.append({ streamId: scanStreamId(codeId, 0), expectedVersion: 'any', events: [{ ...event, occurredAt: today, metadata: { org_id: orgId } }] });
    }
    await t.projections.caughtUp(20_000);
    expect(t.projections.projections.map((projection) => projection.name)).toContain('analytics-clickhouse');
    // The figures ClickHouse holds, read directly: the route must answer exactly these.
    const [row] = await clickhouse.store.rows<{ scans: string }>(
      `SELECT sum(scans) AS scans FROM ${clickhouse.store.table('hourly')} WHERE org_id = '${orgId}'`,
    );
    expect(Number(row!.scans)).toBe(3);

    const res = await owner('GET', `/api/v1/analytics?org_id=${orgId}&period=1day`);
    expect(res.statusCode).toBe(200);
    const view = res.json<AnalyticsView>();
    expect(view.totals).toEqual({
      scans: 3,
      unique_visitors: 2,
      submissions: 0,
      votes: 0,
      uploads: 0,
      plays: 0,
      qr_scans: 3,
      link_visits: 0,
      bots: 1,
      events: 0,
    });
    expect(view.breakdowns.countries).toEqual([{ value: 'GB', count: 3 }]);
    expect((await stranger('GET', `/api/v1/analytics?org_id=${orgId}&period=1day`)).statusCode).toBe(404);
  }, 60_000);
});
