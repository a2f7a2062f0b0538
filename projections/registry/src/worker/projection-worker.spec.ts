import { Kafka, logLevel } from 'kafkajs';
import { EVENT_MESSAGE_HEADERS } from '@qr/contracts';
import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server } from 'node:net';
import { PostgresEventStore, type Projection, type RecordedEvent } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import { freePort, kafkaAvailable, openTestKafka, readTestTopic, testAdapters, type TestKafka } from '@qr/platform/testing';
import { analytics } from '@qr/projections-analytics';
import { scanCounts } from '@qr/projections-codes';
import { DEAD_LETTER_HEADERS, deadLetterTopic, KafkaRelay, ProjectionWorker, toKafkaMessage, type ProjectionWorkerOptions } from '@qr/projections-runner';
import { analyticsTraffic, appendTraffic, countedScans, projectedFigures, referenceFigures } from './worker-traffic.fixture';

const log = createLogger('silent');
const PARTITION_SAFE = [scanCounts, analytics];
/** Quick failure detection and backoff: the mock cluster and the tests' own outages are local. */
const TUNING: Partial<ProjectionWorkerOptions> = {
  sessionTimeoutMs: 6000,
  rebalanceTimeoutMs: 8000,
  heartbeatIntervalMs: 300,
  maxWaitTimeMs: 100,
  retryDelayMs: 100,
  maxRetryDelayMs: 500,
  promoteCheckMs: 100,
};

/** PostgreSQL when DATABASE_URL is set (what workers run on), else PGlite: one of them, to keep the suite's time down. */
const adapters = testAdapters().slice(-1);
const describeWithKafka = kafkaAvailable() ? describe.each(adapters) : describe.skip.each(adapters);

