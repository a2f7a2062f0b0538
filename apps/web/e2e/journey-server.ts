import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a browser journey runs on: Debian's Chromium and the built API serving the built web app. */
export const CHROMIUM = '/usr/bin/chromium';
export const ROOT = join(__dirname, '../../..');
export const WEB_DIST = join(ROOT, 'dist/apps/web');
export const API_MAIN = join(ROOT, 'dist/apps/api/src/main.js');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What is missing for a journey here (the API build only if it runs the API); with
 * REQUIRE_SERVICES=1 (CI) a missing piece fails the run instead of skipping it.
 */
export function journeyPrerequisites(journey: string, { withApi = true } = {}) {
  const missing = [
    existsSync(CHROMIUM) ? null : `Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
    existsSync(join(WEB_DIST, 'index.html')) ? null : 'the web build in dist/apps/web (npx nx run web:build)',
    !withApi || existsSync(API_MAIN) ? null : 'the API build in dist/apps/api (npx nx run api:build)',
  ].filter((item): item is string => item !== null);
  const required = process.env.REQUIRE_SERVICES === '1';
  if (missing.length > 0 && !required) process.stdout.write(`${journey} skipped: needs ${missing.join(' and ')}\n`);
  return { missing, describeJourney: missing.length > 0 && !required ? describe.skip : describe };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilUp(url: string, server: ChildProcess, output: () => string): Promise<void> {
  // A first start creates the PGlite directory and catches up every projection: 35 s on two busy cores.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API exited with ${server.exitCode}:\n${output()}`);
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not answer ${url} within 60 s:\n${output()}`);
}

export interface JourneyServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * A new user's server on a free port: the embedded database in a directory of its own, not the
 * PostgreSQL server that DATABASE_URL names for the contract suites (shared by every run, and kept),
 * and neither the Kafka broker nor the ClickHouse server CI names for theirs.
 * `envFor` adds settings that need the port. Its log is left at `logFile` for whoever reads a failed run: the journeys only see its pages.
 */
export async function startJourneyServer(logFile: string, envFor: (port: number) => NodeJS.ProcessEnv = () => ({})): Promise<JourneyServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'web-journey-data-'));
  const { DATABASE_URL: _sharedServer, KAFKA_BROKERS: _sharedBroker, CLICKHOUSE_URL: _sharedClickHouse, ...inherited } = process.env;
  const server = spawn(process.execPath, [API_MAIN], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, WEB_DIST_DIR: WEB_DIST, ...envFor(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitUntilUp(`${origin}/oidc/.well-known/openid-configuration`, server, () => log);
  return {
    origin,
    async stop() {
      writeFileSync(logFile, log);
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
