import { folderStreamId, type FolderEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

const STREAM_PREFIX = folderStreamId('');

/**
 * One row per live folder; a removed folder's row goes. Which codes a folder holds is the codes
 * read model's `folder_id`, so a folder's count always agrees with its list of codes.
 */
export const folders: Projection = {
  name: 'folders',
  version: 1,
  eventTypes: ['FolderCreated', 'FolderRenamed', 'FolderRemoved'],
  tables: {
    folders: (table) => [
      `CREATE TABLE ${table} (
         folder_id text PRIMARY KEY,
         org_id text NOT NULL,
         name text NOT NULL,
         created_by text NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org_name ON ${table} (org_id, lower(name), folder_id)`,
    ],
  },
  async handle(events, { tx, table }) {
    const foldersTable = table('folders');
    for (const recorded of events) {
      const folderId = recorded.streamId.slice(STREAM_PREFIX.length);
      // Only the folder decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as FolderEvent;
      const at = recorded.occurredAt;
      switch (event.type) {
        case 'FolderCreated':
          await tx.query(`INSERT INTO ${foldersTable} (folder_id, org_id, name, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
            folderId,
            event.data.org_id,
            event.data.name,
            event.data.created_by,
            at,
          ]);
          break;
        case 'FolderRenamed':
          await tx.query(`UPDATE ${foldersTable} SET name = $2, updated_at = $3 WHERE folder_id = $1`, [folderId, event.data.name, at]);
          break;
        case 'FolderRemoved':
          await tx.query(`DELETE FROM ${foldersTable} WHERE folder_id = $1`, [folderId]);
          break;
        default:
          throw new Error(`${recorded.type} at position ${recorded.globalPosition} is not a folder event this projection reads`);
      }
    }
  },
};
