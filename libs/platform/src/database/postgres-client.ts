import { Pool, type PoolClient, type QueryConfig } from 'pg';
import type { QueryOptions, SqlClient, SqlExecutor } from './sql-client';

const SQLSTATE = /^[0-9A-Z]{5}$/;

export class PostgresClient implements SqlClient {
  readonly kind = 'postgres';

  constructor(private readonly pool: Pool) {
    // An idle client losing its server must not crash the process; the next query reports the error.
    pool.on('error', () => undefined);
  }

  static open(connectionString: string, options: { max?: number } = {}): PostgresClient {
    return new PostgresClient(new Pool({ connectionString, max: options.max ?? 10 }));
  }

  /**
   * Not pool.query: that discards the connection after any failed statement, and PGlite's one
   * connection cannot be opened again. A statement's own error (it carries a SQLSTATE: a unique
   * violation, say) leaves the connection as good as before; only other failures discard it.
   */
  async query<Row extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<{ rows: Row[] }> {
    const client = await this.pool.connect();
    try {
      const result = await client.query(queryConfig(sql, params, options));
      client.release();
      return { rows: result.rows as Row[] };
    } catch (error) {
      client.release(isStatementError(error) ? undefined : (error as Error));
      throw error;
    }
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(executorOf(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function executorOf(client: PoolClient): SqlExecutor {
  return {
    query: async <Row extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      const result = await client.query(queryConfig(sql, params, options));
      return { rows: result.rows as Row[] };
    },
  };
}

/** By shape, not class: through PGlite's connection the error comes from PGlite's protocol parser, not pg's. */
function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SQLSTATE.test(code);
}

function queryConfig(sql: string, params?: readonly unknown[], options?: QueryOptions): QueryConfig {
  return { text: sql, values: params ? [...params] : undefined, name: options?.statementName };
}
