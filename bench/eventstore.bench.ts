/**
 * Event store append throughput (DESIGN.md §3): single-event transactions, the group-commit
 * BatchingAppender, and raw multi-row INSERTs of the same rows, on PGlite and on PostgreSQL. All
 * batched rows of a database are measured in turns in one run, so their ratios are fair.
 */
import { cpus, loadavg } from 'node:os';
import { SCAN_SHARDS } from '@qr/domain';
import { BatchingAppender, PostgresEventStore, type AppendRequest } from '@qr/eventstore';
import { PgliteClient } from '@qr/platform';
import { openPgliteDataDir, openPostgres, type BenchDatabase } from './bench-databases';
import {
  formatPercent,
  formatRate,
  markdownTable,
  measureRates,
  runConcurrently,
  targetLines,
  writeResults,
  type Rate,
  type TargetCheck,
  type Workload,
} from './harness';
import { createRawTables, insertJsonRecordset, insertValues } from './raw-inserts';
import { scanRequest, scanStreams } from './scan-events';

const OUTSTANDING_REQUESTS = 2000;
const MAX_BATCH = 500;
const CONCURRENT_CALLERS = 16;
const POSTGRES_POOL = 8;
/** The target's "shared small set": 16 codes scanned at once. */
const SHARED_CODES = 16;
/** Scans spread over many codes: nearly every request in a batch moves a different stream row. */
const SPREAD_CODES = 1024;
const PGLITE_TARGET_RATIO = 0.8;
const POSTGRES_TARGET_RATE = 50_000;

interface Plan {
  /** Streams a code's scans spread over, as the API's HotPathAppender spreads them on this database. */
  shardsPerCode: number;
  /** Events per timed run of the single-event rows, and of the batched rows. */
  singleEvents: number;
  batchedEvents: number;
  /** PGlite is one connection; on PostgreSQL a few transactions overlap. */
  maxInFlight: number;
}

const PLANS: Record<BenchDatabase['name'], Plan> = {
  PGlite: { shardsPerCode: 1, singleEvents: 500, batchedEvents: 20_000, maxInFlight: 1 },
  PostgreSQL: { shardsPerCode: SCAN_SHARDS, singleEvents: 500, batchedEvents: 50_000, maxInFlight: 4 },
};

type RowKey = 'sequential' | 'concurrent' | 'appender' | 'appenderSpread' | 'rawIndexed' | 'ceilingValues' | 'ceilingJson';

function rowLabels(plan: Plan): Record<RowKey, string> {
  const batches = `batches of ${MAX_BATCH}, ${plan.maxInFlight} in flight`;
  return {
    sequential: 'append(), 1 event per transaction, sequential',
    concurrent: `append(), 1 event per transaction, ${CONCURRENT_CALLERS} concurrent callers`,
    appender: `BatchingAppender, ${formatRate(OUTSTANDING_REQUESTS)} outstanding, maxBatch ${MAX_BATCH}, ${plan.maxInFlight} in flight`,
    appenderSpread: `same, spread over ${formatRate(SPREAD_CODES * plan.shardsPerCode)} streams`,
    rawIndexed: `raw INSERT … jsonb_to_recordset, es_events' key + indexes, ${batches}`,
    ceilingValues: `ceiling: raw INSERT … VALUES, no keys/indexes, ${batches}`,
    ceilingJson: `ceiling: raw INSERT … jsonb_to_recordset, no keys/indexes, ${batches}`,
  };
}

interface DatabaseResult {
  database: BenchDatabase['name'];
  storage: string;
  labels: Record<RowKey, string>;
  rates: Record<RowKey, Rate>;
}

export async function run(): Promise<void> {
  const openers: (() => Promise<BenchDatabase>)[] = [openPgliteDataDir];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) openers.push(() => openPostgres(serverUrl, POSTGRES_POOL));
  else console.log('PostgreSQL rows skipped: DATABASE_URL is not set. To include them: DATABASE_URL=postgres://user@host:5432/db npm run bench -- eventstore');

  const loadAtStart = loadavg()[0]!;
  const results: DatabaseResult[] = [];
  for (const open of openers) {
    const database = await open();
    try {
      console.error(`Measuring ${database.name} (${database.storage})…`);
      results.push(await measureDatabase(database, PLANS[database.name]));
    } finally {
      await database.close();
    }
  }
  report(results, loadAtStart);
}

