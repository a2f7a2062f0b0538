import { randomUUID } from 'node:crypto';
import { callerOf, createOrganization, signedUpToken } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { DeliveryQueue } from './delivery-queue';
import { codeWithConsentForm, submitForm } from './messaging.fixture';

describe('auto SMS', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('queues a rule’s text, written in, to the phone of whoever sends a form on its code, once per event', async () => {
    t = await startTestApp();
    const owner = callerOf(t.app, await signedUpToken(t.app, 'auto-sms-owner@example.com'));
    const visitor = callerOf(t.app);
    const orgId = await createOrganization(owner, 'Auto Bakery');
    const welcome = await codeWithConsentForm(owner, orgId, 'Welcome desk');
    const other = await codeWithConsentForm(owner, orgId, 'Flyer');
    const ruleId = randomUUID();
    await t.db.query(`INSERT INTO messaging_auto_sms (rule_id, org_id, trigger, code_id, message, enabled) VALUES ($1, $2, 'form_submitted', $3, $4, true)`, [
      ruleId,
      orgId,
      welcome.codeId,
      'Thanks {{first_name}}, welcome to {{organization_name}}!',
    ]);
    await submitForm(visitor, welcome.pageId, { first_name: 'Ada', email: 'ada@example.com', phone: '555 555 0101' }, false);
    await submitForm(visitor, other.pageId, { first_name: 'Bob', email: 'bob@example.com', phone: '555 555 0102' }, false);
    const queued = async () =>
      (
        await t.db.query<{ recipient: string; fields: { text: string } }>(`SELECT recipient, fields FROM messaging_deliveries WHERE recipient_key LIKE $1`, [
          `auto:${ruleId}:%`,
        ])
      ).rows;
    for (const deadline = Date.now() + 5000; (await queued()).length === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
    await t.projections.caughtUp();
    expect(await queued()).toEqual([{ recipient: '+15555550101', fields: { phone: '+15555550101', text: 'Thanks Ada, welcome to Auto Bakery!' } }]);
    // A second process reacting to the same event queues nothing more.
    const [key] = (
      await t.db.query<{ recipient_key: string }>('SELECT recipient_key FROM messaging_deliveries WHERE recipient_key LIKE $1', [`auto:${ruleId}:%`])
    ).rows;
    const again = { key: key!.recipient_key, rule_id: ruleId, org_id: orgId, phone: '+15555550101', text: 'again' };
    await t.db.transaction((tx) => t.app.get(DeliveryQueue).enqueueReactions(tx, [again]));
    expect(await queued()).toHaveLength(1);
    const { rows } = await t.db.query<{ sent: number }>('SELECT sent FROM messaging_auto_sms WHERE rule_id = $1', [ruleId]);
    expect(rows[0]!.sent).toBe(1);
  });
});
