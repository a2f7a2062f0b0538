import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteClient, type SqlClient, type SqlExecutor } from '@qr/platform';
import { openTestPglite, openTestPostgres } from '@qr/platform/testing';

export interface BenchDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /** Where the data lives, printed with the results because it changes them. */
  storage: string;
  db: SqlClient;
  close(): Promise<void>;
}

/**
 * PGlite in a fresh temporary data directory, as the app runs it (in memory would flatter it). It
 * starts from the migrated test template rather than from initdb, which takes 5–8 s here.
 */
export async function openPgliteDataDir(): Promise<BenchDatabase> {
  const template = await openTestPglite();
  const dump = await template.dump();
  await template.close();
  const dataDir = mkdtempSync(join(tmpdir(), 'qr-bench-pglite-'));
  const db = await PgliteClient.open({ dataDir, template: dump });
  await db.createMissingIndexFreeSpaceMaps();
  return {
    name: 'PGlite',
    storage: `data directory ${dataDir} (no fsync)`,
    db,
    close: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server and its durability settings, which are part of any result measured on it. */
export async function describePostgres(db: SqlExecutor, serverUrl: string): Promise<string> {
  const { rows } = await db.query<{ version: string; fsync: string; synchronous_commit: string }>(
    `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
            current_setting('synchronous_commit') AS synchronous_commit`,
  );
  const { version, fsync, synchronous_commit } = rows[0]!;
  return `server ${version} at ${new URL(serverUrl).host} (fsync ${fsync}, synchronous_commit ${synchronous_commit})`;
}

/** A database of its own on the server, dropped afterwards. */
export async function openPostgres(serverUrl: string, poolSize: number): Promise<BenchDatabase> {
  const pg = await openTestPostgres(serverUrl, { max: poolSize });
  return {
    name: 'PostgreSQL',
    storage: `${await describePostgres(pg.db, serverUrl)}, pool of ${poolSize}`,
    db: pg.db,
    close: pg.drop,
  };
}
