import { join } from 'node:path';
import { REPO, startServer } from './bench-servers';
import { LOG_LEVEL, SERVER_CPU, load, openPostgres, openPglite, pinThisProcess, codes } from './scan.bench';
export async function run() {
  pinThisProcess();
  const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
  const prof = ['--cpu-prof', `--cpu-prof-dir=/tmp/prof/${process.env.SIDE}`, '--cpu-prof-interval=200'];
  const args =
    process.env.SIDE === 'floor' ? [...prof, '--import', 'tsx', join(REPO, 'bench/scan-floor-server.ts')] : [...prof, join(REPO, 'dist/apps/api/src/main.js')];
  const server = await startServer(
    args,
    { NODE_ENV: 'production', LOG_LEVEL, TARGETS: JSON.stringify(codes.map((c) => [c.codeId, c.url])), ...db.env },
    { cpu: SERVER_CPU },
  );
  await load(server, 4);
  for (let i = 0; i < 2; i++) {
    const l = await load(server, 6, db);
    console.log(
      process.env.SIDE,
      JSON.stringify({
        rps: Math.round(l.requestsPerSecond),
        cpu: l.cpuMicrosPerRequest.toFixed(1),
        db: l.databaseCpuMicrosPerRequest?.toFixed(1),
        idle0: l.serverCoreIdle.toFixed(2),
      }),
    );
  }
  await server.stop();
  await db.close();
}
