import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** The repository root and the built entry points that process-level tests start. */
export const ROOT = join(__dirname, '../../../..');
export const API_MAIN = join(ROOT, 'dist/apps/api/src/main.js');

/** Builds the server's dist (Nx answers from its cache when nothing changed), as `npm start` runs it. */
export function buildApi(): void {
  execFileSync('npx', ['nx', 'run', 'api:build', '--output-style=stream'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Settings the test runner's own environment may carry for other suites; a child gets only what its test gives it. */
const SERVICE_SETTINGS = ['DATABASE_URL', 'KAFKA_BROKERS', 'KAFKA_TOPIC', 'CLICKHOUSE_URL', 'DATA_DIR', 'PORT'];

/**
 * A built entry point run as a child process, which a test may kill -9 and start again. Its output
 * is kept (the tail only) for the message of a failed test.
 */
export class NodeProcess {
  private output = '';

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  static start(name: string, script: string, env: NodeJS.ProcessEnv): NodeProcess {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SERVICE_SETTINGS.includes(key)));
    const child = spawn(process.execPath, [script], { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    return new NodeProcess(name, child);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  log(): string {
    return `--- ${this.name} (pid ${this.child.pid}) ---\n${this.output}`;
  }

  /** Waits until `url` answers at all (any status), failing with the process's output if it exits or takes longer than `timeoutMs`. */
  async answers(url: string, timeoutMs = 90_000): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; ;) {
      if (!this.running) throw new Error(`${this.name} exited (${this.child.exitCode ?? this.child.signalCode}) before answering ${url}:\n${this.log()}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${this.log()}`);
      const up = await fetch(url, { redirect: 'manual' }).then(
        (response) => (void response.body?.cancel(), true),
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** kill -9: no shutdown hook runs, nothing is flushed. Resolves once the process is gone. */
  kill9(): Promise<void> {
    return this.endWith('SIGKILL');
  }

  /** SIGTERM, as an operator stops it; SIGKILL after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    try {
      await this.endWith('SIGTERM');
    } finally {
      clearTimeout(timer);
    }
  }

  private endWith(signal: NodeJS.Signals): Promise<void> {
    if (!this.running) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill(signal);
    return exited;
  }
}
