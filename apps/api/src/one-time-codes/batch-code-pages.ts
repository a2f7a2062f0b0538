import type { SqlClient } from '@qr/platform';
import type { OneTimeCodeRow } from './one-time-codes.queries';

/** Codes read per query by the downloads, which hold a page's images at once. */
export const CODE_PAGE_SIZE = 1000;

/**
 * A batch's codes in issue order, in keyset pages along its (batch_id, ordinal) index: each page is
 * an index range, so the 100th page costs what the first does, unlike OFFSET.
 */
export async function* batchCodePages(db: SqlClient, batchId: string, pageSize = CODE_PAGE_SIZE): AsyncGenerator<OneTimeCodeRow[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<OneTimeCodeRow>(
      'SELECT code_id, ordinal, used_at FROM one_time_codes WHERE batch_id = $1 AND ordinal > $2 ORDER BY ordinal LIMIT $3',
      [batchId, after, pageSize],
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.ordinal;
  }
}
