import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger } from '@qr/platform';
import { kafkaAvailable, openTestKafka, openTestPostgres, requiredServiceUrl, testAdapters, type TestKafka, type TestPostgres } from '@qr/platform/testing';
import { analytics } from '@qr/projections-analytics';
import { clickhouseServerUrl, openTestClickHouse, type TestClickHouse } from '@qr/projections-analytics/testing';
import { scanCounts } from '@qr/projections-codes';
import { KafkaRelay } from '../relay/kafka-relay';
import { partitionOffsets } from './partition-offsets';
import { analyticsTraffic, appendTraffic, projectedFigures, referenceFigures } from './worker-traffic.fixture';

const ROOT = join(__dirname, '../../../..');
const ENTRY = join(ROOT, 'dist/projections/runner/src/worker/projections.main.js');
const log = createLogger('silent');

// The worker process needs a PostgreSQL server: PGlite is one process's database.
const serverUrl = requiredServiceUrl('DATABASE_URL', 'PostgreSQL (set DATABASE_URL=postgres://…)');
const itWithServices = serverUrl && kafkaAvailable() ? it : it.skip;

describe('projection worker process (npm run projections)', () => {
  let pg: TestPostgres;
  let kafka: TestKafka;
  let clickhouse: TestClickHouse | undefined;
  let worker: ChildProcess | undefined;
  let relay: KafkaRelay | undefined;

  beforeAll(() => {
    if (!serverUrl || !kafkaAvailable()) return;
    // The test runs the built process, as `npm run projections` does.
    execFileSync(join(ROOT, 'node_modules/.bin/nx'), ['run', 'api:build', '--output-style=stream'], { cwd: ROOT, stdio: 'ignore' });
  }, 180_000);
  afterEach(async () => {
    worker?.kill('SIGKILL');
    await relay?.stop();
    await kafka?.close();
    await pg?.drop();
    await clickhouse?.drop();
  });

  itWithServices('killed with SIGKILL at random moments while events keep arriving, then restarted, ends with figures that equal the events exactly', async () => {
    pg = await openTestPostgres(serverUrl!);
    kafka = await openTestKafka();
    const clickhouseUrl = clickhouseServerUrl();
    clickhouse = clickhouseUrl ? openTestClickHouse(clickhouseUrl) : undefined;
    const topic = kafka.newTopic();
    const store = new PostgresEventStore(pg.db);
    relay = new KafkaRelay(pg.db, store, log, { brokers: kafka.brokers, topic, pollIntervalMs: 20, batchSize: 50 });
    await relay.start();

    let exits = 0;
    const startWorker = () => {
      worker = spawn(process.execPath, [ENTRY], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: pg.url, KAFKA_BROKERS: kafka.brokers.join(','), KAFKA_TOPIC: topic, CLICKHOUSE_URL: clickhouse?.url ?? '', LOG_LEVEL: process.env.WORKER_LOG_LEVEL ?? 'error' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      worker.once('exit', () => exits++);
    };
    const killWorker = async () => {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker!.kill('SIGKILL');
      await exited;
    };

    const traffic = analyticsTraffic(1500, 31);
    const arriving = (async () => {
      for (let start = 0; start < traffic.length; start += 30) {
        await appendTraffic(store, traffic.slice(start, start + 30));
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    startWorker();
    for (let kill = 0; kill < 6; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 2000));
      await killWorker();
      startWorker();
    }
    await arriving;
    expect(exits).toBe(6);
    await relay.caughtUp(30_000);

    // Caught up: both projections' stored offsets reach the topic's end on every partition.
    const admin = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const highs = await admin.fetchTopicOffsets(topic);
    await admin.disconnect();
    const names = [scanCounts.name, analytics.name, ...(clickhouse ? ['analytics-clickhouse'] : [])];
    for (const deadline = Date.now() + 90_000; ; ) {
      const behind = [];
      for (const name of names) {
        const stored = new Map((await partitionOffsets.ofGeneration(pg.db, name, 1, topic)).map((o) => [o.partition, o.nextOffset]));
        if (highs.some((h) => (stored.get(h.partition) ?? 0) < Number(h.high))) behind.push(name);
      }
      if (behind.length === 0) break;
      if (Date.now() > deadline) throw new Error(`the restarted worker did not catch up: ${behind.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const adapter = testAdapters().find((a) => a.name === 'postgres')!;
    expect(await projectedFigures(pg.db)).toEqual(await referenceFigures(adapter, [scanCounts, analytics], traffic));
    if (clickhouse) {
      const counted = traffic.filter((a) => a.event.type !== 'AnalyticsEventRecorded' || !(a.event.data as { bot: boolean }).bot).length;
      const [raw] = await clickhouse.store.rows<{ rows: string; ids: string }>(`SELECT count() AS rows, uniqExact(event_id) AS ids FROM ${clickhouse.store.table('events')}`);
      expect({ rows: Number(raw!.rows), ids: Number(raw!.ids) }).toEqual({ rows: counted, ids: counted });
    }
  }, 240_000);
});
