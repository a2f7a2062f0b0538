import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { codeWithConsentForm, submitForm } from './messaging.fixture';
import { UnsubscribeLinks } from './unsubscribe-links';

const MESSAGING = '/api/v1/messaging';

describe('the consent ledger, audiences and unsubscribe links', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let visitor: ApiCaller;
  let orgId: string;
  let codeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'ledger-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'ledger-stranger@example.com'));
    visitor = callerOf(t.app);
    orgId = await createOrganization(owner, 'Ledger Bakery');
    const form = await codeWithConsentForm(owner, orgId);
    codeId = form.codeId;
    await submitForm(visitor, form.pageId, { first_name: 'Ada', email: 'ada@example.com', phone: '555 555 0001' }, true);
    await submitForm(visitor, form.pageId, { first_name: 'Bob', email: 'bob@example.com', phone: '555 555 0002' }, false);
    await t.projections.caughtUp();
  });
  afterAll(() => t.close());

  const preview = async (channel: string, audience: object = {}) =>
    (await owner('POST', `${MESSAGING}/audiences/preview`, { org_id: orgId, channel, audience })).json();
  const consentOf = async (address: string) => (await owner('GET', `${MESSAGING}/consents?org_id=${orgId}&address=${encodeURIComponent(address)}`)).json();

  it('counts a ticked consent input for the email and phone the form gave, and leaves the rest out of audiences', async () => {
    expect(await preview('email')).toEqual({ count: 1, without_consent: 1, sample: [{ recipient: 'ada@example.com', name: 'Ada Visitor' }] });
    expect(await preview('sms', { code_id: codeId })).toEqual({ count: 1, without_consent: 1, sample: [{ recipient: '+15555550001', name: 'Ada Visitor' }] });
    expect(await consentOf('ADA@example.com')).toMatchObject({
      channel: 'email',
      address: 'ada@example.com',
      status: 'given',
      history: [{ status: 'given', source: 'form' }],
    });
    expect((await consentOf('bob@example.com')).status).toBe('unknown');
  });

  it('records staff’s consent and withdrawal with a note, newest first in the history', async () => {
    const given = await owner('POST', `${MESSAGING}/consents`, { org_id: orgId, address: 'bob@example.com', status: 'given', note: 'Signed up at the till' });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({ status: 'given', history: [{ status: 'given', source: 'staff', note: 'Signed up at the till' }] });
    expect((await preview('email')).count).toBe(2);
    await owner('POST', `${MESSAGING}/consents`, { org_id: orgId, address: 'bob@example.com', status: 'withdrawn' });
    expect((await consentOf('bob@example.com')).history.map((entry: { status: string }) => entry.status)).toEqual(['withdrawn', 'given']);
    expect((await preview('email')).count).toBe(1);
  });

  it('withdraws through a signed unsubscribe link, and through a mail client’s one-click POST', async () => {
    const links = t.app.get(UnsubscribeLinks);
    const page = new URL(await links.urlFor(orgId, 'email', 'ada@example.com'));
    expect(page.pathname).toBe('/unsubscribe');
    const token = page.searchParams.get('token')!;
    const shown = await visitor('GET', `/api/v1/public/messaging/unsubscribe?token=${token}`);
    expect(shown.json()).toMatchObject({ organization: { name: 'Ledger Bakery' }, address: 'ada@example.com', status: 'given' });
    const oneClick = new URL(await links.oneClickUrlFor(orgId, 'sms', '+15555550001'));
    const posted = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.json()).toMatchObject({ status: 'withdrawn' });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/public/messaging/unsubscribe?token=${token}` })).json().status).toBe('withdrawn');
    expect((await consentOf('ada@example.com')).history[0]).toMatchObject({ status: 'withdrawn', source: 'unsubscribe_link' });
    expect((await consentOf('+1 555 555 0001')).history[0]).toMatchObject({ status: 'withdrawn', source: 'list_unsubscribe' });
    expect((await preview('email')).count).toBe(0);
  });

  it('refuses a changed token, bad addresses naming the field, and other organisations', async () => {
    const token = new URL(await t.app.get(UnsubscribeLinks).urlFor(orgId, 'email', 'ada@example.com')).searchParams.get('token')!;
    const forged = `${Buffer.from(`${orgId}\nemail\nbob@example.com`).toString('base64url')}.${token.split('.')[1]}`;
    const refused = await visitor('POST', `/api/v1/public/messaging/unsubscribe?token=${forged}`);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'messaging_unsubscribe_invalid']);
    const bad = await owner('POST', `${MESSAGING}/consents`, { org_id: orgId, address: '12', status: 'given' });
    expect([bad.statusCode, bad.json().errors[0].field]).toEqual([400, 'body.address']);
    expect((await stranger('GET', `${MESSAGING}/consents?org_id=${orgId}&address=ada%40example.com`)).statusCode).toBe(404);
    expect((await stranger('POST', `${MESSAGING}/audiences/preview`, { org_id: orgId, channel: 'email' })).statusCode).toBe(404);
  });
});
