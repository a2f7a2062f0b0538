import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { codeWithConsentForm, submitForm } from './messaging.fixture';

const CAMPAIGNS = '/api/v1/messaging/campaigns';

describe('campaigns: drafts, schedules, tests, results and refusals', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let orgId: string;
  let codeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'campaigns-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'campaigns-stranger@example.com'));
    orgId = await createOrganization(owner, 'Campaign Bakery');
    const form = await codeWithConsentForm(owner, orgId, 'Counter');
    codeId = form.codeId;
    const visitor = callerOf(t.app);
    await submitForm(visitor, form.pageId, { first_name: 'Ada', email: 'ada@example.com', phone: '555 555 0201' }, true);
    await submitForm(visitor, form.pageId, { first_name: 'Bob', email: 'bob@example.com', phone: '555 555 0202' }, false);
    await t.projections.caughtUp();
  });
  afterAll(() => t.close());

  const draft = (body: object = {}) =>
    owner('POST', CAMPAIGNS, { org_id: orgId, channel: 'sms', name: 'Hello', message: 'Hi {{first_name}}: {{code_url}}', code_id: codeId, ...body });
  const fieldsOf = (res: { json(): { errors?: { field: string }[] } }) => res.json().errors?.map((error) => error.field);
  const until = async (check: () => Promise<boolean>) => {
    for (const deadline = Date.now() + 10_000; !(await check());) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('sends a draft now to those who consented, each message written for its recipient, and lists the results', async () => {
    const created = await draft();
    expect(created.statusCode).toBe(201);
    const { campaign_id } = created.json();
    const scheduled = await owner('POST', `${CAMPAIGNS}/${campaign_id}/schedule`, {});
    expect([scheduled.statusCode, scheduled.json().status]).toEqual([200, 'scheduled']);
    await until(async () => (await owner('GET', `${CAMPAIGNS}/${campaign_id}`)).json().status === 'sent');
    const sent = (await owner('GET', `${CAMPAIGNS}/${campaign_id}`)).json();
    expect([sent.recipients, sent.deliveries]).toEqual([1, { queued: 0, sent: 1, delivered: 0, failed: 0, opted_out: 0 }]);
    const deliveries = (await owner('GET', `${CAMPAIGNS}/${campaign_id}/deliveries`)).json();
    expect(deliveries.items).toEqual([expect.objectContaining({ recipient: '+15555550201', name: 'Ada Visitor', status: 'sent' })]);
    const outbox = (await owner('GET', `/api/v1/messaging/outbox?org_id=${orgId}&channel=sms`)).json();
    expect(outbox.items.map((message: { recipient: string; text: string }) => [message.recipient, message.text])).toContainEqual([
      '+15555550201',
      `Hi Ada: http://localhost:3000/code/${codeId}`,
    ]);
    // Sent: it no longer changes, and cannot be cancelled.
    expect((await owner('PUT', `${CAMPAIGNS}/${campaign_id}`, { channel: 'sms', name: 'Later', message: 'x' })).json().code).toBe(
      'messaging_campaign_not_draft',
    );
    expect((await owner('POST', `${CAMPAIGNS}/${campaign_id}/cancel`)).json().code).toBe('messaging_campaign_not_draft');
  });

  it('schedules for later and cancels before the time; a test goes to the given address only, outside the results', async () => {
    const { campaign_id } = (await draft({ name: 'Saturday' })).json();
    const test = await owner('POST', `${CAMPAIGNS}/${campaign_id}/test`, { to: '+44 20 7946 0958' });
    expect(test.statusCode).toBe(202);
    await until(async () =>
      (await owner('GET', `/api/v1/messaging/outbox?org_id=${orgId}`)).json().items.some((m: { recipient: string }) => m.recipient === '+442079460958'),
    );
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await owner('POST', `${CAMPAIGNS}/${campaign_id}/schedule`, { send_at: later })).json();
    expect([scheduled.status, scheduled.send_at]).toEqual(['scheduled', later]);
    expect((await owner('POST', `${CAMPAIGNS}/${campaign_id}/cancel`)).json().status).toBe('cancelled');
    expect((await owner('GET', `${CAMPAIGNS}/${campaign_id}`)).json().deliveries.sent).toBe(0);
  });

  it('drafts an invitation to a code’s action, in the organisation’s words', async () => {
    const res = await owner('POST', '/api/v1/messaging/invitations', { org_id: orgId, code_id: codeId, action: 'join_loyalty', channel: 'email' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'draft',
      channel: 'email',
      code_id: codeId,
      audience: { code_id: codeId },
      subject: 'Your Counter card is waiting',
    });
    expect(res.json().message).toContain(`http://localhost:3000/code/${codeId}`);
  });

  it('refuses bad input with a 400 naming the field, an empty audience with 422, and another organisation’s campaign with 404', async () => {
    for (const [body, field] of [
      [{ message: 'Hi {{frist_name}}' }, 'body.message'],
      [{ channel: 'email', subject: '' }, 'body.subject'],
      [{ message: 'x'.repeat(1601) }, 'body.message'],
      [{ code_id: 'nope' }, 'body.code_id'],
      [{ audience: { tier: 'Gold' } }, 'body.audience.tier'],
      [{ channel: 'sms', qr: { type: 'png' } }, 'body.qr'],
    ] as const) {
      const res = await draft(body);
      expect([field, res.statusCode, fieldsOf(res)]).toEqual([field, 400, [field]]);
    }
    const { campaign_id } = (await draft()).json();
    const past = await owner('POST', `${CAMPAIGNS}/${campaign_id}/schedule`, { send_at: '2020-01-01T00:00:00Z' });
    expect([past.statusCode, fieldsOf(past)]).toEqual([400, ['body.send_at']]);
    const badTest = await owner('POST', `${CAMPAIGNS}/${campaign_id}/test`, { to: 'not a phone' });
    expect([badTest.statusCode, fieldsOf(badTest)]).toEqual([400, ['body.to']]);
    const nobody = (await draft({ audience: { active_within_days: 1, code_id: 'AbCdEf1234' } })).json();
    expect(nobody).toMatchObject({ code: 'code_not_found' });
    const empty = (await draft({ channel: 'email', subject: 'Hi', audience: { page_id: '00000000-0000-4000-8000-000000000000' } })).json();
    const refused = await owner('POST', `${CAMPAIGNS}/${empty.campaign_id}/schedule`, {});
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'messaging_empty_audience']);
    for (const [method, path] of [
      ['GET', `${CAMPAIGNS}/${campaign_id}`],
      ['POST', `${CAMPAIGNS}/${campaign_id}/schedule`],
      ['POST', `${CAMPAIGNS}/${campaign_id}/cancel`],
      ['GET', `${CAMPAIGNS}/${campaign_id}/deliveries`],
    ] as const) {
      const res = await stranger(method, path, method === 'POST' ? {} : undefined);
      expect([path, res.statusCode, res.json().code]).toEqual([path, 404, 'messaging_campaign_not_found']);
    }
    expect((await stranger('GET', `${CAMPAIGNS}?org_id=${orgId}`)).statusCode).toBe(404);
  });
});
