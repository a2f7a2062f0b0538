import { SingleBar } from 'cli-progress';
import { PostgresEventStore } from '@qr/eventstore';
import { ConfigError, createLogger, DataDirLockedError, loadConfig, openDatabase } from '@qr/platform';
import { ProjectionRunner } from '@qr/projections-runner';
import { PROJECTIONS } from './registry';

/**
 * `npm run replay -- <projection>`: rebuilds a read model from the first event into a new
 * generation of its tables, switches queries over when it has caught up, and checks the count.
 */
async function main(argv: string[]): Promise<number> {
  const name = argv[0];
  const names = PROJECTIONS.map((p) => p.name).join(', ') || 'none yet';
  if (!name || !PROJECTIONS.some((p) => p.name === name)) {
    console.error(`Usage: npm run replay -- <projection>\nRegistered projections: ${names}.`);
    return 2;
  }
  const config = loadConfig();
  const opened = await openDatabase(config);
  const runner = new ProjectionRunner(opened.db, new PostgresEventStore(opened.db), PROJECTIONS, createLogger('warn'));
  const bar = new SingleBar({ format: `${name} [{bar}] {percentage}% | position {value}/{total} | {events} events | {rate} events/s` });
  let events = 0;
  const started = Date.now();
  try {
    bar.start(1, 0, { events, rate: 0 });
    const report = await runner.rebuild(name, (progress) => {
      events += progress.processed;
      bar.setTotal(Math.max(progress.head, 1));
      bar.update(Math.min(progress.position, progress.head), { events, rate: Math.round(events / Math.max((Date.now() - started) / 1000, 0.001)) });
    });
    bar.update(bar.getTotal());
    bar.stop();
    const ok = report.eventsProcessed === report.eventsInStore;
    console.log(
      `${name}: generation ${report.generation} is live. ${report.eventsProcessed} events applied, ` +
        `${report.eventsInStore} in the store: ${ok ? 'counts match' : 'COUNTS DIFFER'} (${report.seconds.toFixed(1)} s).`,
    );
    return ok ? 0 : 1;
  } finally {
    bar.stop();
    await opened.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nThe embedded database serves one process: stop the server (npm start), then replay.`);
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