async function measureDatabase(database: BenchDatabase, plan: Plan): Promise<DatabaseResult> {
  const { db } = database;
  const store = new PostgresEventStore(db);
  const appender = new BatchingAppender(store, { maxBatch: MAX_BATCH, maxInFlight: plan.maxInFlight });
  await createRawTables(db);
  // Their indexes get free space maps as the event store's did when the database opened.
  if (db instanceof PgliteClient) await db.createMissingIndexFreeSpaceMaps();
  const shared = scanStreams(SHARED_CODES, plan.shardsPerCode);
  const spread = scanStreams(SPREAD_CODES, plan.shardsPerCode);
  let sequence = 0;
  // Requests are made before the clock starts: the benchmark measures writing them, not inventing them.
  const requests = (count: number, streams = shared) => Array.from({ length: count }, () => scanRequest(streams[sequence++ % streams.length]!));
  const oneByOne =
    (callers: number, count: number, append: (request: AppendRequest) => Promise<unknown>, streams = shared): Workload =>
    () => {
      const batch = requests(count, streams);
      return () => runConcurrently(count, callers, (i) => append(batch[i]!));
    };
  const inBatches =
    (write: (batch: AppendRequest[]) => Promise<void>): Workload =>
    () => {
      const all = requests(plan.batchedEvents);
      return async () => {
        await runConcurrently(all.length / MAX_BATCH, plan.maxInFlight, (i) => write(all.slice(i * MAX_BATCH, (i + 1) * MAX_BATCH)));
        return all.length;
      };
    };

  const singles = await measureRates({
    sequential: oneByOne(1, plan.singleEvents, (request) => store.append(request)),
    concurrent: oneByOne(CONCURRENT_CALLERS, plan.singleEvents, (request) => store.append(request)),
  });
  const batched = await measureRates({
    appender: oneByOne(OUTSTANDING_REQUESTS, plan.batchedEvents, (request) => appender.append(request)),
    appenderSpread: oneByOne(OUTSTANDING_REQUESTS, plan.batchedEvents, (request) => appender.append(request), spread),
    rawIndexed: inBatches((batch) => insertJsonRecordset(db, 'bench_raw_indexed', batch)),
    ceilingValues: inBatches((batch) => insertValues(db, 'bench_raw_plain', batch)),
    ceilingJson: inBatches((batch) => insertJsonRecordset(db, 'bench_raw_plain', batch)),
  });
  return { database: database.name, storage: database.storage, labels: rowLabels(plan), rates: { ...singles, ...batched } };
}

function report(results: readonly DatabaseResult[], loadAtStart: number): void {
  const shards = results.map((result) => `${PLANS[result.database].shardsPerCode} on ${result.database}`).join(', ');
  console.log(
    `\nEvent store appends: 1 event per request to the 'scans-<code>-<shard>' streams of ${SHARED_CODES} codes (unless stated), shards per code as the API uses them (${shards}), expectedVersion 'any';`,
  );
  console.log('events/s is the median of 3 runs after a warm-up; ratios divide by the ceilings of the same database and run.');
  if (loadAtStart > cpus().length / 2) {
    console.log(`Note: load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at the start: other processes compete, expect noise.`);
  }
  console.log('');
  for (const result of results) console.log(`${result.database}: ${result.storage}`);
  const tableRows = results.flatMap((result) =>
    (Object.keys(result.labels) as RowKey[]).map((key) => {
      const rate = result.rates[key].median;
      return [
        result.database,
        result.labels[key],
        formatRate(rate),
        formatPercent(rate / result.rates.ceilingValues.median),
        formatPercent(rate / result.rates.ceilingJson.median),
      ];
    }),
  );
  console.log(`\n${markdownTable(['Database', 'Workload', 'events/s', 'vs VALUES ceiling', 'vs jsonb ceiling'], tableRows)}\n`);

  const targets = targetChecks(results);
  console.log(targetLines(targets));
  const file = writeResults('eventstore', {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadAtStart,
    settings: {
      sharedCodes: SHARED_CODES,
      spreadCodes: SPREAD_CODES,
      outstandingRequests: OUTSTANDING_REQUESTS,
      maxBatch: MAX_BATCH,
      concurrentCallers: CONCURRENT_CALLERS,
      plans: PLANS,
    },
    databases: results.map((result) => ({
      database: result.database,
      storage: result.storage,
      rows: (Object.keys(result.labels) as RowKey[]).map((key) => ({
        key,
        workload: result.labels[key],
        eventsPerSecond: Math.round(result.rates[key].median),
        samples: result.rates[key].samples.map(Math.round),
        ratioToValuesCeiling: result.rates[key].median / result.rates.ceilingValues.median,
        ratioToJsonCeiling: result.rates[key].median / result.rates.ceilingJson.median,
      })),
    })),
    targets,
  });
  console.log(`\nJSON: ${file}`);
}

function targetChecks(results: readonly DatabaseResult[]): TargetCheck[] {
  const pglite = results.find((result) => result.database === 'PGlite');
  const postgres = results.find((result) => result.database === 'PostgreSQL');
  const pgliteShare = (ceiling: RowKey) => (pglite ? pglite.rates.appender.median / pglite.rates[ceiling].median : 0);
  return [
    {
      target: `PGlite BatchingAppender >= ${formatPercent(PGLITE_TARGET_RATIO)} of the raw batched INSERT … VALUES ceiling`,
      measured: pglite
        ? `${formatPercent(pgliteShare('ceilingValues'), { decimals: 1 })} (of the faster jsonb ceiling: ${formatPercent(pgliteShare('ceilingJson'))})`
        : 'not measured',
      met: pgliteShare('ceilingValues') >= PGLITE_TARGET_RATIO,
    },
    {
      target: `PostgreSQL BatchingAppender >= ${formatRate(POSTGRES_TARGET_RATE)} events/s`,
      measured: postgres ? `${formatRate(postgres.rates.appender.median)} events/s` : 'not measured (DATABASE_URL unset)',
      met: postgres !== undefined && postgres.rates.appender.median >= POSTGRES_TARGET_RATE,
    },
  ];
}
