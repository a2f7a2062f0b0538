import { templateStreamId, type TemplateEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

const STREAM_PREFIX = templateStreamId('');

/** An organisation's own templates, for "Get templates"; a deleted template is gone from the list. */
export const templates: Projection = {
  name: 'templates',
  version: 1,
  eventTypes: ['TemplateSaved', 'TemplateDeleted'],
  tables: {
    templates: (table) => [
      `CREATE TABLE ${table} (
         template_id text PRIMARY KEY,
         org_id text NOT NULL,
         name text NOT NULL,
         description text NOT NULL,
         content jsonb NOT NULL,
         design jsonb NOT NULL,
         page jsonb,
         source_code_id text,
         saved_by text NOT NULL,
         created_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org_created ON ${table} (org_id, created_at DESC, template_id)`,
    ],
  },
  async handle(events, { tx, table }) {
    const templatesTable = table('templates');
    for (const recorded of events) {
      if (!recorded.streamId.startsWith(STREAM_PREFIX)) {
        throw new Error(`${recorded.type} at position ${recorded.globalPosition} is on ${recorded.streamId}, not a template stream`);
      }
      const templateId = recorded.streamId.slice(STREAM_PREFIX.length);
      // Only the template decider writes these types to these streams, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as TemplateEvent;
      if (event.type === 'TemplateDeleted') {
        await tx.query(`DELETE FROM ${templatesTable} WHERE template_id = $1`, [templateId]);
        continue;
      }
      const { org_id, name, description, content, design, page, source_code_id, saved_by } = event.data;
      await tx.query(
        `INSERT INTO ${templatesTable} (template_id, org_id, name, description, content, design, page, source_code_id, saved_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          templateId,
          org_id,
          name,
          description,
          JSON.stringify(content),
          JSON.stringify(design),
          page === null ? null : JSON.stringify(page),
          source_code_id,
          saved_by,
          recorded.occurredAt,
        ],
      );
    }
  },
};
