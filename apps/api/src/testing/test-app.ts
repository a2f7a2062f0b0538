import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, loadConfig, type SqlClient } from '@qr/platform';
import { openTestPglite } from '@qr/platform/testing';
import { inProcessProjections, KafkaRelay, openAnalyticsSink, ProjectionRunner, type KafkaRelayOptions } from '@qr/projections-runner';
import { createApp } from '../create-app';
import type { ClientTimeouts } from '../http/client-timeouts';
import type { PublicRateLimit } from '../http/public-rate-limit';

export interface TestApp {
  app: NestFastifyApplication;
  db: SqlClient;
  projections: ProjectionRunner;
  relay?: KafkaRelay;
  close(): Promise<void>;
}

/** The whole API in-process on a fresh in-memory PGlite, called with `app.inject`. */
export async function startTestApp(
  options: { env?: NodeJS.ProcessEnv; extraModules?: Type[]; publicRateLimit?: PublicRateLimit; clientTimeouts?: ClientTimeouts; relay?: Partial<KafkaRelayOptions> } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const logger = createLogger('silent');
  const db = await openTestPglite();
  const eventStore = new PostgresEventStore(db);
  const analytics = openAnalyticsSink(config);
  const projections = new ProjectionRunner(db, eventStore, inProcessProjections(analytics.projections, config), logger);
  await projections.start();
  const relay = KafkaRelay.configured(config, db, eventStore, logger, options.relay);
  await relay?.start();
  const app = await createApp({ config, logger, db, eventStore, projections, analytics: analytics.reader, relay }, { extraModules: options.extraModules, publicRateLimit: options.publicRateLimit, clientTimeouts: options.clientTimeouts });
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    db,
    projections,
    relay,
    close: async () => {
      await app.close();
      await relay?.stop();
      await projections.stop();
      await analytics.close();
      await db.close();
    },
  };
}
