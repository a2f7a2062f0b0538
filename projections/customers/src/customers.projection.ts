import type { CustomerForgotten, FormSubmitted } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import { normalisedEmail, normalisedPhone, openSealed, type SqlExecutor } from '@qr/platform';

/** What first made someone a customer; redemptions and votes join `form` when they exist. */
export type CustomerSource = 'form';

/** A submission with its answers opened; undefined answers: the person was forgotten (key deleted). */
interface OpenedSubmission {
  data: FormSubmitted['data'];
  at: Date;
  answers: Record<string, unknown> | undefined;
}

type Table = (name: string) => string;

/**
 * The people an organisation knows from what they submitted (spec §1 "customer lists and
 * activity"), merged by email, else phone, within the organisation: a visitor who gave an email on
 * one page and only the same phone on another is one customer. Each person reference (the keyed
 * hash naming a vault key) maps to one customer, so forgetting deletes every key merged into it.
 * Names, emails and phones are opened with the vault in the batch's transaction, as the submissions
 * projection does: a forgotten person's submissions open to nothing and make no customer, in
 * replays too.
 */
export const customers: Projection = {
  name: 'customers',
  version: 1,
  eventTypes: ['FormSubmitted', 'CustomerForgotten'],
  // Staff read customers seconds later at the soonest, as for submissions.
  wakeDelayMs: 250,
  tables: {
    customers: (table) => [
      `CREATE TABLE ${table} (
         org_id text NOT NULL,
         customer_id text NOT NULL,
         email text,
         phone text,
         name text,
         based_on text NOT NULL,
         code_id text NOT NULL,
         -- Redemptions and votes will come through a code with no page.
         page_id text,
         first_seen timestamptz NOT NULL,
         last_seen timestamptz NOT NULL,
         interactions integer NOT NULL,
         PRIMARY KEY (org_id, customer_id)
       )`,
      // The list, most recently seen first.
      `CREATE INDEX ${table}_recent ON ${table} (org_id, last_seen DESC, customer_id)`,
      `CREATE INDEX ${table}_email ON ${table} (org_id, email)`,
      `CREATE INDEX ${table}_phone ON ${table} (org_id, phone)`,
    ],
    customer_people: (table) => [
      `CREATE TABLE ${table} (org_id text NOT NULL, person text NOT NULL, customer_id text NOT NULL, PRIMARY KEY (org_id, person))`,
      `CREATE INDEX ${table}_customer ON ${table} (org_id, customer_id)`,
    ],
    customer_interactions: (table) => [
      `CREATE TABLE ${table} (
         org_id text NOT NULL,
         interaction_id text NOT NULL,
         customer_id text NOT NULL,
         kind text NOT NULL,
         code_id text NOT NULL,
         page_id text,
         at timestamptz NOT NULL,
         PRIMARY KEY (org_id, interaction_id)
       )`,
      // A customer's timeline, newest first; and "customers of this code" for the filter and the export.
      `CREATE INDEX ${table}_timeline ON ${table} (org_id, customer_id, at DESC)`,
      `CREATE INDEX ${table}_code ON ${table} (org_id, code_id, customer_id)`,
    ],
  },
  async handle(events, { tx, table }) {
    const opened = await openSubmissions(tx, events);
    for (const recorded of events) {
      if (recorded.type === 'CustomerForgotten') {
        await forget(tx, table, recorded.data as CustomerForgotten['data']);
        continue;
      }
      const submission = opened.get(recorded.id);
      if (submission?.answers) await addSubmission(tx, table, { ...submission, answers: submission.answers });
    }
  },
};

