import { pageStreamId, type PageEvent } from '@qr/domain';
import type { Projection } from '@qr/projections-runner';

const STREAM_PREFIX = pageStreamId('');

/** One row per landing page, as the admin screens and visitors' pages read it; a deleted page's row goes. */
export const pages: Projection = {
  name: 'pages',
  version: 1,
  eventTypes: ['PageCreated', 'PageUpdated', 'PageDeleted'],
  tables: {
    pages: (table) => [
      `CREATE TABLE ${table} (
         page_id text PRIMARY KEY,
         code_id text NOT NULL,
         org_id text NOT NULL,
         title text NOT NULL,
         blocks jsonb NOT NULL,
         form jsonb NOT NULL,
         success_message text NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      // A code's pages in the order they were made: the first is the one `/page/{code_id}` shows.
      `CREATE INDEX ${table}_code ON ${table} (code_id, created_at, page_id)`,
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
          const { code_id, org_id, title, blocks, form, success_message } = event.data;
          await tx.query(
            `INSERT INTO ${pagesTable} (page_id, code_id, org_id, title, blocks, form, success_message, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
            [pageId, code_id, org_id, title, JSON.stringify(blocks), JSON.stringify(form), success_message, at],
          );
          break;
        }
        case 'PageUpdated': {
          const { title, blocks, form, success_message } = event.data;
          await tx.query(`UPDATE ${pagesTable} SET title = $2, blocks = $3, form = $4, success_message = $5, updated_at = $6 WHERE page_id = $1`, [
            pageId,
            title,
            JSON.stringify(blocks),
            JSON.stringify(form),
            success_message,
            at,
          ]);
          break;
        }
        case 'PageDeleted':
          await tx.query(`DELETE FROM ${pagesTable} WHERE page_id = $1`, [pageId]);
          break;
      }
    }
  },
};
