import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { PostgresEventStore } from '@qr/eventstore';
import { loadConfig, type PgliteClient } from '@qr/platform';
import { openTestPglite } from '@qr/platform/testing';
import { PROJECTIONS } from '@qr/projections-registry';
import { ProjectionRunner } from '@qr/projections-runner';
import { createApp } from '../../create-app';

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
 * The whole API in-process, with a logger that records what it writes. `db` reuses a
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
  const app = await createApp({ config, logger, db, eventStore, projections });
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
