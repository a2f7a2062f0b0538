import { DEFAULT_PAGE_THEME } from '@qr/contracts';
import { pageStreamId, type PageContent, type PageEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

const STREAM_PREFIX = pageStreamId('');

/** The JSON columns of a page's content; events written before buttons and themes read as none and the brand kit. */
const jsonColumns = ({ blocks, form, success_button = null, theme = DEFAULT_PAGE_THEME }: PageContent) => [
  JSON.stringify(blocks),
  JSON.stringify(form),
  success_button === null ? null : JSON.stringify(success_button),
  JSON.stringify(theme),
];

/** One row per landing page, as the admin screens and visitors' pages read it; a deleted page's row goes. */
export const pages: Projection = {
  name: 'pages',
  // 2: vanity names. 3: the thank-you screen's button and the page's theme.
  version: 3,
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
         success_button jsonb,
         theme jsonb NOT NULL,
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
          const { code_id, org_id, title, vanity_name = null, success_message } = event.data;
          await tx.query(
            `INSERT INTO ${pagesTable} (page_id, code_id, org_id, title, vanity_name, success_message, blocks, form, success_button, theme, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
            [pageId, code_id, org_id, title, vanity_name, success_message, ...jsonColumns(event.data), at],
          );
          break;
        }
        case 'PageUpdated': {
          const { title, vanity_name = null, success_message } = event.data;
          await tx.query(
            `UPDATE ${pagesTable}
                SET title = $2, vanity_name = $3, success_message = $4, blocks = $5, form = $6, success_button = $7, theme = $8, updated_at = $9
              WHERE page_id = $1`,
            [pageId, title, vanity_name, success_message, ...jsonColumns(event.data), at],
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
