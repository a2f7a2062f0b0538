import { resolve } from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrations';
import { PgliteClient } from './pglite-client';
import { PostgresClient } from './postgres-client';
import type { SqlClient } from './sql-client';

export interface OpenedDatabase {
  db: SqlClient;
  /** Where the data lives, for the start-up banner: a directory or the server's host. */
  location: string;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR; migrated before it is returned. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    const db = PostgresClient.open(config.DATABASE_URL);
    await migrate(db);
    return { db, location: `PostgreSQL at ${new URL(config.DATABASE_URL).host}`, close: () => db.close() };
  }
  const dataDir = resolve(config.DATA_DIR);
  const unlock = lockDataDir(dataDir);
  try {
    const db = await PgliteClient.open({ dataDir: resolve(dataDir, 'pg') });
    await migrate(db);
    return {
      db,
      location: `embedded PGlite in ${dataDir}`,
      close: async () => {
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
