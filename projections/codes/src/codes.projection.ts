import { codeStreamId, folderStreamId, type CodeEvent, type FolderEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

const STREAM_PREFIX = codeStreamId('');
const FOLDER_STREAM_PREFIX = folderStreamId('');
/** The folder events that move codes in and out of folders. */
const FILING_EVENTS: ReadonlySet<string> = new Set<FolderEvent['type']>(['CodesFiled', 'CodesUnfiled', 'FolderRemoved']);

/**
 * One row per code as the admin screens and the scan path read it. Deleted codes stay, with
 * status 'deleted', so their printed QR can answer "gone" rather than "never existed".
 * `folder_id` follows the folders' filing events: a code is in the folder that filed it last
 * (docs/decisions/014-a-codes-folder-by-log-order.md), and a removed folder's codes are in none.
 */
export const codes: Projection = {
  name: 'codes',
  // 2: folder_id follows the folders' filing events.
  version: 2,
  eventTypes: ['CodeCreated', 'CodeUpdated', 'CodePaused', 'CodeResumed', 'CodeDeleted', ...FILING_EVENTS],
  tables: {
    codes: (table) => [
      `CREATE TABLE ${table} (
         code_id text PRIMARY KEY,
         org_id text NOT NULL,
         name text NOT NULL,
         type text NOT NULL,
         content jsonb NOT NULL,
         design jsonb NOT NULL,
         status text NOT NULL,
         base_code_id text,
         folder_id text,
         created_by text NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      // The code list: an organisation's codes, newest first.
      `CREATE INDEX ${table}_org_created ON ${table} (org_id, created_at DESC, code_id)`,
      `CREATE INDEX ${table}_base_code ON ${table} (base_code_id) WHERE base_code_id IS NOT NULL`,
      // A folder's codes, and every folder's count.
      `CREATE INDEX ${table}_folder ON ${table} (folder_id, created_at DESC, code_id) WHERE folder_id IS NOT NULL`,
    ],
  },
  async handle(events, { tx, table }) {
    const codesTable = table('codes');
    for (const recorded of events) {
      if (FILING_EVENTS.has(recorded.type)) {
        await file(tx, codesTable, recorded.streamId.slice(FOLDER_STREAM_PREFIX.length), { type: recorded.type, data: recorded.data } as FolderEvent);
        continue;
      }
      if (!recorded.streamId.startsWith(STREAM_PREFIX)) {
        throw new Error(`${recorded.type} at position ${recorded.globalPosition} is on ${recorded.streamId}, not a code stream`);
      }
      const codeId = recorded.streamId.slice(STREAM_PREFIX.length);
      // Only the code decider writes these types to these streams, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as CodeEvent;
      const at = recorded.occurredAt;
      switch (event.type) {
        case 'CodeCreated': {
          const { org_id, name, content, design, base_code_id, created_by } = event.data;
          await tx.query(
            `INSERT INTO ${codesTable} (code_id, org_id, name, type, content, design, status, base_code_id, created_by, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $9)`,
            [codeId, org_id, name, content.type, JSON.stringify(content), JSON.stringify(design), base_code_id, created_by, at],
          );
          break;
        }
        case 'CodeUpdated':
          await tx.query(`UPDATE ${codesTable} SET name = $2, type = $3, content = $4, design = $5, updated_at = $6 WHERE code_id = $1`, [
            codeId,
            event.data.name,
            event.data.content.type,
            JSON.stringify(event.data.content),
            JSON.stringify(event.data.design),
            at,
          ]);
          break;
        case 'CodePaused':
        case 'CodeResumed':
        case 'CodeDeleted': {
          const status = event.type === 'CodePaused' ? 'paused' : event.type === 'CodeResumed' ? 'active' : 'deleted';
          await tx.query(`UPDATE ${codesTable} SET status = $2, updated_at = $3 WHERE code_id = $1`, [codeId, status, at]);
          break;
        }
      }
    }
  },
};

/** Moves codes in and out of a folder. Only the folder decider writes these types, so the payload has its shape. */
async function file(tx: SqlExecutor, codesTable: string, folderId: string, event: FolderEvent): Promise<void> {
  switch (event.type) {
    case 'CodesFiled':
      await tx.query(`UPDATE ${codesTable} SET folder_id = $1 WHERE code_id = ANY($2::text[])`, [folderId, event.data.code_ids]);
      break;
    // Only codes still in this folder: one filed elsewhere since has moved, and stays where it went.
    case 'CodesUnfiled':
      await tx.query(`UPDATE ${codesTable} SET folder_id = NULL WHERE folder_id = $1 AND code_id = ANY($2::text[])`, [folderId, event.data.code_ids]);
      break;
    case 'FolderRemoved':
      await tx.query(`UPDATE ${codesTable} SET folder_id = NULL WHERE folder_id = $1`, [folderId]);
      break;
    default:
      throw new Error(`${event.type} does not file codes`);
  }
}
