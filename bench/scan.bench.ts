/**
 * Scan redirects per second with durable scan recording (issue 4's targets). The API, built and
 * started as `npm start` runs it, answers `GET /{code_id}` with a 302 only once its ScanRecorded is
 * committed; a bare `node:http` server answering the same 302 from a Map, measured in the same run,
 * is the ceiling the ratio divides by; the two take turns, so both see the machine at one speed.
 * Each server is a child process pinned to CPU 0 and the load generator (autocannon, in this
 * process) is pinned to CPU 1, so neither steals the other's core.
 * Beside each ratio it prints the CPU a scan of the API, of a local PostgreSQL server and of
 * autocannon, how idle each core was, and the rate those costs would allow with no core idle: a run
 * that waited and a run short of CPU read alike in the ratio alone.
 * Between the two it measures the floor (`scan-floor-server.ts`): the same 302 after the same event is
 * made durable through the API's own event store and appender, with nothing of the product around
 * it, so a run tells what the durable write costs on this machine apart from what the product adds.
 * The run ends by comparing the 302s answered with the ScanRecorded events stored: none may be lost.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteClient } from '@qr/platform';
import { openTestPglite, openTestPostgres } from '@qr/platform/testing';
import { describePostgres } from './bench-databases';
import { REPO, startServer, type RunningServer } from './bench-servers';
import { formatPercent, formatRate, markdownTable, median, targetLines, writeResults, type TargetCheck } from './harness';
import { PHONE_HEADERS, seedCodes, urlCodes } from './scan-fixture';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 5;
/**
 * Each side is measured in turns that alternate with the other's, and the ratio is the median of
 * the rounds' ratios: this machine's speed moves within a minute (the baseline alone read 17,800
 * and 36,000 req/s in two runs ten minutes apart), so a ratio of two rates taken one after the
 * other said more about that moment than about the API.
 */
const ROUNDS = 3;
const TURN_SECONDS = 5;
/**
 * Before each turn the API must be quiet (under 5% of its core over a quarter second, or 15 s
 * passed): its projections catch up on the scans of its last turn, and after its warm-up it had
 * work left that halved the baseline's first turn.
 */
const QUIET_SHARE = 0.05;
const QUIET_SAMPLE_MS = 250;
const QUIET_WAIT_MS = 15_000;
/** A few popular codes scanned at once: each code's scans spread over its shard streams. */
const CODES = 16;
/** Request logs off, as an operator serving many scans a second runs it (each log line costs about as much as the scan's SQL). */
export const LOG_LEVEL = 'warn';
export const SERVER_CPU = '0';

/** How an API bench against the scan path ran (pinning, the machine's load) and on which databases: the lines under its title. */
/**
 * What every bench of the API starts with: this process pinned, the API built as `npm start` runs
 * it, and the databases to measure on (PGlite, and PostgreSQL when DATABASE_URL is set).
 */
export function prepareApiBench(name: string): { pinned: boolean; openers: (() => Promise<BenchDatabase>)[]; loadAtStart: number } {
  const pinned = pinThisProcess();
  console.error('Building the API (nx run api:build)…');
  execFileSync('npx', ['nx', 'run', 'api:build', '--output-style=stream'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  const openers: (() => Promise<BenchDatabase>)[] = [openPglite];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) openers.push(() => openPostgres(serverUrl));
  else console.log(`PostgreSQL row skipped: DATABASE_URL is not set. To include it: DATABASE_URL=postgres://user@host:5432/db npm run bench -- ${name}`);
  return { pinned, openers, loadAtStart: loadavg()[0]! };
}

/**
 * Runs `measure` on each database `prepareApiBench` opened, one after the other, each closed after
 * its row; then `report` with every row, how loaded the machine was and whether this process is pinned.
 */
export async function measureOnEachDatabase<Row>(
  name: string,
  measure: (database: BenchDatabase) => Promise<Row>,
  report: (rows: (Row & { database: string; storage: string })[], loadAtStart: number, pinned: boolean) => void,
): Promise<void> {
  const { pinned, openers, loadAtStart } = prepareApiBench(name);
  const rows: (Row & { database: string; storage: string })[] = [];
  for (const open of openers) {
    const database = await open();
    try {
      console.error(`Measuring ${database.name} (${database.storage})…`);
      rows.push({ database: database.name, storage: database.storage, ...(await measure(database)) });
    } finally {
      await database.close();
    }
  }
  report(rows, loadAtStart, pinned);
}

export function printRunSetup(rows: readonly { database: string; storage: string }[], loadAtStart: number, pinned: boolean, load = 'autocannon'): void {
  console.log(
    pinned
      ? `API pinned to CPU ${SERVER_CPU}, ${load} to the other; the API runs as \`npm start\` does (NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}).`
      : `Note: not pinned (fewer than 2 CPUs or no taskset): the API and ${load} share CPUs.`,
  );
  if (loadAtStart > cpus().length / 2)
    console.log(`Note: load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at the start: other processes compete, expect noise.`);
  console.log('');
  for (const row of rows) console.log(`${row.database}: ${row.storage}`);
}
const LOAD_CPU = '1';

type DatabaseName = 'PGlite' | 'PostgreSQL';
const TARGETS: Record<DatabaseName, { ratio: number; p99Ms: number }> = {
  PGlite: { ratio: 0.3, p99Ms: 35 },
  PostgreSQL: { ratio: 0.45, p99Ms: 25 },
};

// autocannon ships no types: this is the part of its API the benchmark uses.
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { method: 'GET'; path: string }[];
}
interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  '3xx': number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- typed by the two interfaces above
const autocannon = require('autocannon') as (options: LoadOptions) => Promise<LoadResult>;

