import { pageStreamId, type PageEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

const STREAM_PREFIX = pageStreamId('');

/** One row per landing page, as the admin screens and visitors' pages read it; a deleted page's row goes. */
export const pages: Projection = {
  name: 'pages',
  version: 2,
  eventTypes: ['PageCreated', 'PageUpdated', 'PageDeleted'],
  tables: {
    pages: (table) => [
      `CREATE TABLE ${table} (
         page_id text PRIMARY KEY,
         code_id text NOT NULL,
         org_id text NOT NULL,
         title text NOT NULL,
         vanity_name text,
         blocks jsonb NOT NULL,
         form jsonb NOT NULL,
         success_message text NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      // A code's pages in the order they were made: the first is the one `/page/{code_id}` shows.
      `CREATE INDEX ${table}_code ON ${table} (code_id, created_at, page_id)`,
      // Not unique: the name streams keep names unique, and a rename's old and new holders pass through here in order.
      `CREATE INDEX ${table}_vanity_name ON ${table} (vanity_name) WHERE vanity_name IS NOT NULL`,
    ],
  },
  async handle(events, { tx, table }) {
    const pagesTable = table('pages');
    for (const recorded of events) {
      const pageId = recorded.streamId.slice(STREAM_PREFIX.length);
      // Only the page decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as PageEvent;
      const at = recorded.occurredAt;
      switch (event.type) {
        case 'PageCreated': {
          const { code_id, org_id, title, vanity_name = null, blocks, form, success_message } = event.data;
          await tx.query(
            `INSERT INTO ${pagesTable} (page_id, code_id, org_id, title, vanity_name, blocks, form, success_message, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
            [pageId, code_id, org_id, title, vanity_name, JSON.stringify(blocks), JSON.stringify(form), success_message, at],
          );
          break;
        }
        case 'PageUpdated': {
          const { title, vanity_name = null, blocks, form, success_message } = event.data;
          await tx.query(
            `UPDATE ${pagesTable} SET title = $2, vanity_name = $3, blocks = $4, form = $5, success_message = $6, updated_at = $7 WHERE page_id = $1`,
            [pageId, title, vanity_name, JSON.stringify(blocks), JSON.stringify(form), success_message, at],
          );
          break;
        }
        case 'PageDeleted':
          await tx.query(`DELETE FROM ${pagesTable} WHERE page_id = $1`, [pageId]);
          break;
      }
    }
  },
};
