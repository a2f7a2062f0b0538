/**
 * Admin commands beside a read, unloaded and under a scan load (issue 50's targets). The API, built
 * and started as `npm start` runs it, answers four commands one after another (create a code,
 * create a folder, add a note, save a page) and `GET /api/v1/codes/{id}`, in turns: first with
 * nothing else running, then while a load generator in a child process scans 50 connections' worth
 * from its first second on. A command answers once its events are committed and, bounded, the
 * command side's read models they feed have applied them; it never waits for analytics, which a
 * scan load keeps busy. The API is pinned to CPU 0, the load generator to CPU 1.
 *
 * On PostgreSQL each turn also does the database work of creating a folder with nothing of the
 * product around it (the floor): the tenancy read, the stream read and the append, from this
 * process on a pool of its own, to a stream type no projection follows. A command's figures over
 * the floor's, loaded and unloaded, say what the product adds to what the database costs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PostgresEventStore } from '@qr/eventstore';
import { PostgresClient } from '@qr/platform';
import { createBenchOrganization, REPO, startServer, type RunningServer } from './bench-servers';
import { formatPercent, markdownTable, percentile, writeResults, type TargetCheck } from './harness';
import { PHONE_HEADERS } from './scan-fixture';
import { codes as scanCodes, LOG_LEVEL, openPglite, openPostgres, SERVER_CPU, type BenchDatabase } from './scan.bench';

const CONNECTIONS = 50;
const LOAD_SECONDS = 15;
/** Unloaded turns of the requests each, after WARMUP_TURNS unmeasured ones. */
const UNLOADED_TURNS = 40;
const WARMUP_TURNS = 5;
const LOAD_CPU = '1';
const TARGET_UNLOADED_OVER_GET = 5;
const TARGET_LOADED_OVER_UNLOADED = 3;

const FLOOR = 'floor: DB work of create folder';
const OPERATIONS = ['GET code', 'create code', 'create folder', 'add note', 'save page', FLOOR] as const;
type Operation = (typeof OPERATIONS)[number];
const COMMANDS = OPERATIONS.filter((operation) => operation !== 'GET code' && operation !== FLOOR);
const OWNER = 'bench@example.com';

interface Sample {
  ms: number;
  status: number;
}

type Samples = Record<Operation, Sample[]>;

interface Row {
  database: string;
  storage: string;
  unloaded: Samples;
  loaded: Samples;
  scans: { requests: number; statuses: Record<string, number> };
}

