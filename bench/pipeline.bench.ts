/**
 * The scale path's targets (issue 7; DESIGN.md §2, §4, §5), each beside a raw baseline measured in
 * the same run:
 *
 * - Replay: one organisation's 1,000,000 scans appended through the real event store on a
 *   PostgreSQL database of its own, then rebuilt into the ClickHouse aggregates from position 0 as
 *   `npm run replay` runs it (the projection runner reads the log and feeds the ClickHouse sink).
 *   Baseline: the same rows inserted into a plain MergeTree table, with no views to feed.
 * - End-to-end lag: the API (built, spawned as `npm start` runs it, with KAFKA_BROKERS set, so its
 *   relay publishes every event) answers `GET /{code_id}` at a steady 1,000 scans/s; a projection
 *   worker (`npm run projections`) feeds the topic into ClickHouse; a probe counts the scans visible there every 50 ms.
 *   A scan's lag is the time from its 302 to the first count that covers it. Baseline: the same
 *   messages, read back from the topic, produced and consumed by kafkajs alone at the same rate.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { PostgresEventStore, type RecordedEvent } from '@qr/eventstore';
import { createLogger } from '@qr/platform';
import { clickhouseAnalytics, clickhouseEventRows, type ClickHouseAnalyticsStore } from '@qr/projections-analytics';
import { openTestClickHouse, type TestClickHouse } from '@qr/projections-analytics/testing';
import { DEFAULT_REBUILD_BATCH, ProjectionRunner } from '@qr/projections-runner';
import { openTestKafka, openTestPostgres, readTestTopic, type TestKafka } from '@qr/platform/testing';
import { openPostgres } from './bench-databases';
import { REPO, startProcess, startServer } from './bench-servers';
import { formatPercent, formatRate, markdownTable, percentile, targetLines, writeResults } from './harness';
import { fixtureCodes, PHONE_HEADERS, scanData, seedCodes, seedScans, urlCodes, type ScanFixture } from './scan-fixture';

/** `BENCH_EVENTS=50000 npm run bench -- pipeline` for a quick try; the replay target is for a million. */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const FIXTURE_CODES = 40;
const DAYS = 365;
const SCANS_PER_SECOND = 1_000;
const WARMUP_SECONDS = 5;
/** `BENCH_LAG_SECONDS=10` for a quick try. */
const MEASURE_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 30);
const SCAN_CODES = 16;
const PROBE_INTERVAL_MS = 50;
/** How long the pipeline may take to show the last scan once the load stops. */
const DRAIN_TIMEOUT_MS = 60_000;
const REPLAY_TARGET = 50_000;
const LAG_P95_TARGET_MS = 2_000;

const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clickhouseUrl = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';

interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const latencies = (values: readonly number[]): Latencies => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
  max: Math.max(...values),
});

const seconds = (since: number) => (performance.now() - since) / 1000;
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

