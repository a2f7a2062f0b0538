/**
 * `npm start` on a fresh clone (issue 2's targets): how long after the build the server answers
 * `GET /api/health` with a 200, and how much memory it holds once idle. The API is built as
 * `npm start` builds it (the API and the web app it serves), then started as `npm start` runs it
 * (`node dist/apps/api/src/main.js`, NODE_ENV=production) on the embedded default: first on a new
 * DATA_DIR, which creates the PGlite directory and migrates it, then again on the same, now filled
 * directory. The idle RSS is read from /proc (VmRSS of the server and any child of it) after the
 * server has had nothing to do for a while; a bare `node:http` server measured the same way shows
 * what Node itself holds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, startServer, type RunningServer } from './bench-servers';
import { markdownTable, median, targetLines, writeResults, type TargetCheck } from './harness';

const TARGET_READY_MS = 20_000;
const TARGET_IDLE_RSS_MB = 400;
/** A first start on two busy cores has taken over a minute: the target is checked, not the timeout. */
const READY_TIMEOUT_MS = 300_000;
const IDLE_SECONDS = 10;
const SAMPLES = 5;
const SAMPLE_INTERVAL_MS = 1_000;
/** Set in the environment, these would leave the embedded default (servers, brokers, buckets) that `npm start` runs on a fresh clone. */
const NOT_EMBEDDED = ['DATABASE_URL', 'CLICKHOUSE_URL', 'KAFKA_BROKERS', 'S3_BUCKET', 'OIDC_ISSUER'];
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const BARE_SERVER = `require('node:http').createServer((request, response) => response.end('ok')).listen(Number(process.env.PORT), process.env.HOST);`;

interface Start {
  server: string;
  readyMs: number;
  /** CPU seconds the process and its finished children (PGlite's initdb) had used when it answered. */
  cpuSecondsToReady: number;
  /** VmRSS of the process and its children, MB, one per sample once idle. */
  idleRssMb: number[];
  /** The last sample split into anonymous memory (heaps, WebAssembly memory) and mapped files (the node binary, libraries). */
  anonMb: number;
  fileMb: number;
  /** VmHWM: the most the process ever held, start-up included. */
  peakMb: number;
}

export async function run(): Promise<void> {
  for (const name of NOT_EMBEDDED) delete process.env[name];
  console.error('Building what `npm start` builds (nx run-many -t build -p api web)…');
  const buildStarted = performance.now();
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'api', 'web', '--output-style=stream'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const loadAtStart = loadavg()[0]!;

  const starts: Start[] = [];
  console.error('Measuring a bare node:http server…');
  starts.push(await measure('bare node:http server (baseline)', ['-e', BARE_SERVER], {}, '/'));
  const dataDir = mkdtempSync(join(tmpdir(), 'qr-bench-startup-'));
  try {
    const api = [join(REPO, 'dist/apps/api/src/main.js')];
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir };
    console.error('Measuring the first start on a new DATA_DIR…');
    starts.push(await measure('API, first start (new DATA_DIR)', api, env, '/api/health'));
    console.error('Measuring a second start on the same DATA_DIR…');
    starts.push(await measure('API, second start (same DATA_DIR)', api, env, '/api/health'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(starts, buildSeconds, loadAtStart);
}

async function measure(label: string, args: string[], env: Record<string, string>, readyPath: string): Promise<Start> {
  const server = await startServer(args, env, { readyPath, readyTimeoutMs: READY_TIMEOUT_MS });
  try {
    const cpuSecondsToReady = cpuSeconds(server.pid);
    await sleep(IDLE_SECONDS * 1000);
    const idleRssMb: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      if (i > 0) await sleep(SAMPLE_INTERVAL_MS);
      idleRssMb.push(treeRssMb(server));
    }
    const status = procStatus(server.pid);
    return {
      server: label,
      readyMs: server.readyMs,
      cpuSecondsToReady,
      idleRssMb,
      anonMb: kbToMb(status.RssAnon),
      fileMb: kbToMb(status.RssFile),
      peakMb: kbToMb(status.VmHWM),
    };
  } finally {
    await server.stop();
  }
}

/** utime + stime of the process and of the children it has waited for (/proc/<pid>/stat fields 14–17). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields after it are counted from its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  return ticks / CLOCK_TICKS_PER_SECOND;
}

function treeRssMb(server: RunningServer): number {
  return kbToMb([server.pid, ...descendants(server.pid)].reduce((sum, pid) => sum + (procStatus(pid).VmRSS ?? 0), 0));
}

function descendants(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // exited while listed
      }
    })
    .map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** The kB fields of /proc/<pid>/status (VmRSS, RssAnon, RssFile, VmHWM…). */
function procStatus(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]);
  }
  return fields;
}

function kbToMb(kb: number | undefined): number {
  return (kb ?? 0) / 1024;
}

function sleep(ms: number): Promise<void> {
  return new Promise((wake) => setTimeout(wake, ms));
}

function report(starts: readonly Start[], buildSeconds: number, loadAtStart: number): void {
  console.log(`\nStart-up and idle memory, as \`npm start\` runs the server (NODE_ENV=production, embedded PGlite, default settings).`);
  console.log(`Build (nx run-many -t build -p api web): ${buildSeconds.toFixed(1)} s${buildSeconds < 10 ? ' (from the Nx cache)' : ''}.`);
  console.log(
    `Ready: the first 200 from the health path, from the spawn. Idle RSS: ${SAMPLES} samples ${SAMPLE_INTERVAL_MS / 1000} s apart after ${IDLE_SECONDS} s idle.`,
  );
  if (loadAtStart > cpus().length / 2) {
    console.log(
      `Note: load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at the start: other processes compete, wall times are inflated (CPU time less so).`,
    );
  }
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const rows = starts.map((start) => [
    start.server,
    `${(start.readyMs / 1000).toFixed(1)} s`,
    `${start.cpuSecondsToReady.toFixed(1)} s`,
    mb(median(start.idleRssMb)),
    mb(Math.max(...start.idleRssMb)),
    mb(start.anonMb),
    mb(start.fileMb),
    mb(start.peakMb),
  ]);
  console.log(`\n${markdownTable(['Server', 'Ready', 'CPU to ready', 'Idle RSS median', 'Idle RSS max', 'anon', 'file', 'Peak (VmHWM)'], rows)}\n`);

  const apiStarts = starts.slice(1);
  const first = apiStarts[0]!;
  const targets: TargetCheck[] = [
    {
      target: `health answers 200 within ${TARGET_READY_MS / 1000} s of the build on a fresh clone`,
      measured: `${(first.readyMs / 1000).toFixed(1)} s (${first.cpuSecondsToReady.toFixed(1)} CPU s)`,
      met: first.readyMs <= TARGET_READY_MS,
    },
    ...apiStarts.map((start) => ({
      target: `idle RSS under ${TARGET_IDLE_RSS_MB} MB, ${start.server}`,
      measured: `max ${mb(Math.max(...start.idleRssMb))} (median ${mb(median(start.idleRssMb))})`,
      met: Math.max(...start.idleRssMb) < TARGET_IDLE_RSS_MB,
    })),
  ];
  console.log(targetLines(targets));
  const file = writeResults('startup', {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadAtStart,
    buildSeconds,
    settings: { idleSeconds: IDLE_SECONDS, samples: SAMPLES, sampleIntervalMs: SAMPLE_INTERVAL_MS },
    starts,
    targets,
  });
  console.log(`\nJSON: ${file}`);
}