export interface Load {
  requestsPerSecond: number;
  /** The server process's CPU time (user + system) per request answered: steadier than req/s on a shared machine. */
  cpuMicrosPerRequest: number;
  /**
   * How busy each side's core was over the run (CPU time over wall time). The side near 100% sets
   * the rate; with neither near it, both wait on something else (on PostgreSQL, the batch's round trip).
   */
  serverCpuShare: number;
  loadGeneratorCpuShare: number;
  /**
   * How much of each core went to nothing at all (`/proc/stat`): a PostgreSQL server on this
   * machine runs on either core, so a process's share alone does not say whether a core was full.
   */
  serverCoreIdle: number;
  loadGeneratorCoreIdle: number;
  /** The local PostgreSQL server's CPU time (all its processes) per request; undefined for PGlite, whose work is in the API's. */
  databaseCpuMicrosPerRequest?: number;
  p99Ms: number;
  redirects: number;
  statuses: Record<string, number>;
  errors: number;
}

export interface BenchDatabase {
  name: DatabaseName;
  storage: string;
  /** How the API child process finds this database. */
  env: Record<string, string>;
  /** Reads the stored scans once the API has stopped (PGlite admits one process at a time). */
  countScans(): Promise<number>;
  /** CPU seconds the database server's processes have used so far, when they run on this machine. */
  serverCpuSeconds?(): number;
  close(): Promise<void>;
}

type Side = 'baseline' | 'floor' | 'api';
const SIDES: readonly Side[] = ['baseline', 'floor', 'api'];

interface Row {
  database: DatabaseName;
  storage: string;
  /** Each side's turns summed up: the medians of their figures, the counts added. */
  baseline: Load;
  floor: Load;
  api: Load;
  /** The API's rate over the baseline's, round by round. */
  ratios: number[];
  /** The floor's rate over the baseline's, and the API's over the floor's, round by round. */
  floorRatios: number[];
  apiOverFloor: number[];
  /** How busy the API's process kept its core during the baseline's turns: it must not slow the baseline. */
  apiShareInBaselineTurns: number[];
  /** 302s over the API's warm-up and measured runs, and the events stored for them. */
  redirectsAnswered: number;
  scansStored: number;
}

export const codes = urlCodes(CODES);
const scanPaths = codes.map(({ codeId }) => ({ method: 'GET' as const, path: `/${codeId}` }));

export async function run(): Promise<void> {
  const { pinned, openers, loadAtStart } = prepareApiBench('scan');
  const rows: Row[] = [];
  for (const open of openers) {
    // The floor writes to a database of its own, so the API's stored scans count only the API's.
    const database = await open();
    const floorDatabase = await open();
    try {
      console.error(`Measuring ${database.name} (${database.storage})…`);
      rows.push(await measure(database, floorDatabase));
    } finally {
      await database.close();
      await floorDatabase.close();
    }
  }
  report(rows, loadAtStart, pinned);
}

