import type { CustomerForgotten, FormSubmitted } from '@qr/domain';
import type { Projection } from '@qr/eventstore';
import { openSealed } from '@qr/platform';

/**
 * Visitors' submissions with their answers opened, for staff (spec §7 "get submit data"). A
 * person forgotten before a rebuild comes back with no answers: their key is gone; a forgotten
 * customer's answers already projected are cleared when `CustomerForgotten` arrives.
 */
export const submissions: Projection = {
  name: 'submissions',
  version: 1,
  eventTypes: ['FormSubmitted', 'CustomerForgotten'],
  // Staff read submissions seconds later at the soonest; a busy form then costs a few transactions a second.
  wakeDelayMs: 250,
  tables: {
    submissions: (table) => [
      `CREATE TABLE ${table} (
         submission_id text PRIMARY KEY,
         page_id text NOT NULL,
         code_id text NOT NULL,
         org_id text NOT NULL,
         person text NOT NULL,
         answers jsonb,
         submitted_at timestamptz NOT NULL
       )`,
      // A page's submissions, newest first.
      `CREATE INDEX ${table}_page ON ${table} (page_id, submitted_at DESC, submission_id)`,
      `CREATE INDEX ${table}_person ON ${table} (org_id, person)`,
    ],
  },
  async handle(events, { tx, table }) {
    // Keys are deleted before CustomerForgotten is appended, so a submission later in the batch opens to nothing either way.
    for (const recorded of events.filter((e) => e.type === 'CustomerForgotten')) {
      const { org_id, people } = recorded.data as CustomerForgotten['data'];
      await tx.query(`UPDATE ${table('submissions')} SET answers = NULL WHERE org_id = $1 AND person = ANY($2::text[])`, [org_id, people]);
    }
    // Only the submit path writes FormSubmitted, so the payload has its shape.
    const submitted = events
      .filter((e) => e.type === 'FormSubmitted')
      .map((recorded) => ({ ...(recorded.data as FormSubmitted['data']), at: recorded.occurredAt }));
    for (const orgId of new Set(submitted.map((s) => s.org_id))) {
      const ofOrg = submitted.filter((s) => s.org_id === orgId);
      const answers = await openSealed(
        tx,
        orgId,
        ofOrg.map(({ person, sealed_answers }) => ({ person, sealed: sealed_answers })),
      );
      await tx.query(
        `INSERT INTO ${table('submissions')} (submission_id, page_id, code_id, org_id, person, answers, submitted_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[])
         ON CONFLICT (submission_id) DO NOTHING`,
        [
          ofOrg.map((s) => s.submission_id),
          ofOrg.map((s) => s.page_id),
          ofOrg.map((s) => s.code_id),
          ofOrg.map((s) => s.org_id),
          ofOrg.map((s) => s.person),
          answers.map((opened) => (opened === undefined ? null : JSON.stringify(opened))),
          ofOrg.map((s) => s.at),
        ],
      );
    }
  },
};