export async function run(): Promise<void> {
  console.error('Building the API (nx run api:build)…');
  execFileSync('npx', ['nx', 'run', 'api:build', '--output-style=stream'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  const openers: (() => Promise<BenchDatabase>)[] = [openPglite];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) openers.push(() => openPostgres(serverUrl));
  else console.log('PostgreSQL row skipped: DATABASE_URL is not set. To include it: DATABASE_URL=postgres://user@host:5432/db npm run bench -- commands');

  const rows: Row[] = [];
  for (const open of openers) {
    const database = await open();
    try {
      console.error(`Measuring ${database.name} (${database.storage})…`);
      rows.push(await measure(database));
    } finally {
      await database.close();
    }
  }
  report(rows);
}

async function measure(database: BenchDatabase): Promise<Row> {
  const env = { NODE_ENV: 'production', LOG_LEVEL, ...database.env };
  const { org_id: orgId, api_key: apiKey } = createBenchOrganization(env, OWNER);
  const server = await startServer([join(REPO, 'dist/apps/api/src/main.js')], env, { cpu: SERVER_CPU });
  const floor = database.env.DATABASE_URL ? floorOf(database.env.DATABASE_URL, orgId) : undefined;
  try {
    const api = client(server, apiKey);
    await api.untilAnswered(`/api/v1/codes?org_id=${orgId}`);
    const shownCode = (await api.send('POST', '/api/v1/codes', { org_id: orgId, name: 'Shown', type: 'url', url: 'https://example.com/' })).body.code_id!;
    const pageCode = (await api.send('POST', '/api/v1/codes', { org_id: orgId, name: 'Landing', type: 'page' })).body.code_id!;
    const pageId = (await api.send('POST', '/api/v1/pages', { code_id: pageCode })).body.page_id!;
    let n = 0;
    const requests: Record<Operation, () => Promise<Sample>> = {
      'GET code': () => api.timed('GET', `/api/v1/codes/${shownCode}`),
      'create code': () => api.timed('POST', '/api/v1/codes', { org_id: orgId, name: `Code ${n}`, type: 'url', url: `https://example.com/${n}` }),
      'create folder': () => api.timed('POST', '/api/v1/folders', { org_id: orgId, name: `Folder ${n}` }),
      'add note': () => api.timed('POST', '/api/v1/notes', { code_id: shownCode, text: `Note ${n}` }),
      'save page': () => api.timed('PUT', `/api/v1/pages/${pageId}`, { title: `Saved ${n}` }),
      [FLOOR]: () => floor!.createFolder(`Folder ${n}`),
    };
    const turn = async (samples: Samples) => {
      n++;
      for (const operation of OPERATIONS) if (floor || operation !== FLOOR) samples[operation].push(await requests[operation]());
    };
    for (let i = 0; i < WARMUP_TURNS; i++) await turn(emptySamples());
    const unloaded = emptySamples();
    for (let i = 0; i < UNLOADED_TURNS; i++) await turn(unloaded);

    const loaded = emptySamples();
    const scanning = scanLoad(server);
    // From the load's first second on: its start is when a command used to wait longest.
    while (!scanning.finished()) await turn(loaded);
    return { database: database.name, storage: database.storage, unloaded, loaded, scans: await scanning.result };
  } finally {
    await server.stop();
    await floor?.close();
  }
}

function emptySamples(): Samples {
  return { 'GET code': [], 'create code': [], 'create folder': [], 'add note': [], 'save page': [], [FLOOR]: [] };
}

/** What creating a folder asks of the database, and nothing else: see the top of this file. */
function floorOf(databaseUrl: string, orgId: string) {
  const db = PostgresClient.open(databaseUrl, { max: 2 });
  const store = new PostgresEventStore(db);
  return {
    createFolder: async (name: string): Promise<Sample> => {
      const started = performance.now();
      await db.query('SELECT role FROM members WHERE org_id = $1 AND email = $2', [orgId, OWNER]);
      const streamId = `bench_floor-${randomUUID()}`;
      await store.readStream(streamId);
      const data = { org_id: orgId, name, created_by: OWNER };
      await store.append({ streamId, expectedVersion: 'no_stream', events: [{ type: 'BenchFloorRecorded', data, metadata: { org_id: orgId, actor: OWNER } }] });
      return { ms: performance.now() - started, status: 201 };
    },
    close: () => db.close(),
  };
}

function client(server: RunningServer, apiKey: string) {
  const origin = `http://127.0.0.1:${server.port}`;
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, body: JSON.parse(text) as Record<string, string> };
  };
  return {
    send,
    /** The server follows the CLI's events from its start: the key is known once the api_keys read model has caught up. */
    untilAnswered: async (path: string) => {
      const deadline = performance.now() + 30_000;
      while ((await fetch(`${origin}${path}`, { headers })).status !== 200) {
        if (performance.now() > deadline) throw new Error(`GET ${path} did not answer 200 within 30 s`);
        await new Promise((wake) => setTimeout(wake, 100));
      }
    },
    /** Any status counts as a sample: a 5xx under load is a result, not a crash of the benchmark. */
    timed: async (method: string, path: string, body?: unknown): Promise<Sample> => {
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    },
  };
}

/** autocannon in a child process on its own core, so its loop does not delay the commands' answers in this one. */
const LOAD_GENERATOR = `
const autocannon = require('autocannon');
const options = JSON.parse(process.env.LOAD);
autocannon(options).then((result) => {
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  process.stdout.write(JSON.stringify({ requests: result.requests.total, statuses }));
}, (error) => { console.error(error); process.exit(1); });
`;

