import { createServer, connect, type Server, type Socket } from 'node:net';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import { kafkaAvailable, openTestKafka, testAdapters, type TestKafka } from '@qr/platform/testing';
import { analytics, ClickHouseAnalyticsStore, clickhouseAnalytics, WHOLE_ORGANIZATION } from '@qr/projections-analytics';
import { clickhouseServerUrl, openTestClickHouse, type TestClickHouse } from '@qr/projections-analytics/testing';
import { scanCounts } from '@qr/projections-codes';
import { KafkaRelay, partitionOffsets, ProjectionWorker } from '@qr/projections-runner';
import { analyticsTraffic, appendTraffic, referenceFigures } from './worker-traffic.fixture';

const log = createLogger('silent');

/** A TCP forwarder to ClickHouse that the test can cut (refusing connections, dropping open ones) and restore on the same port. */
class CuttableLink {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 8123), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

const serverUrl = clickhouseServerUrl();
const adapters = testAdapters().slice(-1);
const describeWithServices = serverUrl && kafkaAvailable() ? describe.each(adapters) : describe.skip.each(adapters);

describeWithServices('the ClickHouse sink in a projection worker on $name', (adapter) => {
  let kafka: TestKafka;
  let clickhouse: TestClickHouse;
  let db: SqlClient;
  let close: () => Promise<void>;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => (kafka = await openTestKafka()));
  afterAll(() => kafka.close());
  beforeEach(async () => {
    ({ db, close } = await adapter.open());
    clickhouse = openTestClickHouse(serverUrl!);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await close();
    await clickhouse.drop();
  });

  it('pauses while ClickHouse is unreachable and resumes without loss or double counting when it returns', async () => {
    const link = new CuttableLink(new URL(serverUrl!));
    await link.open();
    // The worker reaches the test's database through the link; the test reads it directly.
    const proxied = ClickHouseAnalyticsStore.open(`http://127.0.0.1:${link.port}/${clickhouse.store.database}`);
    running.push({ stop: () => proxied.close() });
    const store = new PostgresEventStore(db);
    const topic = kafka.newTopic();
    const relay = new KafkaRelay(db, store, log, { brokers: kafka.brokers, topic, pollIntervalMs: 20, batchSize: 100 });
    const sink = clickhouseAnalytics(proxied);
    const worker = new ProjectionWorker(db, log, {
      brokers: kafka.brokers,
      topic,
      projections: [sink],
      sessionTimeoutMs: 6000,
      rebalanceTimeoutMs: 8000,
      heartbeatIntervalMs: 300,
      maxWaitTimeMs: 100,
      retryDelayMs: 100,
      maxRetryDelayMs: 400,
    });
    running.push(relay, worker);
    const traffic = analyticsTraffic(300, 21);
    await relay.start();
    await worker.start();
    await appendTraffic(store, traffic.slice(0, 100));
    await relay.caughtUp(30_000);
    await worker.caughtUp(30_000);

    await link.cut();
    await appendTraffic(store, traffic.slice(100, 200));
    await relay.caughtUp(30_000);
    const applied = async () => (await partitionOffsets.ofGeneration(db, sink.name, 1, topic)).reduce((sum, o) => sum + o.nextOffset, 0);
    const whileDown = await applied();
    await expect(worker.caughtUp(1500)).rejects.toThrow('did not catch up');
    // Paused: nothing of the second part was taken as applied while ClickHouse was away.
    expect(await applied()).toBe(whileDown);
    expect(whileDown).toBe(100);

    await link.open();
    await appendTraffic(store, traffic.slice(200));
    await relay.caughtUp(30_000);
    await worker.caughtUp(30_000);

    const reference = await referenceFigures(adapter, [scanCounts, analytics], traffic);
    const measures = ['scans', 'qr_scans', 'link_visits', 'bots', 'submissions', 'events'] as const;
    // ClickHouse keeps per-code rows only; the Postgres rollups' whole-organisation rows are their sums.
    const expected = reference.hourly
      .filter((row) => row.code_id !== WHOLE_ORGANIZATION)
      .map((row) => [row.org_id, row.code_id, new Date(row.hour as Date).getTime() / 1000, ...measures.map((m) => Number(row[m]))].join('|'))
      .sort();
    const hourly = await clickhouse.store.rows<Record<string, string>>(
      `SELECT org_id, code_id, toUnixTimestamp(hour) AS at, ${measures.map((m) => `sum(${m}) AS ${m}`).join(', ')}
         FROM ${clickhouse.store.table('hourly')} GROUP BY org_id, code_id, hour`,
    );
    expect(hourly.map((row) => [row.org_id, row.code_id, Number(row.at), ...measures.map((m) => Number(row[m]))].join('|')).sort()).toEqual(expected);
    const [raw] = await clickhouse.store.rows<{ rows: string; ids: string }>(
      `SELECT count() AS rows, uniqExact(event_id) AS ids FROM ${clickhouse.store.table('events')}`,
    );
    expect(Number(raw!.rows)).toBe(Number(raw!.ids));
  });
});