async function measure(database: BenchDatabase, floorDatabase: BenchDatabase): Promise<Row> {
  const targets = { TARGETS: JSON.stringify(codes.map((c) => [c.codeId, c.url])) };
  const baselineServer = await startServer(['-e', BASELINE_SERVER], targets, { cpu: SERVER_CPU });
  // BENCH_CPU_PROF=<dir> writes the API's CPU profile there (it slows the API: compare shares, not rates).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  let floorServer: RunningServer | undefined;
  let apiServer: RunningServer | undefined;
  let warmup: Load;
  const turns: Record<Side, Load[]> = { baseline: [], floor: [], api: [] };
  const apiShareInBaselineTurns: number[] = [];
  try {
    floorServer = await startServer(['--import', 'tsx', join(REPO, 'bench/scan-floor-server.ts')], { ...targets, ...floorDatabase.env }, { cpu: SERVER_CPU });
    apiServer = await startServer(
      [...profile, join(REPO, 'dist/apps/api/src/main.js')],
      { NODE_ENV: 'production', LOG_LEVEL, ...database.env },
      { cpu: SERVER_CPU },
    );
    await load(baselineServer, WARMUP_SECONDS);
    await load(floorServer, WARMUP_SECONDS);
    warmup = await load(apiServer, WARMUP_SECONDS);
    const servers: Record<Side, RunningServer> = { baseline: baselineServer, floor: floorServer, api: apiServer };
    for (let round = 0; round < ROUNDS; round++) {
      // Every other round the order turns round: in scan-ab the second turn of a round came out faster.
      for (const side of round % 2 === 0 ? SIDES : [...SIDES].reverse()) {
        await quiet(apiServer.pid);
        const apiCpuBefore = processCpuSeconds(apiServer.pid);
        const startedAt = performance.now();
        // The database server's CPU is read for the turns that write: the table shows it per scan.
        turns[side].push(await load(servers[side], TURN_SECONDS, side === 'baseline' ? undefined : database));
        if (side === 'baseline') apiShareInBaselineTurns.push((processCpuSeconds(apiServer.pid) - apiCpuBefore) / ((performance.now() - startedAt) / 1000));
      }
      const rate = (side: Side) => formatRate(turns[side][round]!.requestsPerSecond);
      console.error(`round ${round + 1}/${ROUNDS}: baseline ${rate('baseline')}/s, floor ${rate('floor')}/s, API ${rate('api')}/s`);
    }
  } finally {
    // SIGTERM: the API and the floor drain their appenders before they exit.
    await apiServer?.stop();
    await floorServer?.stop();
    await baselineServer.stop();
  }
  const perRound = (over: Side, under: Side) => turns[over].map((turn, round) => turn.requestsPerSecond / turns[under][round]!.requestsPerSecond);
  return {
    database: database.name,
    storage: database.storage,
    baseline: summed(turns.baseline),
    floor: summed(turns.floor),
    api: summed(turns.api),
    ratios: perRound('api', 'baseline'),
    floorRatios: perRound('floor', 'baseline'),
    apiOverFloor: perRound('api', 'floor'),
    apiShareInBaselineTurns,
    redirectsAnswered: warmup.redirects + turns.api.reduce((sum, turn) => sum + turn.redirects, 0),
    scansStored: await database.countScans(),
  };
}

/** Waits until the process uses less than QUIET_SHARE of a core, or QUIET_WAIT_MS have passed. */
export async function quiet(pid: number): Promise<void> {
  const deadline = performance.now() + QUIET_WAIT_MS;
  while (performance.now() < deadline) {
    const before = processCpuSeconds(pid);
    await new Promise((wake) => setTimeout(wake, QUIET_SAMPLE_MS));
    if (processCpuSeconds(pid) - before < (QUIET_SHARE * QUIET_SAMPLE_MS) / 1000) return;
  }
}

