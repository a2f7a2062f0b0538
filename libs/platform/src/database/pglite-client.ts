import { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlExecutor } from './sql-client';

/**
 * The embedded database. PGlite is one connection: its own mutex serialises queries and holds the
 * lock for the length of a transaction, so concurrent callers simply queue.
 */
export class PgliteClient implements SqlClient {
  readonly kind = 'pglite';

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` undefined keeps the database in memory; `template` starts from a dumped data directory. */
  static async open(options: { dataDir?: string; template?: Blob } = {}): Promise<PgliteClient> {
    const db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.template });
    return new PgliteClient(db);
  }

  async query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }> {
    const result = await this.db.query<Row>(sql, params ? [...params] : undefined);
    return { rows: result.rows };
  }

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        query: async <Row extends object>(sql: string, params?: readonly unknown[]) => ({
          rows: (await tx.query<Row>(sql, params ? [...params] : undefined)).rows,
        }),
      }),
    );
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  /** A snapshot of the whole data directory, used by tests to start new databases in under a second. */
  dump(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
