import 'reflect-metadata';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, exitAfterFailedStart, loadConfig, openDatabase, stopOnSignals } from '@qr/platform';
import { inProcessProjections, openAnalyticsSink } from '@qr/projections-registry';
import { KafkaRelay, ProjectionRunner } from '@qr/projections-runner';
import { APP_VERSION } from './app-version';
import { createApp } from './create-app';
import { NsfwCheck } from './uploads';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const opened = await openDatabase(config);
  const eventStore = new PostgresEventStore(opened.db);
  const analytics = openAnalyticsSink(config);
  analytics.prepare(logger);
  // With KAFKA_BROKERS, projection workers (`npm run projections`) run the partition-safe projections.
  const projections = new ProjectionRunner(opened.db, eventStore, inProcessProjections(analytics.projections, config), logger);
  await projections.start();
  // Started before the API listens, but never waits for the broker: scans go on while it is down.
  const relay = KafkaRelay.configured(config, opened.db, eventStore, logger);
  await relay?.start();
  const app = await createApp({ config, logger, db: opened.db, eventStore, projections, analytics: analytics.reader, relay });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Test apps and the CLI load the model only when something checks an image; a server has visitors on their way.
  app.get(NsfwCheck).warmUp();

  logger.info({ port: config.PORT, database: opened.location, version: APP_VERSION }, 'server started');
  // The one line a newcomer needs, readable among the JSON.
  process.stdout.write(
    `\n  QR Platform ${APP_VERSION} is running at ${config.PUBLIC_URL}\n` +
      (config.OIDC_ISSUER
        ? `  Sign in: ${config.PUBLIC_URL}/admin  (accounts live at ${config.OIDC_ISSUER})\n`
        : `  Sign in: ${config.PUBLIC_URL}/admin  (first time? choose "Create an account", then name your organisation)\n`) +
      `  API documentation: ${config.PUBLIC_URL}/api/docs   Health: ${config.PUBLIC_URL}/api/health\n` +
      `  Data: ${opened.location}\n\n`,
  );

  stopOnSignals(logger, async () => {
    await app.close();
    await relay?.stop();
    await projections.stop();
    await analytics.close();
    await opened.close();
  });
}

main().catch((error: unknown) => exitAfterFailedStart('The server', error));