/** A side's turns as one: the median of each figure, and every answer and error counted. */
function summed(turns: readonly Load[]): Load {
  const middle = (figure: (turn: Load) => number) => median(turns.map(figure));
  const statuses: Record<string, number> = {};
  for (const turn of turns) for (const [status, count] of Object.entries(turn.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const databaseCpu = turns.flatMap((turn) => (turn.databaseCpuMicrosPerRequest === undefined ? [] : [turn.databaseCpuMicrosPerRequest]));
  return {
    requestsPerSecond: middle((turn) => turn.requestsPerSecond),
    cpuMicrosPerRequest: middle((turn) => turn.cpuMicrosPerRequest),
    serverCpuShare: middle((turn) => turn.serverCpuShare),
    loadGeneratorCpuShare: middle((turn) => turn.loadGeneratorCpuShare),
    serverCoreIdle: middle((turn) => turn.serverCoreIdle),
    loadGeneratorCoreIdle: middle((turn) => turn.loadGeneratorCoreIdle),
    databaseCpuMicrosPerRequest: databaseCpu.length === turns.length ? median(databaseCpu) : undefined,
    p99Ms: middle((turn) => turn.p99Ms),
    redirects: turns.reduce((sum, turn) => sum + turn.redirects, 0),
    statuses,
    errors: turns.reduce((sum, turn) => sum + turn.errors, 0),
  };
}

/** The ceiling: what Node itself answers per second on one core, with nothing but a Map lookup. */
const BASELINE_SERVER = `
const targets = new Map(JSON.parse(process.env.TARGETS));
require('node:http').createServer((request, response) => {
  const target = targets.get(request.url.slice(1));
  response.writeHead(target ? 302 : 404, target ? { location: target, 'cache-control': 'no-store' } : {});
  response.end();
}).listen(Number(process.env.PORT), process.env.HOST);
`;

export async function load(server: RunningServer, seconds: number, database?: BenchDatabase): Promise<Load> {
  const cpuBefore = processCpuSeconds(server.pid);
  const databaseCpu = database?.serverCpuSeconds;
  const databaseBefore = databaseCpu?.();
  const coresBefore = coreTicks();
  const generatorBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: PHONE_HEADERS,
    requests: scanPaths,
  });
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const serverCpuSeconds = processCpuSeconds(server.pid) - cpuBefore;
  const generator = process.cpuUsage(generatorBefore);
  const idle = idleShares(coresBefore, coreTicks());
  const databaseCpuSeconds = databaseCpu && databaseBefore !== undefined ? databaseCpu() - databaseBefore : undefined;
  const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  return {
    requestsPerSecond: result.requests.average,
    cpuMicrosPerRequest: (serverCpuSeconds * 1e6) / Math.max(1, answered),
    serverCpuShare: serverCpuSeconds / elapsedSeconds,
    loadGeneratorCpuShare: (generator.user + generator.system) / 1e6 / elapsedSeconds,
    serverCoreIdle: idle[Number(SERVER_CPU)] ?? NaN,
    loadGeneratorCoreIdle: idle[Number(LOAD_CPU)] ?? NaN,
    databaseCpuMicrosPerRequest: databaseCpuSeconds === undefined ? undefined : (databaseCpuSeconds * 1e6) / Math.max(1, answered),
    p99Ms: result.latency.p99,
    redirects: result['3xx'],
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count])),
    errors: result.errors + result.timeouts,
  };
}

/** User plus system CPU seconds a process has used so far, from /proc (clock ticks of 1/100 s). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command name: state is field 3 of stat(5), utime 14 and stime 15.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by every process of this machine with the given command name (one that exits meanwhile drops out). */
function commandCpuSeconds(command: string): number {
  let seconds = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command) seconds += processCpuSeconds(Number(pid));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}

/**
 * The scans a second two cores would answer if neither ever idled: the API alone on its core, and
 * the rest (the database server, autocannon) fitting in what is left of both. Kernel time that no
 * process is charged for is left out, so the real ceiling is lower.
 */
function noIdleCoreRate(apiMicros: number, otherMicros: number): number {
  return Math.min(1e6 / apiMicros, 2e6 / (apiMicros + otherMicros));
}

/** PGlite's work is the API's own; a PostgreSQL server elsewhere uses none of this machine's cores. */
function databaseCpuCell(database: DatabaseName, micros: number | undefined): string {
  if (micros !== undefined) return formatRate(micros);
  return database === 'PGlite' ? 'in the API' : 'not on this machine';
}

/** Each core's time so far by state, from the `cpuN` lines of /proc/stat (user nice system idle iowait irq softirq …). */
function coreTicks(): number[][] {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => line.split(/\s+/).slice(1).map(Number));
}

/** The share of each core's time between two readings spent idle or waiting for I/O. */
function idleShares(before: number[][], after: number[][]): number[] {
  return after.map((ticks, core) => {
    const spent = ticks.map((value, state) => value - (before[core]?.[state] ?? 0));
    const total = spent.reduce((sum, value) => sum + value, 0);
    return total > 0 ? (spent[3]! + spent[4]!) / total : NaN;
  });
}