export async function run(): Promise<void> {
  console.error('Building the API (nx run api:build)…');
  execFileSync('npx', ['nx', 'run', 'api:build', '--output-style=stream'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  const clickhouseVersion = await serverVersion();

  const replay = await measureReplay();
  const lag = await measureLag();

  console.log(`\nScale path on PostgreSQL (${replay.storage}), ClickHouse ${clickhouseVersion}, Kafka ${lag.kafka}\n`);
  console.log(
    `Replay: ${formatRate(replay.events)} scans of one organisation over ${DAYS} days, appended in ${replay.seedSeconds.toFixed(1)} s, rebuilt in ${replay.seconds.toFixed(1)} s (${replay.cpuSeconds.toFixed(1)} s of this process's CPU); aggregates count ${formatRate(replay.counted)} events.`,
  );
  console.log(
    `Lag: ${formatRate(lag.scans)} scans at ${formatRate(lag.sentPerSecond)}/s over ${WARMUP_SECONDS + MEASURE_SECONDS} s (the first ${WARMUP_SECONDS} s warm up), ${formatRate(lag.redirects)} answered 302 (${lag.failures} failed), ${formatRate(lag.visible)} visible in ClickHouse; one projection worker (npm run projections).\n`,
  );
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : `not visible after ${DRAIN_TIMEOUT_MS / 1000} s`);
  const times = (pipeline: number, raw: number) => (Number.isFinite(pipeline / raw) ? `${(pipeline / raw).toFixed(1)}×` : '–');
  console.log(
    markdownTable(
      ['figure', 'pipeline', 'raw baseline', 'ratio'],
      [
        [
          'replay into the ClickHouse aggregates',
          `${formatRate(replay.rate)} events/s`,
          `${formatRate(replay.rawRate)} rows/s (insert into a plain MergeTree)`,
          formatPercent(replay.rate / replay.rawRate),
        ],
        ['scan answered → visible, p50', ms(lag.pipeline.p50), `${ms(lag.raw.p50)} (kafkajs produce → consume)`, times(lag.pipeline.p50, lag.raw.p50)],
        ['scan answered → visible, p95', ms(lag.pipeline.p95), ms(lag.raw.p95), times(lag.pipeline.p95, lag.raw.p95)],
        ['scan answered → visible, p99', ms(lag.pipeline.p99), ms(lag.raw.p99), times(lag.pipeline.p99, lag.raw.p99)],
        ['scan answered → visible, max', ms(lag.pipeline.max), ms(lag.raw.max), times(lag.pipeline.max, lag.raw.max)],
      ],
    ),
  );
  console.log(
    `\n${targetLines([
      {
        target: `replay of ${formatRate(EVENTS)} events into the ClickHouse aggregates >= ${formatRate(REPLAY_TARGET)} events/s`,
        measured: `${formatRate(replay.rate)} events/s`,
        met: replay.rate >= REPLAY_TARGET && EVENTS >= 1_000_000,
      },
      {
        target: 'the replayed aggregates count every event',
        measured: `${formatRate(replay.counted)} of ${formatRate(replay.events)}`,
        met: replay.counted === replay.events,
      },
      {
        target: `end-to-end lag p95 <= ${formatRate(LAG_P95_TARGET_MS)} ms at ${formatRate(SCANS_PER_SECOND)} scans/s`,
        measured: `${ms(lag.pipeline.p95)} at ${formatRate(lag.sentPerSecond)} scans/s`,
        met: lag.pipeline.p95 <= LAG_P95_TARGET_MS && lag.sentPerSecond >= SCANS_PER_SECOND * 0.98,
      },
      {
        target: 'every scan answered 302 is counted in ClickHouse, once',
        measured: `${formatRate(lag.visible)} counted for ${formatRate(lag.redirects)} answered`,
        met: lag.visible === lag.redirects && lag.failures === 0,
      },
    ])}`,
  );
  console.log(`Results: ${writeResults('pipeline', { clickhouseVersion, replay, lag })}`);
}

async function serverVersion(): Promise<string> {
  const clickhouse = openTestClickHouse(clickhouseUrl);
  try {
    const [row] = await clickhouse.store.rows<{ version: string }>('SELECT version() AS version');
    return row!.version;
  } finally {
    await clickhouse.drop();
  }
}

// ── Replay ───────────────────────────────────────────────────────────────────────────────────────

interface ReplayResult {
  storage: string;
  events: number;
  seedSeconds: number;
  seconds: number;
  cpuSeconds: number;
  rate: number;
  counted: number;
  rawRate: number;
}

async function measureReplay(): Promise<ReplayResult> {
  const database = await openPostgres(postgresUrl, 4);
  const clickhouse = openTestClickHouse(clickhouseUrl);
  try {
    const fixture: ScanFixture = { orgId: randomUUID(), events: EVENTS, codes: FIXTURE_CODES, days: DAYS, now: new Date() };
    console.error(`Appending ${formatRate(EVENTS)} ScanRecorded events to PostgreSQL…`);
    const { seconds: seedSeconds } = await seedScans(database.db, fixture);

    console.error('Replaying them into ClickHouse…');
    const sink = clickhouseAnalytics(clickhouse.store);
    const runner = new ProjectionRunner(database.db, new PostgresEventStore(database.db), [sink], createLogger('silent'));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const report = await runner.rebuild(sink.name);
    const replaySeconds = seconds(started);
    const cpu = process.cpuUsage(cpuBefore);
    const counted = await visibleEvents(clickhouse.store, fixture.orgId);

    console.error('Inserting the same rows into a plain table…');
    const rawRate = await rawInsertRate(clickhouse, fixture);
    return {
      storage: database.storage,
      events: report.eventsProcessed,
      seedSeconds,
      seconds: replaySeconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rate: report.eventsProcessed / replaySeconds,
      counted,
      rawRate,
    };
  } finally {
    await clickhouse.drop();
    await database.close();
  }
}

/** Events the organisation's aggregates count: scans, bots among them. */
async function visibleEvents(store: ClickHouseAnalyticsStore, orgId: string): Promise<number> {
  const [row] = await store.rows<{ counted: string }>(`SELECT sum(scans) + sum(bots) AS counted FROM ${store.table('hourly')} WHERE org_id = '${orgId}'`);
  return Number(row?.counted ?? 0);
}

/**
 * The fixture's rows, as the sink makes them, inserted batch by batch into a MergeTree table of the
 * raw table's columns and order but no views. Only the inserts are timed.
 */
async function rawInsertRate(clickhouse: TestClickHouse, fixture: ScanFixture): Promise<number> {
  const { store } = clickhouse;
  const table = `${store.database}.bench_raw_events`;
  await store.command(`CREATE TABLE ${table} AS ${store.table('events')} ENGINE = MergeTree() PARTITION BY toYYYYMM(at) ORDER BY (at, event_id)`);
  const codes = fixtureCodes(fixture.codes);
  let insertSeconds = 0;
  for (let first = 0; first < fixture.events; first += DEFAULT_REBUILD_BATCH) {
    const events = Array.from({ length: Math.min(DEFAULT_REBUILD_BATCH, fixture.events - first) }, (_, k): RecordedEvent => {
      const { data, at } = scanData(fixture, codes[(first + k) % codes.length]!, first + k);
      return {
        id: randomUUID(),
        type: 'ScanRecorded',
        data,
        metadata: { org_id: fixture.orgId },
        schemaVersion: 1,
        streamId: '',
        streamPosition: 0,
        globalPosition: first + k + 1,
        transactionId: '0',
        occurredAt: at,
        recordedAt: at,
      };
    });
    const values = clickhouseEventRows(events);
    const started = performance.now();
    await store.insert(table, values);
    insertSeconds += seconds(started);
  }
  return fixture.events / insertSeconds;
}

// ── End-to-end lag ───────────────────────────────────────────────────────────────────────────────

interface LagResult {
  kafka: string;
  scans: number;
  sentPerSecond: number;
  redirects: number;
  failures: number;
  visible: number;
  pipeline: Latencies;
  raw: Latencies;
  rawMessages: number;
}

async function measureLag(): Promise<LagResult> {
  const kafka = await openTestKafka();
  const database = await openTestPostgres(postgresUrl, { max: 2 });
  const clickhouse = openTestClickHouse(clickhouseUrl);
  const stops: (() => Promise<void>)[] = [];
  try {
    const topic = kafka.newTopic();
    const orgId = randomUUID();
    const codes = urlCodes(SCAN_CODES);
    await seedCodes(database.db, orgId, codes);
    await clickhouse.store.ready();
    // As docker-compose runs them: the API appends and relays, the worker projects.
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_TOPIC: topic,
      CLICKHOUSE_URL: clickhouse.url,
    };
    const api = await startServer([join(REPO, 'dist/apps/api/src/main.js')], { ...env, LOG_LEVEL: 'warn' });
    stops.push(api.stop);
    const worker = await startProcess(
      [join(REPO, 'dist/projections/registry/src/projections.main.js')],
      { ...env, LOG_LEVEL: 'info' },
      {
        ready: (line) => line.includes('projection worker started'),
      },
    );
    stops.push(worker.stop);

    console.error(`Scanning at ${SCANS_PER_SECOND}/s for ${WARMUP_SECONDS + MEASURE_SECONDS} s…`);
    const probe = startProbe(() => visibleEvents(clickhouse.store, orgId));
    const load = await steadyScans(
      api.port,
      codes.map((code) => `/${code.codeId}`),
    );
    const visible = await probe.until(load.answeredAt.length, DRAIN_TIMEOUT_MS);
    const lags = lagsOf(load.answeredAt, probe.samples).slice(load.warmupScans);

    console.error('Producing and consuming the same messages with kafkajs alone…');
    const messages = await readTestTopic(kafka.brokers, topic, load.answeredAt.length + codes.length);
    const raw = await rawKafkaLatencies(kafka, messages);
    return {
      kafka: process.env.KAFKA_BROKERS ? `at ${process.env.KAFKA_BROKERS}` : 'mock cluster (kcat, 3 brokers)',
      scans: load.sent,
      sentPerSecond: load.sentPerSecond,
      redirects: load.answeredAt.length,
      failures: load.failures,
      visible,
      pipeline: latencies(lags),
      raw: latencies(raw.slice(codes.length + load.warmupScans)),
      rawMessages: raw.length,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await clickhouse.drop();
    await database.drop();
    await kafka.close();
  }
}

interface ScanLoad {
  sent: number;
  sentPerSecond: number;
  /** performance.now() of each 302, in the order they came. */
  answeredAt: number[];
  failures: number;
  /** Scans sent during the warm-up, left out of the percentiles. */
  warmupScans: number;
}

/**
 * Sends `SCANS_PER_SECOND` scans a second, spread over 5 ms ticks and catching up on a late tick, so
 * the rate holds whatever each answer takes.
 */
async function steadyScans(port: number, paths: readonly string[]): Promise<ScanLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answeredAt: number[] = [];
  const pending = new Set<Promise<void>>();
  let failures = 0;
  let sent = 0;
  const scan = (path: string) =>
    new Promise<void>((done) => {
      const req = request({ host: '127.0.0.1', port, path, agent, headers: PHONE_HEADERS }, (response) => {
        if (response.statusCode === 302) answeredAt.push(performance.now());
        else failures++;
        response.resume();
        response.on('end', done);
      });
      req.on('error', () => {
        failures++;
        done();
      });
      req.end();
    });
  const total = SCANS_PER_SECOND * (WARMUP_SECONDS + MEASURE_SECONDS);
  const started = performance.now();
  while (sent < total) {
    const due = Math.min(total, Math.floor(seconds(started) * SCANS_PER_SECOND));
    for (; sent < due; sent++) {
      const answer = scan(paths[sent % paths.length]!);
      pending.add(answer);
      void answer.then(() => pending.delete(answer));
    }
    await sleep(5);
  }
  const sentPerSecond = sent / seconds(started);
  await Promise.all(pending);
  agent.destroy();
  return { sent, sentPerSecond, answeredAt, failures, warmupScans: SCANS_PER_SECOND * WARMUP_SECONDS };
}

