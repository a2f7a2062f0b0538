import { noteStreamId, type NoteEvent } from '@qr/domain';
import type { Projection } from '@qr/eventstore';

const STREAM_PREFIX = noteStreamId('');

/**
 * One row per note not deleted. A deleted code's notes stay here: queries join the codes read
 * model and leave them out, so the notes would come back with the code if codes ever could.
 */
export const notes: Projection = {
  name: 'notes',
  version: 1,
  eventTypes: ['NoteAdded', 'NoteDeleted'],
  tables: {
    notes: (table) => [
      `CREATE TABLE ${table} (
         note_id text PRIMARY KEY,
         code_id text NOT NULL,
         org_id text NOT NULL,
         text text NOT NULL,
         created_by text NOT NULL,
         created_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org_created ON ${table} (org_id, created_at DESC, note_id)`,
      `CREATE INDEX ${table}_code_created ON ${table} (code_id, created_at DESC, note_id)`,
    ],
  },
  async handle(events, { tx, table }) {
    const notesTable = table('notes');
    for (const recorded of events) {
      const noteId = recorded.streamId.slice(STREAM_PREFIX.length);
      // Only the note decider writes these types, so the payload has its shape.
      const event = { type: recorded.type, data: recorded.data } as NoteEvent;
      if (event.type === 'NoteAdded') {
        const { code_id, org_id, text, added_by } = event.data;
        await tx.query(`INSERT INTO ${notesTable} (note_id, code_id, org_id, text, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
          noteId,
          code_id,
          org_id,
          text,
          added_by,
          recorded.occurredAt,
        ]);
      } else {
        await tx.query(`DELETE FROM ${notesTable} WHERE note_id = $1`, [noteId]);
      }
    }
  },
};
