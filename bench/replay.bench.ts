/**
 * Replay throughput (DESIGN.md §4): how fast `npm run replay` rebuilds a simple read model (scans
 * per code) from the first event, on PGlite and on PostgreSQL. Each timed run is a whole rebuild:
 * a new generation filled from position 0, promoted, the old one dropped, the counts checked, with
 * the runner's defaults, as the replay CLI runs it.
 */
import { BatchingAppender, PostgresEventStore } from '@qr/eventstore';
import { createLogger } from '@qr/platform';
import { ProjectionRunner } from '@qr/projections-runner';
import { scanTally } from '../projections/runner/src/scan-tally.fixture';
import { openPgliteDataDir, openPostgres, type BenchDatabase } from './bench-databases';
import { formatRate, markdownTable, measureRates, targetLines, writeResults } from './harness';
import { scanRequest, scanStreams } from './scan-events';

const EVENTS = 100_000;
const PGLITE_TARGET = 15_000;

async function seed(database: BenchDatabase): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(database.db);
  const appender = new BatchingAppender(store, { maxBatch: 1000 });
  const streams = scanStreams(200, 4);
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const stream = streams[i % streams.length]!;
    const request = scanRequest(stream);
    request.events = request.events.map((event) => ({ ...event, type: 'ScanRecorded', data: { code_id: stream.codeId } }));
    pending.push(appender.append(request));
  }
  await Promise.all(pending);
  return store;
}

export async function run(): Promise<void> {
  const openers: (() => Promise<BenchDatabase>)[] = [openPgliteDataDir];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) openers.push(() => openPostgres(serverUrl, 4));
  else console.log('PostgreSQL row skipped: DATABASE_URL is not set. To include it: DATABASE_URL=postgres://user@host:5432/db npm run bench -- replay');

  const rows: string[][] = [];
  const results: Record<string, unknown>[] = [];
  let pgliteRate = 0;
  for (const open of openers) {
    const database = await open();
    try {
      const store = await seed(database);
      const runner = new ProjectionRunner(database.db, store, [scanTally], createLogger('silent'));
      let countsMatch = true;
      const { rebuild } = await measureRates({
        rebuild: () => async () => {
          const report = await runner.rebuild(scanTally.name);
          countsMatch &&= report.eventsProcessed === report.eventsInStore && report.eventsProcessed === EVENTS;
          return report.eventsProcessed;
        },
      });
      if (database.name === 'PGlite') pgliteRate = rebuild.median;
      rows.push([database.name, formatRate(EVENTS), formatRate(rebuild.median), countsMatch ? 'yes' : 'NO', database.storage]);
      results.push({ database: database.name, storage: database.storage, events: EVENTS, rate: rebuild, countsMatch });
    } finally {
      await database.close();
    }
  }

  console.log('\nReplay of a simple read model (scans per code), median of 3 after a warm-up\n');
  console.log(markdownTable(['database', 'events', 'events/s', 'counts match', 'storage'], rows));
  console.log(
    `\n${targetLines([{ target: `PGlite replay >= ${formatRate(PGLITE_TARGET)} events/s`, measured: `${formatRate(pgliteRate)} events/s`, met: pgliteRate >= PGLITE_TARGET }])}`,
  );
  console.log(`Results: ${writeResults('replay', results)}`);
}