interface ProbeSample {
  at: number;
  count: number;
}

/** Counts what is visible every PROBE_INTERVAL_MS; each sample's time is when its answer came. */
function startProbe(count: () => Promise<number>) {
  const samples: ProbeSample[] = [];
  let latest = 0;
  let stopped = false;
  const loop = (async () => {
    for (;;) {
      const asked = performance.now();
      latest = await count();
      samples.push({ at: performance.now(), count: latest });
      if (stopped) return;
      await sleep(Math.max(0, PROBE_INTERVAL_MS - (performance.now() - asked)));
    }
  })();
  return {
    samples,
    /** Keeps probing until `expected` are visible or the time is up; returns the last count. */
    async until(expected: number, timeoutMs: number): Promise<number> {
      const deadline = performance.now() + timeoutMs;
      while (latest < expected && performance.now() < deadline) await sleep(PROBE_INTERVAL_MS);
      stopped = true;
      await loop;
      return latest;
    },
  };
}

/**
 * The k-th answered scan is visible at the first sample counting k or more: the pipeline keeps no
 * order across partitions, so this is each scan's lag as a reader sees the count grow.
 */
function lagsOf(answeredAt: readonly number[], samples: readonly ProbeSample[]): number[] {
  const lags: number[] = [];
  let sample = 0;
  for (let k = 0; k < answeredAt.length; k++) {
    while (sample < samples.length && samples[sample]!.count < k + 1) sample++;
    // Never visible before the probe stopped: an infinite lag, so the percentiles show it.
    const visibleAt = samples[sample]?.at ?? Infinity;
    lags.push(Math.max(0, visibleAt - answeredAt[k]!));
  }
  return lags;
}

