import { Pool, type PoolClient, type QueryConfig } from 'pg';
import type { QueryOptions, SqlClient, SqlExecutor } from './sql-client';

export class PostgresClient implements SqlClient {
  readonly kind = 'postgres';

  constructor(private readonly pool: Pool) {}

  static open(connectionString: string, options: { max?: number } = {}): PostgresClient {
    const pool = new Pool({ connectionString, max: options.max ?? 10 });
    // An idle client losing its server must not crash the process; the next query reports the error.
    pool.on('error', () => undefined);
    return new PostgresClient(pool);
  }

  async query<Row extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<{ rows: Row[] }> {
    const result = await this.pool.query(queryConfig(sql, params, options));
    return { rows: result.rows as Row[] };
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

function queryConfig(sql: string, params?: readonly unknown[], options?: QueryOptions): QueryConfig {
  return { text: sql, values: params ? [...params] : undefined, name: options?.statementName };
}
