import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, loadConfig, type SqlClient } from '@qr/platform';
import type { Projection } from '@qr/eventstore';
import { openTestPglite, type TestAdapter } from '@qr/platform/testing';
import { inProcessProjections, openAnalyticsSink } from '@qr/projections-registry';
import { KafkaRelay, ProjectionRunner, type KafkaRelayOptions } from '@qr/projections-runner';
import { createApp } from '../create-app';
import type { ClientTimeouts } from '../http/client-timeouts';
import type { PublicRateLimit } from '../http/public-rate-limit';
import type { ReadYourWritesOptions } from '../http/read-your-writes';

export interface TestApp {
  app: NestFastifyApplication;
  db: SqlClient;
  projections: ProjectionRunner;
  relay?: KafkaRelay;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  extraModules?: Type[];
  publicRateLimit?: PublicRateLimit;
  clientTimeouts?: ClientTimeouts;
  relay?: Partial<KafkaRelayOptions>;
  readYourWrites?: Partial<ReadYourWritesOptions>;
  /** Where the data lives: a fresh in-memory PGlite unless told (testAdapters() gives PostgreSQL too). */
  database?: TestAdapter;
  /** Replaces projections the runner follows, by name: to hold one back, say. */
  projections?: Record<string, (projection: Projection) => Projection>;
}

/** The whole API in-process on a fresh database (in-memory PGlite unless told), called with `app.inject`. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const logger = createLogger('silent');
  const opened = options.database ? await options.database.open({ max: 10 }) : await openPglite();
  const { db } = opened;
  const eventStore = new PostgresEventStore(db);
  const analytics = openAnalyticsSink(config);
  const followed = inProcessProjections(analytics.projections, config).map((projection) => options.projections?.[projection.name]?.(projection) ?? projection);
  const projections = new ProjectionRunner(db, eventStore, followed, logger);
  await projections.start();
  const relay = KafkaRelay.configured(config, db, eventStore, logger, options.relay);
  await relay?.start();
  const app = await createApp(
    { config, logger, db, eventStore, projections, analytics: analytics.reader, relay },
    {
      extraModules: options.extraModules,
      publicRateLimit: options.publicRateLimit,
      clientTimeouts: options.clientTimeouts,
      readYourWrites: options.readYourWrites,
    },
  );
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
      await opened.close();
    },
  };
}

async function openPglite(): Promise<{ db: SqlClient; close(): Promise<void> }> {
  const db = await openTestPglite();
  return { db, close: () => db.close() };
}
