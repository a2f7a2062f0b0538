import { codeStreamId, type CodeEvent } from '@qr/domain';
import type { Projection } from '@qr/projections-runner';

const STREAM_PREFIX = codeStreamId('');

/**
 * One row per code as the admin screens and the scan path read it. Deleted codes stay, with
 * status 'deleted', so their printed QR can answer "gone" rather than "never existed".
 */
export const codes: Projection = {
  name: 'codes',
  version: 1,
  eventTypes: ['CodeCreated', 'CodeUpdated', 'CodePaused', 'CodeResumed', 'CodeDeleted'],
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
    ],
  },
  async handle(events, { tx, table }) {
    const codesTable = table('codes');
    for (const recorded of events) {
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