/** Opens a batch's answers with one key lookup per organisation. */
async function openSubmissions(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<Map<string, OpenedSubmission>> {
  const submitted = events
    .filter((recorded) => recorded.type === 'FormSubmitted')
    // Only the submit path writes FormSubmitted, so the payload has its shape.
    .map((recorded) => ({ id: recorded.id, data: recorded.data as FormSubmitted['data'], at: recorded.occurredAt }));
  const opened = new Map<string, OpenedSubmission>();
  for (const orgId of new Set(submitted.map((s) => s.data.org_id))) {
    const ofOrg = submitted.filter((s) => s.data.org_id === orgId);
    const answers = await openSealed(
      tx,
      orgId,
      ofOrg.map(({ data }) => ({ person: data.person, sealed: data.sealed_answers })),
    );
    ofOrg.forEach((s, i) => opened.set(s.id, { data: s.data, at: s.at, answers: answers[i] as Record<string, unknown> | undefined }));
  }
  return opened;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The default form asks first and last name; other forms may ask `name`. */
function nameIn(answers: Record<string, unknown>): string | null {
  const parts = [text(answers['first_name']), text(answers['last_name'])].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : text(answers['name']);
}

async function addSubmission(tx: SqlExecutor, table: Table, { data, at, answers }: OpenedSubmission & { answers: Record<string, unknown> }): Promise<void> {
  const rawEmail = text(answers['email']);
  const rawPhone = text(answers['phone']);
  const email = rawEmail && normalisedEmail(rawEmail);
  const phone = rawPhone && normalisedPhone(rawPhone);
  const customerId = await customerOf(tx, table, data.org_id, data.person, email, phone);
  const inserted = await tx.query(
    `INSERT INTO ${table('customer_interactions')} (org_id, interaction_id, customer_id, kind, code_id, page_id, at) VALUES ($1, $2, $3, 'form', $4, $5, $6)
     ON CONFLICT (org_id, interaction_id) DO NOTHING RETURNING interaction_id`,
    [data.org_id, data.submission_id, customerId, data.code_id, data.page_id, at],
  );
  // The runner applies an event once per generation; this only guards the counters against a doubled submit.
  if (inserted.rows.length === 0) return;
  await tx.query(
    `INSERT INTO ${table('customers')} AS c (org_id, customer_id, email, phone, name, based_on, code_id, page_id, first_seen, last_seen, interactions)
       VALUES ($1, $2, $3, $4, $5, 'form', $6, $7, $8, $8, 1)
     ON CONFLICT (org_id, customer_id) DO UPDATE SET
       email = coalesce(c.email, excluded.email),
       phone = coalesce(c.phone, excluded.phone),
       name = coalesce(excluded.name, c.name),
       last_seen = greatest(c.last_seen, excluded.last_seen),
       interactions = c.interactions + 1`,
    [data.org_id, customerId, email, phone, nameIn(answers), data.code_id, data.page_id, at],
  );
}

/** The customer this person reference belongs to: known already, or matched by email then phone, or new (named after the reference). */
async function customerOf(tx: SqlExecutor, table: Table, orgId: string, person: string, email: string | null, phone: string | null): Promise<string> {
  const known = await tx.query<{ customer_id: string }>(`SELECT customer_id FROM ${table('customer_people')} WHERE org_id = $1 AND person = $2`, [
    orgId,
    person,
  ]);
  if (known.rows[0]) return known.rows[0].customer_id;
  const matched = await tx.query<{ customer_id: string }>(
    `SELECT customer_id FROM ${table('customers')} WHERE org_id = $1 AND (email = $2 OR phone = $3) ORDER BY (email = $2) IS TRUE DESC, first_seen LIMIT 1`,
    [orgId, email, phone],
  );
  const customerId = matched.rows[0]?.customer_id ?? person;
  await tx.query(`INSERT INTO ${table('customer_people')} (org_id, person, customer_id) VALUES ($1, $2, $3)`, [orgId, person, customerId]);
  return customerId;
}

async function forget(tx: SqlExecutor, table: Table, { org_id, customer_id }: CustomerForgotten['data']): Promise<void> {
  for (const name of ['customers', 'customer_people', 'customer_interactions']) {
    await tx.query(`DELETE FROM ${table(name)} WHERE org_id = $1 AND customer_id = $2`, [org_id, customer_id]);
  }
}
