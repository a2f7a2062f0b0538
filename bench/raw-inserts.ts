import { newEventId, type AppendRequest } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

/**
 * The reference points for the event store: the same rows written by one plain multi-row INSERT,
 * without the stream bookkeeping, the transaction or RETURNING. Values are converted exactly as the
 * event store converts them, including the event id it makes for events that have none.
 */
export type RawTable = 'bench_raw_plain' | 'bench_raw_indexed';

const COLUMNS = ['stream_id', 'stream_position', 'event_id', 'type', 'schema_version', 'data', 'metadata', 'occurred_at'] as const;

export async function createRawTables(db: SqlExecutor): Promise<void> {
  // LIKE copies columns, NOT NULL, defaults and identity; INCLUDING ALL adds es_events' primary key,
  // unique event id and log-order index, so the second table shows what those indexes alone cost.
  await db.query('CREATE TABLE bench_raw_plain (LIKE es_events INCLUDING DEFAULTS INCLUDING IDENTITY)');
  await db.query('CREATE TABLE bench_raw_indexed (LIKE es_events INCLUDING ALL)');
}

/** Keeps (stream_id, stream_position) unique across runs, as the indexed table's primary key requires. */
let nextPosition = 0;

function rowsOf(requests: readonly AppendRequest[]) {
  return requests.flatMap((request) =>
    request.events.map((event) => ({
      s: request.streamId,
      p: nextPosition++,
      e: event.id ?? newEventId(),
      t: event.type,
      v: event.schemaVersion ?? 1,
      d: event.data,
      m: event.metadata ?? {},
      o: event.occurredAt ?? new Date(),
    })),
  );
}

/** The textbook shape: `INSERT … VALUES ($1, …), ($9, …)`, eight parameters per row. */
export async function insertValues(db: SqlExecutor, table: RawTable, requests: readonly AppendRequest[]): Promise<void> {
  const values = rowsOf(requests).flatMap((row) => [row.s, row.p, row.e, row.t, row.v, JSON.stringify(row.d), JSON.stringify(row.m), row.o.toISOString()]);
  await db.query(valuesStatement(table, values.length / COLUMNS.length), values);
}

/** The event store's shape: the whole batch as one JSON parameter expanded by jsonb_to_recordset. */
export async function insertJsonRecordset(db: SqlExecutor, table: RawTable, requests: readonly AppendRequest[]): Promise<void> {
  await db.query(
    `INSERT INTO ${table} (${COLUMNS.join(', ')})
       SELECT s, p, e, t, v, d, m, o
         FROM jsonb_to_recordset($1::jsonb) AS r(s text, p bigint, e uuid, t text, v int, d jsonb, m jsonb, o timestamptz)`,
    [JSON.stringify(rowsOf(requests))],
  );
}

const valuesStatements = new Map<string, string>();

function valuesStatement(table: RawTable, rows: number): string {
  const key = `${table}:${rows}`;
  let sql = valuesStatements.get(key);
  if (!sql) {
    const placeholders = (row: number) => COLUMNS.map((_, column) => `$${row * COLUMNS.length + column + 1}`).join(', ');
    const tuples = Array.from({ length: rows }, (_, row) => `(${placeholders(row)})`);
    sql = `INSERT INTO ${table} (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
    valuesStatements.set(key, sql);
  }
  return sql;
}