/** Pins every thread of this process (autocannon's too) to the load generator's CPU. */
export function pinThisProcess(): boolean {
  if (cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const COUNT_SCANS = `SELECT count(*)::int AS scans FROM es_events WHERE type = 'ScanRecorded'`;

/** A fresh PGlite data directory laid out as DATA_DIR (`<dir>/pg`), from the migrated template rather than initdb. */
export async function openPglite(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qr-bench-scan-'));
  const pgDir = join(dataDir, 'pg');
  const template = await openTestPglite();
  const dump = await template.dump();
  await template.close();
  const db = await PgliteClient.open({ dataDir: pgDir, template: dump });
  await seedCodes(db, 'bench-org', codes);
  await db.close();
  return {
    name: 'PGlite',
    storage: `data directory ${dataDir} (no fsync)`,
    env: { DATA_DIR: dataDir },
    countScans: async () => {
      const reopened = await PgliteClient.open({ dataDir: pgDir });
      try {
        return (await reopened.query<{ scans: number }>(COUNT_SCANS)).rows[0]!.scans;
      } finally {
        await reopened.close();
      }
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own on the server, dropped afterwards; its durability settings are part of the result. */
export async function openPostgres(serverUrl: string): Promise<BenchDatabase> {
  const pg = await openTestPostgres(serverUrl, { max: 2 });
  await seedCodes(pg.db, 'bench-org', codes);
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname);
  return {
    name: 'PostgreSQL',
    storage: await describePostgres(pg.db, serverUrl),
    env: { DATABASE_URL: pg.url },
    countScans: async () => (await pg.db.query<{ scans: number }>(COUNT_SCANS)).rows[0]!.scans,
    serverCpuSeconds: local ? () => commandCpuSeconds('postgres') : undefined,
    close: pg.drop,
  };
}

function report(rows: readonly Row[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nScan redirects: GET /{code_id} of ${CODES} URL codes, ${CONNECTIONS} connections, loopback; after a ${WARMUP_SECONDS} s warm-up each, ` +
      `the baseline, the floor and the API take ${ROUNDS} turns of ${TURN_SECONDS} s in turn, the order reversed every other round; each figure is the median of a side's turns, and "vs baseline" the median of the rounds' ratios;`,
  );
  console.log(
    pinned
      ? `servers pinned to CPU ${SERVER_CPU}, autocannon to CPU ${LOAD_CPU}; the API runs as \`npm start\` does (NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}).`
      : 'Note: not pinned (fewer than 2 CPUs or no taskset): server and load generator share CPUs, ratios are not comparable.',
  );
  if (loadAtStart > cpus().length / 2) {
    console.log(`Note: load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at the start: other processes compete, expect noise.`);
  }
  console.log('');
  for (const row of rows) console.log(`${row.database}: ${row.storage}`);
  /** A side's row: its rate against the baseline's (the median of the rounds' ratios), and its CPU a request against the baseline's. */
  const sideRow = (row: Row, server: string, load: Load, ratios: readonly number[] | undefined) => [
    row.database,
    server,
    formatRate(load.requestsPerSecond),
    ratios ? formatPercent(median(ratios)) : '100%',
    `${load.p99Ms} ms`,
    formatRate(load.cpuMicrosPerRequest),
    formatPercent(row.baseline.cpuMicrosPerRequest / load.cpuMicrosPerRequest),
    formatPercent(load.serverCpuShare),
    formatPercent(load.loadGeneratorCpuShare),
  ];
  const tableRows = rows.flatMap((row) => [
    sideRow(row, 'bare node:http 302 from a Map (baseline)', row.baseline, undefined),
    sideRow(row, 'floor: node:http 302 after the same event is durable', row.floor, row.floorRatios),
    sideRow(row, 'API: 302 after a durable ScanRecorded', row.api, row.ratios),
  ]);
  const header = ['Database', 'Server', 'req/s', 'vs baseline', 'p99', 'CPU µs/request', 'baseline CPU / CPU', 'server core busy', 'load generator core busy'];
  console.log(`\n${markdownTable(header, tableRows)}\n`);
  console.log(
    "A core near 100% busy sets its row's rate: the load generator's caps the baseline when it is; with neither near it, the server waits on its database.",
  );
  console.log(
    "The floor is the event store's batched append behind bare node:http, nothing else: the share of the baseline no scan path that stores the same event in the same store reaches past in this run.",
  );
  const rounds = (ratios: readonly number[]) => ratios.map((ratio) => formatPercent(ratio)).join(', ');
  for (const row of rows) {
    console.log(
      `${row.database}: round by round, the API's rate over the baseline's ${rounds(row.ratios)}, the floor's ${rounds(row.floorRatios)}, ` +
        `the API's over the floor's ${rounds(row.apiOverFloor)}; ` +
        `the idle API used ${row.apiShareInBaselineTurns.map((share) => formatPercent(share)).join(', ')} of its core during the baseline's turns.`,
    );
  }
  console.log('');
  console.log("Where the CPU of the floor's and the API's runs went, per scan, how much of each core was left idle, and the rate no idle core would allow:\n");
  const costs = (database: DatabaseName, side: string, load: Load, baseline: Load) => {
    const autocannonMicros = (load.loadGeneratorCpuShare * 1e6) / load.requestsPerSecond;
    const ceiling = noIdleCoreRate(load.cpuMicrosPerRequest, (load.databaseCpuMicrosPerRequest ?? 0) + autocannonMicros);
    return [
      database,
      side,
      formatRate(load.cpuMicrosPerRequest),
      databaseCpuCell(database, load.databaseCpuMicrosPerRequest),
      formatRate(autocannonMicros),
      formatPercent(load.serverCoreIdle),
      formatPercent(load.loadGeneratorCoreIdle),
      formatRate(ceiling),
      formatPercent(ceiling / baseline.requestsPerSecond),
    ];
  };
  console.log(
    markdownTable(
      [
        'Database',
        'Server',
        'server µs',
        'database server µs',
        'autocannon µs',
        'server core idle',
        'load generator core idle',
        'no idle core: req/s',
        'vs baseline',
      ],
      rows.flatMap(({ database, baseline, floor, api }) => [costs(database, 'floor', floor, baseline), costs(database, 'API', api, baseline)]),
    ),
  );
  console.log(
    '\nEach server has its core; a PostgreSQL server on this machine runs on either. With both cores partly idle the scans wait on the batch round trip; ' +
      'a rate beyond "no idle core" needs less CPU a scan, not less waiting.\n',
  );
  for (const row of rows) {
    const other = Object.entries(row.floor.statuses).filter(([status]) => status !== '302');
    if (other.length || row.floor.errors)
      console.log(
        `WARNING: the ${row.database} floor answered ${JSON.stringify(Object.fromEntries(other))} and ${row.floor.errors} errors: its rate is not the durable write's.`,
      );
  }

  const targets = rows.flatMap((row) => targetChecks(row));
  console.log(targetLines(targets));
  const file = writeResults('scan', {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    pinned,
    loadAverageAtStart: loadAtStart,
    settings: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      rounds: ROUNDS,
      turnSeconds: TURN_SECONDS,
      quietShare: QUIET_SHARE,
      codes: CODES,
      logLevel: LOG_LEVEL,
    },
    rows,
    targets,
  });
  console.log(`\nJSON: ${file}`);
}

function targetChecks(row: Row): TargetCheck[] {
  const target = TARGETS[row.database];
  const ratio = median(row.ratios);
  const unexpected = Object.entries(row.api.statuses).filter(([status]) => status !== '302');
  return [
    {
      target: `${row.database}: >= ${formatPercent(target.ratio)} of the baseline with p99 <= ${target.p99Ms} ms`,
      measured: `${formatPercent(ratio, { decimals: 1 })}, p99 ${row.api.p99Ms} ms`,
      met: ratio >= target.ratio && row.api.p99Ms <= target.p99Ms,
    },
    {
      // A request in flight when the load generator stops is stored but its 302 is not counted, so stored may exceed answered.
      target: `${row.database}: every 302 answered has its ScanRecorded stored, and only 302s were answered`,
      measured:
        `${formatRate(row.redirectsAnswered)} 302s answered, ${formatRate(row.scansStored)} ScanRecorded stored` +
        (unexpected.length || row.api.errors ? `; other answers ${JSON.stringify(Object.fromEntries(unexpected))}, errors ${row.api.errors}` : ''),
      met: row.scansStored >= row.redirectsAnswered && unexpected.length === 0 && row.api.errors === 0,
    },
  ];
}
