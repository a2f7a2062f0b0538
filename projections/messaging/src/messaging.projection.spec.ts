import {
  campaignStreamId,
  consentStreamId,
  customersStreamId,
  submissionsStreamId,
  type CampaignEvent,
  type ConsentRecorded,
  type CustomerForgotten,
  type FormSubmitted,
} from '@qr/domain';
import { PersonalDataVault } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { messaging } from './index';

describe.each(testAdapters())('messaging on $name', (adapter) => {
  const t = projectionTestbed(adapter, [messaging], { batchSize: 2 });
  let vault: PersonalDataVault;
  beforeEach(() => {
    vault = new PersonalDataVault(t.db);
  });

  let n = 0;
  const nextId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const submit = async (orgId: string, answers: Record<string, string | boolean>, consent: boolean) => {
    const id = nextId();
    const email = typeof answers['email'] === 'string' ? answers['email'] : undefined;
    const { person, sealed } = await vault.seal(orgId, { email }, id, answers);
    const event: FormSubmitted = {
      type: 'FormSubmitted',
      data: { submission_id: id, page_id: 'p1', code_id: 'CodeAAAAAA', org_id: orgId, person, sealed_answers: sealed, marketing_consent: consent },
    };
    await t.store.append({ streamId: submissionsStreamId('p1'), expectedVersion: 'any', events: [{ ...event, id }] });
    return person;
  };
  const record = async (orgId: string, channel: 'email' | 'sms', address: string, status: 'given' | 'withdrawn', source: ConsentRecorded['data']['source']) => {
    const { person, sealed } = await vault.seal(orgId, channel === 'email' ? { email: address } : { phone: address }, address, address);
    const event: ConsentRecorded = {
      type: 'ConsentRecorded',
      data: { org_id: orgId, person, sealed_address: sealed, channel, status, source, note: null, by: null },
    };
    await t.store.append({ streamId: consentStreamId(orgId, person), expectedVersion: 'any', events: [event] });
  };
  const consents = async () =>
    (
      await t.db.query<{ org_id: string; channel: string; address: string; status: string; source: string }>(
        'SELECT org_id, channel, address, status, source FROM messaging_consents ORDER BY org_id, channel, address',
      )
    ).rows;

  it('keeps each address’s latest consent per channel, from ticked forms and the ledger, and a rebuild gives the same rows', async () => {
    await submit('org-1', { email: 'Ada@Example.com', phone: '555 555 0001' }, true);
    await submit('org-1', { email: 'bob@example.com', phone: '555 555 0002' }, false);
    await record('org-1', 'sms', '+15555550001', 'withdrawn', 'sms_keyword');
    await record('org-2', 'email', 'ada@example.com', 'given', 'staff');
    await t.runner.start();
    await t.runner.caughtUp();
    const expected = [
      { org_id: 'org-1', channel: 'email', address: 'ada@example.com', status: 'given', source: 'form' },
      { org_id: 'org-1', channel: 'sms', address: '+15555550001', status: 'withdrawn', source: 'sms_keyword' },
      { org_id: 'org-2', channel: 'email', address: 'ada@example.com', status: 'given', source: 'staff' },
    ];
    expect(await consents()).toEqual(expected);
    await t.runner.rebuild('messaging');
    expect(await consents()).toEqual(expected);
  });

  it('drops a forgotten customer’s consents but keeps a withdrawal texted from their number', async () => {
    const person = await submit('org-3', { email: 'cy@example.com', phone: '555 555 0003' }, true);
    await record('org-3', 'sms', '+15555550003', 'withdrawn', 'sms_keyword');
    const forgotten: CustomerForgotten = {
      type: 'CustomerForgotten',
      data: { org_id: 'org-3', customer_id: 'c1', people: [person], forgotten_by: 'owner@example.com' },
    };
    await t.runner.start();
    await t.runner.caughtUp();
    await t.store.append({ streamId: customersStreamId('org-3'), expectedVersion: 'any', events: [forgotten] });
    await t.runner.caughtUp();
    expect((await consents()).filter((row) => row.org_id === 'org-3')).toEqual([
      { org_id: 'org-3', channel: 'sms', address: '+15555550003', status: 'withdrawn', source: 'sms_keyword' },
    ]);
  });

  it('follows a campaign from draft to sent', async () => {
    const id = nextId();
    const events: CampaignEvent[] = [
      {
        type: 'CampaignDrafted',
        data: {
          campaign_id: id,
          org_id: 'org-1',
          channel: 'email',
          content: { name: 'Hi', code_id: null, audience: {}, subject: 'Hi', message: 'Hello', qr: null },
          created_by: 'ed@example.com',
          at: '2026-12-03T09:00:00.000Z',
        },
      },
      { type: 'CampaignScheduled', data: { send_at: '2026-12-03T10:00:00.000Z', scheduled_by: 'ed@example.com' } },
      { type: 'CampaignSendingStarted', data: { recipients: 12, runner: 'r', at: '2026-12-03T10:00:01.000Z', one_time_batch_id: null } },
      { type: 'CampaignSent', data: { at: '2026-12-03T10:00:09.000Z' } },
    ];
    await t.store.append({ streamId: campaignStreamId(id), expectedVersion: 'no_stream', events });
    await t.runner.start();
    await t.runner.caughtUp();
    const { rows } = await t.db.query<{ status: string; recipients: number; finished_at: Date }>(
      'SELECT status, recipients, finished_at FROM messaging_campaigns WHERE campaign_id = $1',
      [id],
    );
    expect(rows).toEqual([{ status: 'sent', recipients: 12, finished_at: new Date('2026-12-03T10:00:09.000Z') }]);
  });
});
