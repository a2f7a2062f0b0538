import { ConfigError, createLogger, exitAfterFailedStart, loadConfig, openDatabase, stopOnSignals } from '@qr/platform';
import { ProjectionWorker } from '@qr/projections-runner';
import { openAnalyticsSink, workerProjections } from './analytics-sink';

/**
 * `npm run projections`: a projection worker process (DESIGN.md §2). It runs the partition-safe
 * projections from KAFKA_TOPIC into the PostgreSQL database (and ClickHouse when CLICKHOUSE_URL is
 * set); start as many as the topic has partitions to share the load. The API relays the events.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  if (!config.KAFKA_BROKERS) {
    throw new ConfigError([
      { variable: 'KAFKA_BROKERS', message: 'npm run projections needs it: host:port of the Kafka brokers the API relays its events to' },
    ]);
  }
  // PGlite is one process's database (DESIGN.md §11): a worker shares a PostgreSQL server with the API.
  if (!config.DATABASE_URL) {
    throw new ConfigError([
      { variable: 'DATABASE_URL', message: 'npm run projections needs the PostgreSQL server the API uses; the embedded database cannot be shared' },
    ]);
  }
  const opened = await openDatabase(config);
  const analytics = openAnalyticsSink(config);
  analytics.prepare(logger);
  const worker = new ProjectionWorker(opened.db, logger, {
    brokers: config.KAFKA_BROKERS,
    topic: config.KAFKA_TOPIC,
    projections: workerProjections(analytics.projections),
  });
  await worker.start();

  stopOnSignals(logger, async () => {
    await worker.stop();
    await analytics.close();
    await opened.close();
  });
}

main().catch((error: unknown) => exitAfterFailedStart('The projection worker', error));
