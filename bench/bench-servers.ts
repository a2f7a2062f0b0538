import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@qr/platform/testing';

export const REPO = resolve(__dirname, '..');

export interface RunningProcess {
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<void>;
}

export interface RunningServer extends RunningProcess {
  port: number;
  pid: number;
  /** From the spawn to the first answer that made it ready. */
  readyMs: number;
}

export interface ServerOptions {
  /** Pins the child to this CPU list (taskset), so it does not steal the load generator's core. */
  cpu?: string;
}

export interface ServerReadiness {
  /** Ready once this path answers 200; without it, once `/` answers at all. */
  readyPath?: string;
  /** How long the server may take to become ready: READY_TIMEOUT_MS unless told. */
  readyTimeoutMs?: number;
}

export interface ProcessOptions extends ServerOptions {
  /** Whether a line of the child's stdout says it is ready. */
  ready: (line: string) => boolean;
}

const READY_TIMEOUT_MS = 60_000;

/** A Node child process, ready once it answers HTTP on its port. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  { cpu, readyPath, readyTimeoutMs = READY_TIMEOUT_MS }: ServerOptions & ServerReadiness = {},
): Promise<RunningServer> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawnNode(args, { ...env, PORT: String(port), HOST: '127.0.0.1' }, cpu, 'ignore');
  const deadline = spawnedAt + readyTimeoutMs;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`The server exited with ${child.process.exitCode} before answering:\n${child.stderr()}`);
    if (performance.now() > deadline) {
      child.process.kill('SIGKILL');
      throw new Error(`The server did not answer within ${readyTimeoutMs / 1000} s:\n${child.stderr()}`);
    }
    if (await answers(port, readyPath)) break;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return { port, pid: child.process.pid!, readyMs: performance.now() - spawnedAt, stop: child.stop };
}

/** A Node child process that serves no HTTP (a worker), ready once its stdout says so. */
export async function startProcess(args: string[], env: Record<string, string>, { cpu, ready }: ProcessOptions): Promise<RunningProcess> {
  const child = spawnNode(args, env, cpu, 'pipe');
  const lines = createInterface({ input: child.process.stdout! });
  try {
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The process did not say it was ready within ${READY_TIMEOUT_MS / 1000} s:\n${child.stderr()}`)),
        READY_TIMEOUT_MS,
      );
      const early = (code: number | null) => reject(new Error(`The process exited with ${code} before it was ready:\n${child.stderr()}`));
      child.process.once('exit', early);
      lines.on('line', (line) => {
        if (!ready(line)) return;
        clearTimeout(timer);
        child.process.off('exit', early);
        resolveReady();
      });
    });
  } catch (error) {
    child.process.kill('SIGKILL');
    throw error;
  }
  // Read on, so a full pipe never blocks the child.
  lines.removeAllListeners('line');
  lines.on('line', () => undefined);
  return { stop: child.stop };
}

function spawnNode(args: string[], env: Record<string, string>, cpu: string | undefined, stdout: 'ignore' | 'pipe') {
  // The services a server talks to are the caller's choice alone: a KAFKA_BROKERS or CLICKHOUSE_URL
  // left in the shell (to run the pipeline bench) would otherwise add a relay to every API measured.
  const { DATABASE_URL: _database, KAFKA_BROKERS: _kafka, CLICKHOUSE_URL: _clickhouse, ...inherited } = process.env;
  const [command, commandArgs] = cpu === undefined ? [process.execPath, args] : ['taskset', ['-c', cpu, process.execPath, ...args]];
  const child: ChildProcess = spawn(command, commandArgs, { cwd: REPO, env: { ...inherited, ...env }, stdio: ['ignore', stdout, 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  return {
    process: child,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function answers(port: number, readyPath: string | undefined): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${readyPath ?? '/'}`, { redirect: 'manual' });
    await response.arrayBuffer();
    return readyPath === undefined || response.status === 200;
  } catch {
    return false;
  }
}

/**
 * An organisation and an owner's API key made by the built CLI (`npm run cli -- org:create`), before
 * the server starts: PGlite's data directory admits one process at a time. The shell's DATABASE_URL
 * (which adds a PostgreSQL row) must not send a PGlite row's CLI there, so `env` alone names the database.
 */
export function createBenchOrganization(env: Record<string, string>, owner: string): { org_id: string; api_key: string } {
  const { DATABASE_URL: _database, ...inherited } = process.env;
  return JSON.parse(
    execFileSync(process.execPath, [join(REPO, 'dist/apps/api/src/cli/cli.main.js'), 'org:create', '--name', 'Bench', '--owner', owner], {
      cwd: REPO,
      env: { ...inherited, ...env },
      encoding: 'utf8',
    }),
  ) as { org_id: string; api_key: string };
}

export type Call = <T = unknown>(method: string, path: string, body?: object) => Promise<T>;

/** JSON calls to a running API with an owner's API key; anything but a 2xx throws with the answer. */
export function apiCaller(api: RunningServer, apiKey: string): Call {
  return async <T>(method: string, path: string, body?: object) => {
    const response = await fetch(`http://127.0.0.1:${api.port}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}
