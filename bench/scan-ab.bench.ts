/**
 * Two builds of the API answering scans on the embedded default, measured in turns (A, B, B, A…)
 * so that this machine's drift (its speed moves by a third within minutes) weighs on both alike;
 * the scan bench's separate runs cannot show a change of a few percent. Each build is a copy of
 * `dist/` inside the checkout, where it finds node_modules:
 *
 *   npx nx run api:build && cp -r dist dist-a   # then change the code, build again
 *   npx nx run api:build && cp -r dist dist-b
 *   SCAN_AB=dist-a,dist-b npm run bench -- scan-ab
 *
 * With DATABASE_URL set, each build gets a database of its own on that server instead of PGlite.
 */
import { join, resolve } from 'node:path';
import { REPO, startServer, type RunningServer } from './bench-servers';
import { formatPercent, formatRate, markdownTable, median } from './harness';
import { LOG_LEVEL, SERVER_CPU, load, openPglite, openPostgres, pinThisProcess, type BenchDatabase, type Load } from './scan.bench';

const ROUNDS = Number(process.env.SCAN_AB_ROUNDS ?? 5);
const ROUND_SECONDS = 5;
/** Lets the other build's projections catch up on the scans of its turn before this one's starts. */
const PAUSE_MS = 1500;

/** Errors and answers other than a 302: a build that 404s is fast for the wrong reason (a code it never loaded, say). */
const notRedirected = ({ statuses, errors }: Load) => errors + Object.values(statuses).reduce((sum, count) => sum + count, 0) - (statuses['302'] ?? 0);

interface Build {
  dist: string;
  database: BenchDatabase;
  server: RunningServer;
  turns: Load[];
}

export async function run(): Promise<void> {
  const dists = (process.env.SCAN_AB ?? '').split(',').filter(Boolean);
  if (dists.length !== 2) throw new Error('SCAN_AB names two builds: SCAN_AB=dist-a,dist-b npm run bench -- scan-ab');
  pinThisProcess();
  const serverUrl = process.env.DATABASE_URL;
  const open = serverUrl ? () => openPostgres(serverUrl) : openPglite;
  const builds: Build[] = [];
  try {
    for (const dist of dists) {
      const database = await open();
      const server = await startServer(
        [join(resolve(REPO, dist), 'apps/api/src/main.js')],
        { NODE_ENV: 'production', LOG_LEVEL, ...database.env },
        { cpu: SERVER_CPU },
      );
      builds.push({ dist, database, server, turns: [] });
      await load(server, ROUND_SECONDS);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      // Every other round the other build goes first: measured A, B, A, B… the second of a round
      // came out 10–14% faster even when both were copies of one build.
      for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
        await new Promise((wake) => setTimeout(wake, PAUSE_MS));
        build.turns.push(await load(build.server, ROUND_SECONDS));
      }
      console.error(`round ${round}/${ROUNDS}: ${builds.map((b) => `${b.dist} ${formatRate(b.turns.at(-1)!.requestsPerSecond)}/s`).join(', ')}`);
    }
  } finally {
    for (const build of builds) {
      await build.server.stop();
      await build.database.close();
    }
  }
  const figures = builds.map((build) => ({
    dist: build.dist,
    rate: median(build.turns.map((turn) => turn.requestsPerSecond)),
    cpu: median(build.turns.map((turn) => turn.cpuMicrosPerRequest)),
    p99: median(build.turns.map((turn) => turn.p99Ms)),
    otherAnswers: build.turns.reduce((sum, turn) => sum + notRedirected(turn), 0),
  }));
  const [a] = figures;
  console.log(`\nScan redirects on ${builds[0]!.database.name}, two builds in ${ROUNDS} interleaved turns of ${ROUND_SECONDS} s each; medians.\n`);
  console.log(
    markdownTable(
      ['Build', 'req/s', 'vs A', 'CPU µs/request', 'vs A', 'p99', 'not 302'],
      figures.map((f) => [
        f.dist,
        formatRate(f.rate),
        formatPercent(f.rate / a!.rate),
        formatRate(f.cpu),
        formatPercent(f.cpu / a!.cpu),
        `${f.p99} ms`,
        formatRate(f.otherAnswers),
      ]),
    ),
  );
  if (figures.some((f) => f.otherAnswers > 0)) console.log('\nWARNING: a build answered other than 302: its rate measures those answers, not scans.');
}
