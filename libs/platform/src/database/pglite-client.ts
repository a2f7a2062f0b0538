import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Pool, type PoolConfig } from 'pg';
import { PgliteConnection } from './pglite-connection';
import { PostgresClient } from './postgres-client';
import type { QueryOptions, SqlClient, SqlExecutor } from './sql-client';

/**
 * PostgreSQL's default 128 MB of shared buffers, which PGlite keeps, are all written at start-up
 * and stay in the process's memory for good: they were a quarter of the idle server's RSS. The
 * embedded database's files sit in the operating system's page cache, so a page the buffers miss
 * is read from memory, not from disk: a quarter of the default costs no CPU time a bench can see,
 * while going smaller does (docs/decisions/002-embedded-database-settings.md).
 */
const SHARED_BUFFERS = '32MB';

/** The pages PostgreSQL gives a new free space map: its root, one inner page and one leaf (`FSM_TREE_DEPTH`). */
const FREE_SPACE_MAP_PAGES = 3;

/**
 * The embedded database, spoken to through node-postgres as a server is (PGlite's own node-postgres
 * connection): the same driver, type parsing and named prepared statements on both databases. It
 * is also several times faster than PGlite's query(), which describes and plans every statement
 * anew (docs/decisions/001-one-sql-dialect-two-engines.md).
 * PGlite is one connection, so the pool holds one client: concurrent callers queue for it, and a
 * transaction keeps it until it ends.
 */
export class PgliteClient implements SqlClient {
  readonly kind = 'pglite';

  private constructor(
    private readonly pglite: PGlite,
    private readonly sql: PostgresClient,
    private readonly dataDir: string | undefined,
  ) {}

  /** `dataDir` undefined keeps the database in memory; `template` starts from a dumped data directory. */
  static async open(options: { dataDir?: string; template?: Blob } = {}): Promise<PgliteClient> {
    const pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.template,
      // PostgreSQL fills each new 16 MB WAL segment with zeros so that a later fsync need not
      // allocate space. PGlite never fsyncs (`-F` in its defaults), so the zeros bought nothing, and
      // its one backend wrote them on the event loop: the append that crossed into a new segment
      // stalled every scan behind it for many times a usual append. Off, segments are sparse.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`, '-c', 'wal_init_zero=off'],
    });
    // The pool's one client never idles out: each client would start on the same PGlite connection again.
    // node-postgres takes a ready-made connection (`connection`), which its type declarations leave out.
    const pool = new Pool({ connection: new PgliteConnection(pglite), max: 1, idleTimeoutMillis: 0 } as PoolConfig);
    return new PgliteClient(pglite, new PostgresClient(pool), options.dataDir);
  }

  /**
   * Gives every index of the application's tables a free space map, empty, where it has none.
   * PostgreSQL creates an index's map only when VACUUM first records a free page in it, yet each
   * page split asks the map for a free page first: with no map file, every split of an event index
   * (about one in 40 scans) made PGlite look the file up in vain, and a failed lookup is an
   * exception in Node's file system, paid on the scan path
   * (docs/decisions/002-embedded-database-settings.md). All-zero pages are what PostgreSQL itself
   * writes when it extends a map, and it initialises them when it first reads them; a map is never
   * WAL-logged, so the files need no record. Indexes made after this call (a projection's next
   * generation) get theirs at the next start. An in-memory database is skipped: its lookups never
   * leave WebAssembly.
   */
  async createMissingIndexFreeSpaceMaps(): Promise<void> {
    if (this.dataDir === undefined) return;
    const { rows } = await this.query<{ path: string; block_size: number }>(
      `SELECT pg_relation_filepath(c.oid) AS path, current_setting('block_size')::int AS block_size
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'i' AND c.relpersistence = 'p' AND n.nspname NOT IN ('pg_catalog', 'pg_toast', 'information_schema')
          AND pg_relation_size(c.oid, 'fsm') = 0`,
    );
    for (const { path, block_size } of rows) {
      try {
        writeFileSync(join(this.dataDir, `${path}_fsm`), Buffer.alloc(FREE_SPACE_MAP_PAGES * block_size), { flag: 'wx' });
      } catch (error) {
        // A map PostgreSQL has created but not yet extended is left to it.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  query<Row extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<{ rows: Row[] }> {
    return this.sql.query<Row>(sql, params, options);
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }

  exec(sql: string): Promise<void> {
    return this.sql.exec(sql);
  }

  /** A snapshot of the whole data directory, used by tests to start new databases in under a second. */
  dump(): Promise<Blob> {
    return this.pglite.dumpDataDir('none');
  }

  async close(): Promise<void> {
    await this.sql.close();
    if (!this.pglite.closed) await this.pglite.close();
  }
}
