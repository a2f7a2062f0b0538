import { customersStreamId, submissionsStreamId, type CustomerForgotten, type FormSubmitted } from '@qr/domain';
import { PersonalDataVault } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { customers } from './index';

describe.each(testAdapters())('customers on $name', (adapter) => {
  const t = projectionTestbed(adapter, [customers], { batchSize: 2 });
  let vault: PersonalDataVault;
  beforeEach(() => {
    vault = new PersonalDataVault(t.db);
  });

  let n = 0;
  const submit = async (orgId: string, pageId: string, codeId: string, answers: Record<string, string>) => {
    const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const { person, sealed } = await vault.seal(orgId, { email: answers['email'], phone: answers['phone'] }, id, answers);
    const event: FormSubmitted = {
      type: 'FormSubmitted',
      data: { submission_id: id, page_id: pageId, code_id: codeId, org_id: orgId, person, sealed_answers: sealed },
    };
    await t.store.append({ streamId: submissionsStreamId(pageId), expectedVersion: 'any', events: [{ ...event, id }] });
    return person;
  };
  const rows = async () =>
    (
      await t.db.query<{ org_id: string; email: string | null; phone: string | null; name: string | null; code_id: string; interactions: number }>(
        'SELECT org_id, email, phone, name, code_id, interactions FROM customers ORDER BY org_id, first_seen',
      )
    ).rows;

  it('merges a person’s submissions by email, then by phone, per organisation, and a rebuild gives the same rows', async () => {
    await submit('org-1', 'p1', 'CodeAAAAAA', { email: 'Ada@Example.com', phone: '555 555-0001', first_name: 'Ada', last_name: 'Lovelace' });
    await submit('org-1', 'p2', 'CodeBBBBBB', { phone: '5555550001' });
    await submit('org-1', 'p2', 'CodeBBBBBB', { email: 'ada@example.com ' });
    await submit('org-1', 'p1', 'CodeAAAAAA', { email: 'grace@example.com', first_name: 'Grace' });
    await submit('org-2', 'p9', 'CodeCCCCCC', { email: 'ada@example.com' });
    await t.runner.start();
    await t.runner.caughtUp();
    const expected = [
      { org_id: 'org-1', email: 'ada@example.com', phone: '5555550001', name: 'Ada Lovelace', code_id: 'CodeAAAAAA', interactions: 3 },
      { org_id: 'org-1', email: 'grace@example.com', phone: null, name: 'Grace', code_id: 'CodeAAAAAA', interactions: 1 },
      { org_id: 'org-2', email: 'ada@example.com', phone: null, name: null, code_id: 'CodeCCCCCC', interactions: 1 },
    ];
    expect(await rows()).toEqual(expected);
    await t.runner.rebuild('customers');
    expect(await rows()).toEqual(expected);
  });

  it('drops a forgotten customer, and a rebuild does not bring them back', async () => {
    const ada = await submit('org-1', 'p1', 'CodeAAAAAA', { email: 'ada@example.com' });
    const byPhone = await submit('org-1', 'p1', 'CodeAAAAAA', { phone: '+44 1', email: 'ada@example.com' });
    await submit('org-1', 'p1', 'CodeAAAAAA', { email: 'grace@example.com' });
    await t.runner.start();
    await t.runner.caughtUp();
    expect(byPhone).toBe(ada);

    await vault.forgetReferences('org-1', [ada]);
    const forgotten: CustomerForgotten = {
      type: 'CustomerForgotten',
      data: { org_id: 'org-1', customer_id: ada, people: [ada], forgotten_by: 'member:owner' },
    };
    await t.store.append({ streamId: customersStreamId('org-1'), expectedVersion: 'any', events: [forgotten] });
    await t.runner.caughtUp();
    expect((await rows()).map((r) => r.email)).toEqual(['grace@example.com']);
    expect((await t.db.query('SELECT * FROM customer_interactions WHERE customer_id = $1', [ada])).rows).toEqual([]);
    await t.runner.rebuild('customers');
    expect((await rows()).map((r) => r.email)).toEqual(['grace@example.com']);
  });
});
