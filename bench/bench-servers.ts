import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const REPO = resolve(__dirname, '..');

export interface RunningServer {
  port: number;
  pid: number;
  /** From the spawn to the first answer that made it ready. */
  readyMs: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Pins the child to this CPU list (taskset), so it does not steal the load generator's core. */
  cpu?: string;
  /** Ready once this path answers 200; without it, once `/` answers at all. */
  readyPath?: string;
  /** How long the server may take to become ready: 60 s unless told. */
  readyTimeoutMs?: number;
}

/** A Node child process, ready once it answers HTTP on its port; `stop()` sends SIGTERM and waits for the exit. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  { cpu, readyPath, readyTimeoutMs = 60_000 }: ServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const { DATABASE_URL: _ours, ...inherited } = process.env;
  const [command, commandArgs] = cpu === undefined ? [process.execPath, args] : ['taskset', ['-c', cpu, process.execPath, ...args]];
  const child = spawn(command, commandArgs, {
    cwd: REPO,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const spawnedAt = performance.now();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  const deadline = spawnedAt + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before answering:\n${stderr}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${readyTimeoutMs / 1000} s:\n${stderr}`);
    }
    if (await answers(port, readyPath)) break;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return {
    port,
    pid: child.pid!,
    readyMs: performance.now() - spawnedAt,
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

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
