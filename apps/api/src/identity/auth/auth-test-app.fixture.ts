import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { PostgresEventStore } from '@qr/eventstore';
import { loadConfig, type PgliteClient } from '@qr/platform';
import { openTestPglite } from '@qr/platform/testing';
import { PROJECTIONS, ProjectionRunner } from '@qr/projections-runner';
import { createApp } from '../../create-app';
import { AuthModule } from './auth.module';
import { mountOidcProvider } from './mount-oidc-provider';

export const PUBLIC_URL = 'http://localhost:3000';

export interface AuthTestApp {
  app: NestFastifyApplication;
  db: PgliteClient;
  /** Every line the server logged, at trace level. */
  logs: string[];
  /** Stops the server; the database stays open when `keepDatabase` is set (a restart). */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

/**
 * The whole API in-process with the auth module added and the provider mounted, as create-app will
 * once AuthModule is listed there, with a logger that records what it writes. `db` reuses a
 * database, as a restarted server does; `env` adds settings.
 */
export async function startAuthTestApp(options: { db?: PgliteClient; env?: NodeJS.ProcessEnv } = {}): Promise<AuthTestApp> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, ...options.env });
  const logs: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) });
  const db = options.db ?? (await openTestPglite());
  const eventStore = new PostgresEventStore(db);
  const projections = new ProjectionRunner(db, eventStore, PROJECTIONS, logger);
  await projections.start();
  const app = await createApp({ config, logger, db, eventStore, projections }, { extraModules: [AuthModule] });
  await mountOidcProvider(app, { trustProxy: false });
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    db,
    logs,
    close: async ({ keepDatabase = false } = {}) => {
      await app.close();
      await projections.stop();
      if (!keepDatabase) await db.close();
    },
  };
}
