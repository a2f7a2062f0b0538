import { randomUUID } from 'node:crypto';
import type { FormSubmitted } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { PersonalDataVault, type SqlClient } from '@qr/platform';

/** Appends per statement while seeding. */
const SEED_BATCH = 500;

/**
 * `count` customers who ticked a consent input on a form of `codeId`, as the submit path appends
 * them (sealed answers, `marketing_consent`), written before a server starts so that it projects
 * them into its customers and its consent ledger: for the campaign crash test and the messaging bench.
 * Customer i is `reader{i}@example.com`, phone +1 555 01{i}.
 */
export async function seedConsentingCustomers(db: SqlClient, orgId: string, codeId: string, count: number): Promise<void> {
  const store = new PostgresEventStore(db);
  const vault = new PersonalDataVault(db);
  const pageId = randomUUID();
  for (let start = 0; start < count; start += SEED_BATCH) {
    const events = [];
    for (let i = start; i < Math.min(start + SEED_BATCH, count); i++) {
      const answers = {
        first_name: `Reader${i}`,
        last_name: 'Seeded',
        email: `reader${i}@example.com`,
        phone: `+1555${String(i).padStart(7, '0')}`,
        marketing: true,
      };
      const submissionId = randomUUID();
      const { person, sealed } = await vault.seal(orgId, { email: answers.email }, submissionId, answers);
      const event: FormSubmitted = {
        type: 'FormSubmitted',
        data: { submission_id: submissionId, page_id: pageId, code_id: codeId, org_id: orgId, person, sealed_answers: sealed, marketing_consent: true },
      };
      events.push({ ...event, id: submissionId, metadata: { org_id: orgId } });
    }
    await store.append({ streamId: `submissions-${pageId}`, expectedVersion: 'any', events });
  }
}