describeWithKafka('projection workers on $name', (adapter) => {
  let kafka: TestKafka;
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: PostgresEventStore;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => (kafka = await openTestKafka()));
  afterAll(() => kafka.close());
  beforeEach(async () => {
    ({ db, close } = await adapter.open());
    store = new PostgresEventStore(db);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await close();
  });

  async function relay(topic: string): Promise<KafkaRelay> {
    const relay = new KafkaRelay(db, store, log, { brokers: kafka.brokers, topic, pollIntervalMs: 20, batchSize: 100 });
    running.push(relay);
    await relay.start();
    return relay;
  }

  async function worker(topic: string, projections: readonly Projection[] = PARTITION_SAFE): Promise<ProjectionWorker> {
    const worker = new ProjectionWorker(db, log, { brokers: kafka.brokers, topic, projections, ...TUNING });
    running.push(worker);
    await worker.start();
    return worker;
  }

  async function stopped(worker: ProjectionWorker): Promise<void> {
    running.splice(running.indexOf(worker), 1);
    await worker.stop();
  }

  it('waits for brokers it cannot reach yet when it starts, instead of exiting, then projects every event', async () => {
    const topic = kafka.newTopic();
    const traffic = analyticsTraffic(80, 5);
    await relay(topic);
    await appendTraffic(store, traffic);
    // Nothing listens on this address until the proxy opens; kafkajs gives up on it after one try.
    const port = await freePort();
    const late = new ProjectionWorker(db, log, { brokers: [`127.0.0.1:${port}`], topic, projections: PARTITION_SAFE, ...TUNING, kafkaRetries: 0 });
    running.push(late);
    const started = late.start();
    let resolved = false;
    void started.then(() => (resolved = true));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(resolved).toBe(false);
    // Bootstrap only: the brokers' metadata names their own addresses, which the worker then uses.
    const proxy = await forward(port, kafka.brokers[0]!);
    try {
      await started;
      await late.caughtUp(60_000);
      expect(await projectedFigures(db)).toEqual(await referenceFigures(adapter, PARTITION_SAFE, traffic));
    } finally {
      proxy.close();
    }
  });

  it('two workers sharing the topic give exactly the analytics and scan counts the in-process runner gives', async () => {
    const topic = kafka.newTopic();
    const traffic = analyticsTraffic(400, 11);
    const publisher = await relay(topic);
    await appendTraffic(store, traffic.slice(0, 100));
    const [first] = await Promise.all([worker(topic), worker(topic)]);
    await appendTraffic(store, traffic.slice(100));
    await publisher.caughtUp(30_000);
    await first!.caughtUp(60_000);

    expect(await projectedFigures(db)).toEqual(await referenceFigures(adapter, PARTITION_SAFE, traffic));
    const { rows } = await db.query<{ partitions: string; applied: string }>(
      `SELECT count(DISTINCT partition) AS partitions, sum(messages_applied) AS applied FROM projection_partition_offsets WHERE projection = 'scan_counts'`,
    );
    // Every partition was used, and every scan was applied once.
    expect(Number(rows[0]!.partitions)).toBeGreaterThan(1);
    expect(Number(rows[0]!.applied)).toBe(traffic.filter((a) => a.event.type === 'ScanRecorded').length);
  });

  it('applies the batches of all the partitions it holds together, in one call of the projection', async () => {
    const topic = kafka.newTopic();
    const traffic = analyticsTraffic(200, 15).filter((a) => a.event.type === 'ScanRecorded');
    const publisher = await relay(topic);
    await appendTraffic(store, traffic);
    await publisher.caughtUp(30_000);
    const partitionOf = new Map(
      (await readTestTopic(kafka.brokers, topic, traffic.length)).map((m) => [m.headers[EVENT_MESSAGE_HEADERS.eventId]!, m.partition]),
    );
    const partitionsPerCall: number[] = [];
    const recording: Projection = {
      ...scanCounts,
      async handle(events, context) {
        partitionsPerCall.push(new Set(events.map((event) => partitionOf.get(event.id))).size);
        await scanCounts.handle(events, context);
      },
    };
    // Every partition's messages are in the topic already, so each fetch brings batches of several partitions at once.
    const only = new ProjectionWorker(db, log, { brokers: kafka.brokers, topic, projections: [recording], ...TUNING, gatherMs: 500 });
    running.push(only);
    await only.start();
    await only.caughtUp(30_000);

    expect(new Set(partitionOf.values()).size).toBeGreaterThan(1);
    expect(Math.max(...partitionsPerCall)).toBeGreaterThan(1);
    const { rows } = await db.query<{ scans: string }>('SELECT coalesce(sum(scans), 0) AS scans FROM scan_counts');
    expect(Number(rows[0]!.scans)).toBe(countedScans(traffic));
  });

  it('a second worker joining mid-stream and the first one leaving (two rebalances) change no figure', async () => {
    const topic = kafka.newTopic();
    const traffic = analyticsTraffic(450, 12);
    const publisher = await relay(topic);
    const first = await worker(topic);
    await appendTraffic(store, traffic.slice(0, 150));
    // The second worker joins while the first is still applying the first part.
    const joining = worker(topic);
    await appendTraffic(store, traffic.slice(150, 300));
    const second = await joining;
    await stopped(first);
    await appendTraffic(store, traffic.slice(300));
    await publisher.caughtUp(30_000);
    await second.caughtUp(60_000);

    expect(await projectedFigures(db)).toEqual(await referenceFigures(adapter, PARTITION_SAFE, traffic));
  });

  it('sends malformed, invalid, unknown-type and unprojectable messages to the dead-letter topic with their reason, and keeps applying the good ones', async () => {
    const topic = kafka.newTopic();
    const scans = analyticsTraffic(60, 13).filter((a) => a.event.type === 'ScanRecorded');
    // Published as the relay would, without a store: these messages need not come from one.
    const events: RecordedEvent[] = scans.map(({ streamId, event }, i) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {},
      schemaVersion: 1,
      streamId,
      streamPosition: i,
      globalPosition: i + 1,
      transactionId: '1',
      occurredAt: event.occurredAt!,
      recordedAt: event.occurredAt!,
    }));
    const good = events.map(toKafkaMessage);
    const [template] = good;
    const unknownType = toKafkaMessage({ ...events[0]!, id: randomUUID(), type: 'ScanTeleported' });
    // A scan without its organisation: the scan counts' NOT NULL refuses it, and retrying will not help.
    const unprojectable = toKafkaMessage({ ...events[0]!, id: randomUUID(), data: { code_id: 'CODEZZZZZ9' } });
    const producer = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    try {
      await producer.send({ topic, acks: -1, messages: good.slice(0, 20) });
      await producer.send({
        topic,
        acks: -1,
        messages: [
          { key: template!.key, value: '{"id": "not json', headers: { origin: 'test' } },
          { key: template!.key, value: JSON.stringify({ ...JSON.parse(template!.value), global_position: -3 }) },
          unknownType,
          unprojectable,
        ],
      });
      const first = await worker(topic, [scanCounts]);
      await producer.send({ topic, acks: -1, messages: good.slice(20) });
      await first.caughtUp(30_000);
    } finally {
      await producer.disconnect();
    }

    const letters = await readTestTopic(kafka.brokers, deadLetterTopic(topic), 4);
    expect(letters.map((l) => l.headers[DEAD_LETTER_HEADERS.reason]).sort()).toEqual(['handler_failed', 'invalid_message', 'malformed_json', 'unknown_type']);
    for (const letter of letters) {
      expect(letter.headers[DEAD_LETTER_HEADERS.projection]).toBe('scan_counts');
      expect(letter.headers[DEAD_LETTER_HEADERS.topic]).toBe(topic);
      expect(Number(letter.headers[DEAD_LETTER_HEADERS.offset])).toBeGreaterThanOrEqual(0);
      expect(letter.headers[DEAD_LETTER_HEADERS.partition]).toMatch(/^\d+$/);
      expect(letter.headers[DEAD_LETTER_HEADERS.detail]).not.toBe('');
    }
    const byReason = new Map(letters.map((l) => [l.headers[DEAD_LETTER_HEADERS.reason], l]));
    expect(byReason.get('malformed_json')).toMatchObject({ value: '{"id": "not json', headers: expect.objectContaining({ origin: 'test' }) });
    expect(byReason.get('invalid_message')!.headers[DEAD_LETTER_HEADERS.detail]).toContain('global_position');
    expect(byReason.get('unknown_type')!.headers[DEAD_LETTER_HEADERS.detail]).toContain('ScanTeleported');
    expect(byReason.get('handler_failed')!.value).toBe(unprojectable.value);

    // Every good scan counted once, those sent after the bad ones too.
    const { rows } = await db.query<{ scans: string }>('SELECT coalesce(sum(scans), 0) AS scans FROM scan_counts');
    expect(Number(rows[0]!.scans)).toBe(countedScans(scans));
  });

  it('builds a new version from the topic in a generation of its own while the old one answers, then switches to it', async () => {
    const topic = kafka.newTopic();
    const traffic = analyticsTraffic(120, 14).filter((a) => a.event.type === 'ScanRecorded');
    const publisher = await relay(topic);
    await appendTraffic(store, traffic);
    const first = await worker(topic, [scanCounts]);
    await publisher.caughtUp(30_000);
    await first.caughtUp(30_000);
    await stopped(first);
    const before = (await db.query('SELECT * FROM scan_counts ORDER BY code_id')).rows;

    const next = await worker(topic, [{ ...scanCounts, version: scanCounts.version + 1 }]);
    await next.caughtUp(30_000);
    const { rows: generations } = await db.query<{ generation: number; status: string; code_version: number }>(
      `SELECT generation, status, code_version FROM projection_checkpoints WHERE name = 'scan_counts' ORDER BY generation`,
    );
    expect(generations).toEqual([
      { generation: 1, status: 'retired', code_version: scanCounts.version },
      { generation: 2, status: 'live', code_version: scanCounts.version + 1 },
    ]);
    expect((await db.query('SELECT * FROM scan_counts ORDER BY code_id')).rows).toEqual(before);
  });
});

/** A TCP proxy on `port` to `target` (host:port), standing in for a broker that comes up late. */
async function forward(port: number, target: string): Promise<Server> {
  const [host, targetPort] = target.split(':');
  const server = createServer((client) => {
    const upstream = connect(Number(targetPort), host);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