/**
 * The baseline: the pipeline's own messages (keys, headers, values) sent to a new topic at the same
 * rate by a kafkajs producer like the relay's, and read by a kafkajs consumer; each message's time
 * from its send to its arrival, in the order they were sent.
 */
async function rawKafkaLatencies(kafka: TestKafka, messages: readonly { key: string; headers: Record<string, string>; value: string }[]): Promise<number[]> {
  const topic = kafka.newTopic();
  const client = new Kafka({ clientId: 'bench-raw', brokers: kafka.brokers, logLevel: logLevel.NOTHING });
  const producer = client.producer({ maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  const consumer = client.consumer({ groupId: `bench-raw.${randomUUID()}`, maxWaitTimeInMs: 100 });
  const sentAt = new Map<string, { index: number; at: number }>();
  const latenciesMs: number[] = Array.from(messages, () => Infinity);
  let arrivals = 0;
  const idOf = (key: string, eventId: string | undefined) => `${key}/${eventId ?? ''}`;
  await producer.connect();
  // The topic exists before the consumer joins, so it starts at its first message.
  await producer.send({ topic, acks: -1, messages: [{ key: 'warm-up', value: '{}' }] });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachBatch: async ({ batch }) => {
      const arrived = performance.now();
      for (const message of batch.messages) {
        const sent = sentAt.get(idOf(String(message.key), message.headers?.event_id?.toString()));
        if (sent === undefined) continue;
        latenciesMs[sent.index] = arrived - sent.at;
        arrivals++;
      }
    },
  });
  await sleep(1_000);
  const started = performance.now();
  let sent = 0;
  const sends: Promise<unknown>[] = [];
  while (sent < messages.length) {
    const due = Math.min(messages.length, Math.floor(seconds(started) * SCANS_PER_SECOND));
    const batch = messages.slice(sent, due);
    sent = due;
    if (batch.length > 0) {
      const at = performance.now();
      batch.forEach((message, i) => sentAt.set(idOf(message.key, message.headers.event_id), { index: sent - batch.length + i, at }));
      sends.push(producer.send({ topic, acks: -1, messages: batch.map(({ key, headers, value }) => ({ key, headers, value })) }));
    }
    await sleep(5);
  }
  await Promise.all(sends);
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (arrivals < messages.length && performance.now() < deadline) await sleep(50);
  await consumer.disconnect();
  await producer.disconnect();
  return latenciesMs;
}
