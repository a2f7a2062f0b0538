import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
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
    const pgDir = resolve(dataDir, 'pg');
    if (!existsSync(join(pgDir, 'PG_VERSION'))) await initialisePglite(pgDir);
    const db = await PgliteClient.open({ dataDir: pgDir });
    await migrate(db);
    await db.createMissingIndexFreeSpaceMaps();
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

/**
 * Creates a new PGlite data directory in a child process. initdb grows PGlite's WebAssembly heap
 * to about 800 MB and WebAssembly memory never shrinks; done in the server's own process, the
 * idle server would keep all of it after a first start, and less than half after a later one.
 */
async function initialisePglite(pgDir: string): Promise<void> {
  const pglite = require.resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(process.argv[1]).then((db) => db.close())`;
  await promisify(execFile)(process.execPath, ['-e', script, pgDir]);
}
