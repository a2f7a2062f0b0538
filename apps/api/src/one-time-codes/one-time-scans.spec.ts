import { PostgresEventStore } from '@qr/eventstore';
import { loadConfig } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { HotPathAppender } from '../hot-path-appender';
import { OneTimeScans, type OneTimeCodeEntry } from './one-time-scans';

const entry: OneTimeCodeEntry = {
  codeId: 'OneTime001',
  batchId: '0190a6b2-0000-7000-8000-000000000001',
  baseCodeId: 'AbCdEf1234',
  orgId: 'org-1',
  live: true,
  used: false,
};

/**
 * The exactly-once guarantee at the store, on every database: 200 scans of one code at once, spread
 * over four appenders as four API processes would, each committing batches of its own.
 */
describe.each(testAdapters())('using a one-time code on $name', (adapter) => {
  it('lets exactly one of 200 concurrent scans use the code, and records one use', async () => {
    const { db, close } = await adapter.open({ max: 8 });
    const config = loadConfig({ NODE_ENV: 'test', ...(adapter.name === 'postgres' ? { DATABASE_URL: 'postgres://set-for-lanes' } : {}) });
    const processes = Array.from({ length: 4 }, () => {
      const appender = new HotPathAppender(new PostgresEventStore(db), config);
      return { appender, scans: new OneTimeScans(db, appender) };
    });
    try {
      const won = await Promise.all(Array.from({ length: 200 }, (_, n) => processes[n % 4]!.scans.use(entry, new Date())));
      expect(won.filter(Boolean)).toHaveLength(1);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = 'one_time_code-OneTime001'`);
      expect(rows[0]).toEqual({ n: 1 });
      expect(await processes[0]!.scans.use(entry, new Date())).toBe(false);
    } finally {
      await Promise.all(processes.map((p) => p.appender.onModuleDestroy()));
      await close();
    }
  });
});
