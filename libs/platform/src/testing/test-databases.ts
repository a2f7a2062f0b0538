import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { loadMigrations, migrate } from '../database/migrations';
import { PgliteClient } from '../database/pglite-client';
import { PostgresClient } from '../database/postgres-client';
import type { SqlClient } from '../database/sql-client';

/**
 * A migrated PGlite database in memory. Creating one from scratch takes 5–8 s here (DESIGN.md §11),
 * so the first call dumps a migrated template to the temp directory and later ones load it (< 1 s).
 */
export async function openTestPglite(): Promise<PgliteClient> {
  // A data directory does not open across PGlite versions, and the template must match the migrations.
  const key = createHash('sha256')
    .update(pgliteVersion())
    .update(
      loadMigrations()
        .map((m) => m.sql)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const templateFile = join(tmpdir(), `qr-pglite-template-${key}.tar`);
  if (existsSync(templateFile)) {
    return PgliteClient.open({ template: new Blob([readFileSync(templateFile)]) });
  }
  const db = await PgliteClient.open();
  await migrate(db);
  const partial = `${templateFile}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await (await db.dump()).arrayBuffer()));
  renameSync(partial, templateFile);
  return db;
}

function pgliteVersion(): string {
  let dir = dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface TestPostgres {
  db: PostgresClient;
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A new, migrated database on the DATABASE_URL server, so concurrent runs never see each other's rows. */
export async function openTestPostgres(serverUrl: string, options: { max?: number } = {}): Promise<TestPostgres> {
  const name = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = PostgresClient.open(url.toString(), options);
  await migrate(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestAdapter {
  name: 'pglite' | 'postgres';
  open(options?: { max?: number }): Promise<{ db: SqlClient; close(): Promise<void> }>;
}

/**
 * The databases a contract suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set.
 * Without it the PostgreSQL run is skipped with one line, unless REQUIRE_SERVICES=1 (CI), where a
 * missing server fails the run instead of passing quietly.
 */
export function testAdapters(): TestAdapter[] {
  const adapters: TestAdapter[] = [
    {
      name: 'pglite',
      open: async () => {
        const db = await openTestPglite();
        return { db, close: () => db.close() };
      },
    },
  ];
  const serverUrl = requiredServiceUrl('DATABASE_URL', 'PostgreSQL (set DATABASE_URL=postgres://…)');
  if (serverUrl) {
    adapters.push({
      name: 'postgres',
      open: async (options) => {
        const pg = await openTestPostgres(serverUrl, options);
        return { db: pg.db, close: pg.drop };
      },
    });
  }
  return adapters;
}

const announced = new Set<string>();

/** The service's URL, or undefined after saying once what to install; throws when CI requires it. */
export function requiredServiceUrl(variable: string, what: string): string | undefined {
  const url = process.env[variable];
  if (url) return url;
  if (process.env.REQUIRE_SERVICES === '1') {
    throw new Error(`REQUIRE_SERVICES=1 but ${variable} is not set: these tests need ${what}.`);
  }
  if (!announced.has(variable)) {
    announced.add(variable);
    console.log(`Skipping ${what} tests: ${variable} is not set.`);
  }
  return undefined;
}
