/** The slice of a SQL connection every store and projection needs. */
export interface SqlExecutor {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<{ rows: Row[] }>;
}

export interface QueryOptions {
  /**
   * Names a statement that a hot path runs again and again with new parameters. PostgreSQL then
   * parses it once per connection and, after a few runs, reuses one generic plan instead of
   * planning it with every call's values inlined (for a large statement with a batch-sized
   * parameter that planning is a measurable share of the call). One name, one SQL text: a
   * projection's statements carry their physical table's name, which changes with each generation.
   * On the scan path every batch runs about ten statements, so planning them anew each time was a
   * visible share of the embedded default's scan rate.
   */
  statementName?: string;
}

export interface SqlClient extends SqlExecutor {
  /** 'pglite' is the embedded default; 'postgres' a server reached through DATABASE_URL. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Postgres' SQLSTATE for a unique violation; duplicates are recognised by code and constraint, never by text. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === undefined || violated === constraint);
}