function scanLoad(server: RunningServer): { finished(): boolean; result: Promise<Row['scans']> } {
  const load = {
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: PHONE_HEADERS,
    requests: scanCodes.map(({ codeId }) => ({ method: 'GET', path: `/${codeId}` })),
  };
  const child = spawn('taskset', ['-c', LOAD_CPU, process.execPath, '-e', LOAD_GENERATOR], {
    cwd: REPO,
    env: { ...process.env, LOAD: JSON.stringify(load) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let finished = false;
  const result = new Promise<Row['scans']>((resolve, reject) =>
    child.once('exit', (code) => {
      finished = true;
      if (code === 0) resolve(JSON.parse(output) as Row['scans']);
      else reject(new Error(`The load generator exited with ${code}`));
    }),
  );
  return { finished: () => finished, result };
}

const p = (samples: readonly Sample[], q: number) =>
  percentile(
    samples.map((sample) => sample.ms),
    q,
  );
const ms = (value: number) => `${value.toFixed(1)} ms`;
const fiveHundreds = (samples: readonly Sample[]) => samples.filter((sample) => sample.status >= 500).length;

function report(rows: readonly Row[]): void {
  console.log(
    `\nAdmin commands beside GET /api/v1/codes/{id}: ${WARMUP_TURNS} unmeasured turns, then ${UNLOADED_TURNS} unloaded turns of the requests below one after another, ` +
      `then turns while ${CONNECTIONS} connections scan for ${LOAD_SECONDS} s from a child process (API on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU}).\n`,
  );
  const checks: TargetCheck[] = [];
  for (const row of rows) {
    console.log(`${row.database}: ${row.storage}; scans under load ${row.scans.requests} (statuses ${JSON.stringify(row.scans.statuses)})\n`);
    const getP95 = p(row.unloaded['GET code'], 95);
    const floorLoadedP95 = row.loaded[FLOOR].length > 0 ? p(row.loaded[FLOOR], 95) : undefined;
    const table = OPERATIONS.filter((operation) => row.unloaded[operation].length > 0).map((operation) => {
      const unloaded = row.unloaded[operation];
      const loaded = row.loaded[operation];
      const isCommand = operation !== 'GET code' && operation !== FLOOR;
      return [
        operation,
        ms(p(unloaded, 50)),
        ms(p(unloaded, 95)),
        isCommand ? `${(p(unloaded, 95) / getP95).toFixed(1)}×` : '',
        ms(p(loaded, 50)),
        ms(p(loaded, 95)),
        `${(p(loaded, 95) / p(unloaded, 95)).toFixed(1)}×`,
        isCommand && floorLoadedP95 !== undefined ? `${(p(loaded, 95) / floorLoadedP95).toFixed(1)}×` : '',
        `${loaded.length}`,
        `${fiveHundreds(unloaded) + fiveHundreds(loaded)}`,
      ];
    });
    console.log(
      markdownTable(
        [
          'request',
          'unloaded p50',
          'p95',
          'p95 / GET p95',
          'loaded p50',
          'p95',
          'loaded / unloaded p95',
          'loaded p95 / floor loaded p95',
          'loaded samples',
          '5xx',
        ],
        table,
      ),
    );
    console.log('');
    for (const command of COMMANDS) {
      const unloaded = p(row.unloaded[command], 95);
      const loaded = p(row.loaded[command], 95);
      checks.push(
        {
          target: `${row.database}: ${command} unloaded p95 ≤ ${TARGET_UNLOADED_OVER_GET}× the GET's`,
          measured: `${(unloaded / getP95).toFixed(1)}×`,
          met: unloaded <= TARGET_UNLOADED_OVER_GET * getP95,
        },
        {
          target: `${row.database}: ${command} p95 under load ≤ ${TARGET_LOADED_OVER_UNLOADED}× unloaded`,
          measured: `${(loaded / unloaded).toFixed(1)}×`,
          met: loaded <= TARGET_LOADED_OVER_UNLOADED * unloaded,
        },
      );
    }
    const errors = COMMANDS.reduce((sum, command) => sum + fiveHundreds(row.unloaded[command]) + fiveHundreds(row.loaded[command]), 0);
    checks.push({ target: `${row.database}: no command answers a 5xx`, measured: `${errors}`, met: errors === 0 });
  }
  console.log(checks.map((check) => `${check.met ? 'PASS' : 'FAIL'}  ${check.target}: ${check.measured}`).join('\n'));
  const met = checks.filter((check) => check.met).length;
  console.log(`\n${met}/${checks.length} targets met (${formatPercent(met / checks.length)}).`);
  console.log(`Raw figures: ${writeResults('commands', rows)}`);
}
