import { oneTimeBatchStreamId, type OneTimeBatchEvent, type OneTimeCodeUsed } from '@qr/domain';
import type { Projection } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';
import { oneTimeCodeIds } from './one-time-code-ids';

const BATCH_PREFIX = oneTimeBatchStreamId('');

/** Rows per INSERT: one array parameter each, so 100,000 codes are a handful of statements. */
const INSERT_CHUNK = 25_000;

/**
 * Batches of one-time codes and one row per code, as the admin screens, the exports and the scan
 * path read them. A batch's single event becomes its codes here, in bulk. A deleted batch keeps its
 * rows, so its printed codes answer "ended" rather than "never existed".
 */
export const oneTimeCodes: Projection = {
  name: 'one-time-codes',
  version: 1,
  eventTypes: ['OneTimeCodesIssued', 'OneTimeCodesDeleted', 'OneTimeCodeUsed'],
  tables: {
    one_time_code_batches: (table) => [
      `CREATE TABLE ${table} (
         batch_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         base_code_id text NOT NULL,
         amount integer NOT NULL,
         status text NOT NULL,
         created_by text NOT NULL,
         created_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_base_code ON ${table} (base_code_id, created_at DESC)`,
    ],
    one_time_codes: (table) => [
      `CREATE TABLE ${table} (
         code_id text PRIMARY KEY,
         batch_id uuid NOT NULL,
         ordinal integer NOT NULL,
         used_at timestamptz
       )`,
      // A batch's codes in the order they were issued: the list, the downloads and the export's keyset pages.
      `CREATE UNIQUE INDEX ${table}_batch_ordinal ON ${table} (batch_id, ordinal)`,
      // A batch's used count, on every list of batches, without reading its unused codes.
      `CREATE INDEX ${table}_batch_used ON ${table} (batch_id) WHERE used_at IS NOT NULL`,
    ],
  },
  async handle(events, { tx, table }) {
    const batches = table('one_time_code_batches');
    const codes = table('one_time_codes');
    const uses: { codeId: string; at: Date }[] = [];
    for (const recorded of events) {
      // Only the one-time deciders write these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as OneTimeBatchEvent | OneTimeCodeUsed;
      switch (event.type) {
        case 'OneTimeCodesIssued': {
          const { batch_id, org_id, base_code_id, amount, seed, issued_by } = event.data;
          await tx.query(
            `INSERT INTO ${batches} (batch_id, org_id, base_code_id, amount, status, created_by, created_at) VALUES ($1, $2, $3, $4, 'issued', $5, $6)`,
            [batch_id, org_id, base_code_id, amount, issued_by, recorded.occurredAt],
          );
          await insertCodes(tx, codes, batch_id, oneTimeCodeIds(seed, amount));
          break;
        }
        case 'OneTimeCodesDeleted':
          await tx.query(`UPDATE ${batches} SET status = 'deleted' WHERE batch_id = $1`, [recorded.streamId.slice(BATCH_PREFIX.length)]);
          break;
        case 'OneTimeCodeUsed':
          uses.push({ codeId: event.data.code_id, at: recorded.occurredAt });
          break;
      }
    }
    // Uses come from the scan path in bursts: one statement for the batch's. Only one use per code exists.
    if (uses.length > 0) {
      await tx.query(`UPDATE ${codes} c SET used_at = u.at FROM unnest($1::text[], $2::timestamptz[]) AS u(code_id, at) WHERE c.code_id = u.code_id`, [
        uses.map((u) => u.codeId),
        uses.map((u) => u.at.toISOString()),
      ]);
    }
  },
};

async function insertCodes(tx: SqlExecutor, codes: string, batchId: string, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    // A clash with an existing code id (about one in 10^6, see oneTimeCodeIds) skips that one code rather than stalling the projection.
    await tx.query(
      `INSERT INTO ${codes} (code_id, batch_id, ordinal)
         SELECT code_id, $2::uuid, $3::int + n::int FROM unnest($1::text[]) WITH ORDINALITY AS u(code_id, n)
       ON CONFLICT DO NOTHING`,
      [ids.slice(start, start + INSERT_CHUNK), batchId, start],
    );
  }
}
