import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { ConsentLedger } from '../consent-ledger';
import { codeWithConsentForm, submitForm } from '../messaging.fixture';
import type { QueuedDelivery } from '../messaging-channel';
import { MessagingConnections, type TwilioSettings } from '../messaging-connections';
import { SmsChannel } from './sms-channel';
import { INBOUND_SMS_PATH, SMS_STATUS_PATH } from './sms-inbound';
import { TwilioStandIn } from './twilio-stand-in';

const SMS = '/api/v1/messaging/sms';
const ACCOUNT = `AC${'a1'.repeat(16)}`;
const TOKEN = 'auth-token-of-the-test-account';
const VERIFY = `VA${'b2'.repeat(16)}`;
/** The test app's PUBLIC_URL, which Twilio would have been given as the webhook's address. */
const WEBHOOK_URL = `http://localhost:3000${INBOUND_SMS_PATH}`;

describe('SMS through Twilio', () => {
  const standIn = new TwilioStandIn(new Map([[ACCOUNT, TOKEN]]));
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let fromNumber = 15550100000;

  beforeAll(async () => {
    t = await startTestApp({ env: { TWILIO_API_BASE: await standIn.start() } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'sms-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'sms-stranger@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
  });

  /** Each test its own organisation, connected to the stand-in's account from a number of its own unless told. */
  const shop = async (name: string, twilioAccount: Partial<TwilioSettings> | null = {}) => {
    const orgId = await createOrganization(owner, name);
    const from = `+${(fromNumber += 1)}`;
    if (twilioAccount) await t.app.get(MessagingConnections).connect(orgId, 'twilio', { account_sid: ACCOUNT, auth_token: TOKEN, from, ...twilioAccount });
    return { orgId, from };
  };

  const delivery = (orgId: string, recipient: string, fields: Record<string, string>): QueuedDelivery => ({
    delivery_id: randomUUID(),
    org_id: orgId,
    campaign_id: null,
    channel: 'sms',
    recipient,
    name: null,
    fields,
    ordinal: 0,
    attempts: 0,
    is_test: false,
  });

  /** Posts as Twilio would: form-encoded, signed with `token` over the webhook's URL and every field. */
  const textIn = (params: Record<string, string>, token = TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: INBOUND_SMS_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(token, WEBHOOK_URL, params) },
      payload: new URLSearchParams(params).toString(),
    });
  const inbound = (from: string, to: string, body: string) => ({
    MessageSid: `SM${'c3'.repeat(16)}`,
    AccountSid: ACCOUNT,
    From: from,
    To: to,
    Body: body,
    NumMedia: '0',
  });

  it('hands a single send to Twilio from the organisation’s number, with Basic auth and its fields filled in', async () => {
    const { orgId, from } = await shop('Sender Café');
    const outcome = await t.app
      .get(SmsChannel)
      .deliver(delivery(orgId, '+15557770001', { first_name: 'Ada', text: 'Hi {{first_name}}, your table is ready.' }), null);
    expect(outcome).toEqual({ status: 'sent', provider_id: expect.stringMatching(/^SM[0-9a-f]{32}$/), outbox: false });
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`,
      account_sid: ACCOUNT,
      params: {
        To: '+15557770001',
        From: from,
        Body: 'Hi Ada, your table is ready.',
        StatusCallback: `http://localhost:3000/api/v1/public/messaging/sms/status?org_id=${orgId}`,
      },
    });
  });

  it('keeps the text in the outbox while no Twilio account is connected, and Twilio hears nothing', async () => {
    const { orgId } = await shop('Unconnected Café', null);
    const before = standIn.requests.length;
    const outcome = await t.app.get(SmsChannel).deliver(delivery(orgId, '+15557770002', { text: 'Doors open at 9.' }), null);
    expect(outcome).toEqual({ status: 'sent', provider_id: null, outbox: true });
    expect(standIn.requests).toHaveLength(before);
    const { rows } = await t.db.query('SELECT channel, recipient, text FROM messaging_outbox WHERE org_id = $1', [orgId]);
    expect(rows).toEqual([{ channel: 'sms', recipient: '+15557770002', text: 'Doors open at 9.' }]);
  });

  it('fails an invalid number for good with Twilio’s reason, and keeps a rate-limited one for another try', async () => {
    const { orgId } = await shop('Refused Café');
    const channel = t.app.get(SmsChannel);
    standIn.refuseNext(/Messages\.json$/, { status: 400, code: 21211, message: "Invalid 'To' Phone Number: +15550000000" });
    expect(await channel.deliver(delivery(orgId, '+15550000000', { text: 'Hello' }), null)).toEqual({
      status: 'failed',
      reason: "Invalid 'To' Phone Number: +15550000000 (Twilio error 21211)",
      retry: false,
    });
    standIn.refuseNext(/Messages\.json$/, { status: 429, code: 20429, message: 'Too Many Requests' });
    expect(await channel.deliver(delivery(orgId, '+15557770003', { text: 'Hello' }), null)).toMatchObject({ status: 'failed', retry: true });
  });

  it('withdraws consent when someone texts STOP, answers in TwiML, and gives it again on START', async () => {
    const { orgId, from } = await shop('Stop Café');
    const stopped = await textIn(inbound('+15557770004', from, ' stop '));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.headers['content-type']).toContain('text/xml');
    expect(stopped.body).toContain('<Response><Message>You are unsubscribed');
    const ledger = t.app.get(ConsentLedger);
    expect((await ledger.statusOf(orgId, 'sms', ['+15557770004'])).get('+15557770004')).toBe('withdrawn');

    expect((await textIn(inbound('+15557770004', from, 'START'))).body).toContain('You are subscribed again');
    expect((await ledger.statusOf(orgId, 'sms', ['+15557770004'])).get('+15557770004')).toBe('given');
  });

  it('sends one SMS through the route, and refuses 409 a number that texted STOP before it reaches Twilio', async () => {
    const { orgId, from } = await shop('Route Café');
    const sent = await owner('POST', `${SMS}/send`, { org_id: orgId, to: '+1 555 777 0010', message: 'Your order is ready.' });
    expect([sent.statusCode, sent.json()]).toEqual([200, { message: 'success', error: false, delivery_id: expect.any(String), status: 'sent', outbox: false }]);
    expect(standIn.requests.at(-1)?.params).toMatchObject({ To: '+15557770010', From: from, Body: 'Your order is ready.' });

    await textIn(inbound('+15557770010', from, 'STOP'));
    const before = standIn.requests.length;
    const refused = await owner('POST', `${SMS}/send`, { org_id: orgId, to: '+15557770010', message: 'One more thing.' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'messaging_opted_out']);
    expect(standIn.requests).toHaveLength(before);
  });

  it('marks a sent message delivered or failed when Twilio’s signed status callback says so', async () => {
    const { orgId } = await shop('Receipt Café');
    const sent = (await owner('POST', `${SMS}/send`, { org_id: orgId, to: '+15557770011', message: 'Hello' })).json();
    const { rows } = await t.db.query<{ provider_id: string }>('SELECT provider_id FROM messaging_deliveries WHERE delivery_id = $1', [sent.delivery_id]);
    const url = `${SMS_STATUS_PATH}?org_id=${orgId}`;
    const report = (params: Record<string, string>, token = TOKEN) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(token, `http://localhost:3000${url}`, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
    const params = { MessageSid: rows[0]!.provider_id, MessageStatus: 'undelivered', ErrorCode: '30003', AccountSid: ACCOUNT };
    expect((await report(params, 'some-other-token')).statusCode).toBe(403);
    expect((await report(params)).statusCode).toBe(204);
    const { rows: after } = await t.db.query('SELECT status, reason FROM messaging_deliveries WHERE delivery_id = $1', [sent.delivery_id]);
    expect(after).toEqual([{ status: 'failed', reason: 'Twilio reported the message undelivered (Twilio error 30003).' }]);
  });

  it('sends an SMS campaign in one call to those who consented on a form, each text with their own name', async () => {
    const { orgId, from } = await shop('Campaign Café');
    const form = await codeWithConsentForm(owner, orgId);
    await submitForm(callerOf(t.app), form.pageId, { first_name: 'Ada', email: 'ada@example.com', phone: '+1 555 777 0020' }, true);
    await submitForm(callerOf(t.app), form.pageId, { first_name: 'Bob', email: 'bob@example.com', phone: '+1 555 777 0021' }, false);
    await t.projections.caughtUp();

    const res = await owner('POST', `${SMS}/campaign`, { org_id: orgId, name: 'Friday offer', message: 'Hi {{first_name}}, 2 for 1 tonight.' });
    expect([res.statusCode, res.json().channel]).toEqual([201, 'sms']);
    const texts = () => standIn.requests.filter((request) => request.params['From'] === from);
    for (let waited = 0; texts().length === 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(texts().map((request) => request.params)).toEqual([expect.objectContaining({ To: '+15557770020', Body: 'Hi Ada, 2 for 1 tonight.' })]);

    const tooLong = await owner('POST', `${SMS}/campaign`, { org_id: orgId, name: 'Essay', message: 'x'.repeat(1601) });
    expect(tooLong.json().errors.map((e: { field: string }) => e.field)).toContain('body.message');
  });

  it('verifies a phone number with its own six-digit code when there is no Verify service: five tries at most', async () => {
    const { orgId } = await shop('Own Code Café');
    expect((await owner('POST', `${SMS}/verification`, { org_id: orgId, phone: '+15557770012' })).json()).toEqual({ phone: '+15557770012', status: 'pending' });
    const text = standIn.requests.at(-1)!.params;
    expect(text).toMatchObject({ To: '+15557770012', Body: expect.stringMatching(/^Your verification code is \d{6}\./) });
    const code = /\d{6}/.exec(text['Body']!)![0];
    const wrong = code === '000000' ? '000001' : '000000';
    const check = (given: string) => owner('POST', `${SMS}/verification/check`, { org_id: orgId, phone: '+15557770012', code: given });
    expect((await check(wrong)).json().code).toBe('messaging_verification_failed');
    expect((await check(code)).json()).toEqual({ phone: '+15557770012', status: 'approved' });

    await owner('POST', `${SMS}/verification`, { org_id: orgId, phone: '+15557770012' });
    const fresh = /\d{6}/.exec(standIn.requests.at(-1)!.params['Body']!)![0];
    for (let attempt = 0; attempt < 5; attempt += 1) await check(fresh === '000000' ? '000001' : '000000');
    expect((await check(fresh)).json().code).toBe('messaging_verification_failed');
  });

  it('refuses 403 a text whose signature is not Twilio’s under the organisation’s token, changing nothing', async () => {
    const { orgId, from } = await shop('Forged Café');
    const forged = await textIn(inbound('+15557770005', from, 'STOP'), 'some-other-token');
    expect([forged.statusCode, forged.json().code]).toEqual([403, 'forbidden']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: INBOUND_SMS_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(inbound('+15557770005', from, 'STOP')).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await t.app.get(ConsentLedger).statusOf(orgId, 'sms', ['+15557770005'])).get('+15557770005')).toBe('unknown');
  });

  it('joins whoever texts a campaign keyword, replying with the keyword’s text, and counts its uses', async () => {
    const { orgId, from } = await shop('Keyword Café');
    const created = await owner('POST', `${SMS}/campaign-keys`, {
      org_id: orgId,
      keyword: 'pizza',
      action: 'join',
      reply: 'Welcome {{phone}}: a slice on us.',
    });
    expect([created.statusCode, created.json().keyword]).toEqual([201, 'PIZZA']);
    expect((await owner('POST', `${SMS}/campaign-keys`, { org_id: orgId, keyword: 'PIZZA', action: 'reward', reply: 'Again' })).json().code).toBe(
      'messaging_keyword_taken',
    );

    const reply = await textIn(inbound('+15557770006', from, 'Pizza please'));
    expect(reply.body).toContain('<Message>Welcome +15557770006: a slice on us.</Message>');
    expect((await t.app.get(ConsentLedger).statusOf(orgId, 'sms', ['+15557770006'])).get('+15557770006')).toBe('given');
    expect((await owner('GET', `${SMS}/campaign-keys?org_id=${orgId}`)).json()).toEqual([expect.objectContaining({ keyword: 'PIZZA', uses: 1 })]);
    expect((await textIn(inbound('+15557770006', from, 'hello there'))).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');

    expect((await owner('DELETE', `${SMS}/campaign-keys/PIZZA?org_id=${orgId}`)).statusCode).toBe(204);
    expect((await owner('DELETE', `${SMS}/campaign-keys/PIZZA?org_id=${orgId}`)).json().code).toBe('messaging_rule_not_found');
  });

  it('keeps auto SMS rules per organisation: another organisation’s rule is not found', async () => {
    const { orgId } = await shop('Rules Café', null);
    const created = await owner('POST', `${SMS}/auto`, { org_id: orgId, trigger: 'form_submitted', message: 'Thanks {{first_name}}!' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toEqual({ rule_id: expect.any(String), trigger: 'form_submitted', code_id: null, message: 'Thanks {{first_name}}!', enabled: true, sent: 0 });
    const changed = await owner('PUT', `${SMS}/auto/${rule.rule_id}`, { trigger: 'reward_redeemed', message: 'Enjoy!', enabled: false });
    expect(changed.json()).toMatchObject({ trigger: 'reward_redeemed', message: 'Enjoy!', enabled: false });

    await createOrganization(stranger, 'Stranger Café');
    for (const [method, payload] of [
      ['PUT', { trigger: 'form_submitted', message: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await stranger(method, `${SMS}/auto/${rule.rule_id}`, payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'messaging_rule_not_found']);
    }
    expect((await stranger('GET', `${SMS}/auto?org_id=${orgId}`)).statusCode).toBe(404);
    expect((await owner('GET', `${SMS}/auto?org_id=${orgId}`)).json()).toEqual([changed.json()]);
    expect((await owner('DELETE', `${SMS}/auto/${rule.rule_id}`)).statusCode).toBe(204);
  });

  it('answers bad input with 400 naming the field', async () => {
    const { orgId } = await shop('Bad Input Café', null);
    const cases: [string, object, string][] = [
      [`${SMS}/send`, { org_id: orgId, to: 'call me', message: 'Hi' }, 'to'],
      [`${SMS}/send`, { org_id: orgId, to: '+15557770007', message: '' }, 'message'],
      [`${SMS}/campaign-keys`, { org_id: orgId, keyword: 'STOP', action: 'join', reply: 'Hi' }, 'keyword'],
      [`${SMS}/campaign-keys`, { org_id: orgId, keyword: 'JOIN', action: 'join', reply: 'Hi {{nickname}}' }, 'reply'],
      [`${SMS}/auto`, { org_id: orgId, trigger: 'birthday', message: 'Hi' }, 'trigger'],
      [`${SMS}/numbers/available`, { org_id: orgId, country: 'usa' }, 'country'],
      [`${SMS}/verification/check`, { org_id: orgId, phone: '+15557770007', code: '12' }, 'code'],
    ];
    for (const [url, body, field] of cases) {
      const res = await owner('POST', url, body);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(`body.${field}`);
    }
    const noSender = await t.app.inject({
      method: 'POST',
      url: INBOUND_SMS_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Body=STOP',
    });
    expect(noSender.statusCode).toBe(400);
  });

  it('lists the numbers Twilio offers in an area code and buys one, whose texts then reach the organisation', async () => {
    const { orgId } = await shop('Numbers Café');
    const available = await owner('POST', `${SMS}/numbers/available`, { org_id: orgId, country: 'US', area_code: '417' });
    expect(available.statusCode).toBe(200);
    expect(available.json()[0]).toEqual({ phone_number: '+14175551000', friendly_name: '(417) 555-1000', locality: 'Springfield', region: 'MO' });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${ACCOUNT}/AvailablePhoneNumbers/US/Local.json`,
      params: { AreaCode: '417', SmsEnabled: 'true' },
    });

    const bought = await owner('POST', `${SMS}/numbers/purchase`, { org_id: orgId, phone_number: '+14175551000' });
    expect([bought.statusCode, bought.json().provider_sid]).toEqual([201, expect.stringMatching(/^PN/)]);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json`,
      params: { PhoneNumber: '+14175551000', SmsUrl: WEBHOOK_URL, SmsMethod: 'POST' },
    });
    await textIn(inbound('+15557770008', '+14175551000', 'STOP'));
    expect((await t.app.get(ConsentLedger).statusOf(orgId, 'sms', ['+15557770008'])).get('+15557770008')).toBe('withdrawn');

    const { orgId: unconnected } = await shop('No Account Café', null);
    expect((await owner('POST', `${SMS}/numbers/available`, { org_id: unconnected })).json().code).toBe('messaging_not_connected');
  });

  it('verifies a phone number through Twilio Verify when the account has a Verify service', async () => {
    const { orgId } = await shop('Verify Café', { verify_service_sid: VERIFY });
    const started = await owner('POST', `${SMS}/verification`, { org_id: orgId, phone: '+15557770009' });
    expect(started.json()).toEqual({ phone: '+15557770009', status: 'pending' });
    expect(standIn.requests.at(-1)).toMatchObject({ path: `/v2/Services/${VERIFY}/Verifications`, params: { To: '+15557770009', Channel: 'sms' } });
    const code = standIn.verifyCodes.get('+15557770009')!;
    const wrong = await owner('POST', `${SMS}/verification/check`, { org_id: orgId, phone: '+15557770009', code: code === '111111' ? '222222' : '111111' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'messaging_verification_failed']);
    expect((await owner('POST', `${SMS}/verification/check`, { org_id: orgId, phone: '+15557770009', code })).json()).toEqual({
      phone: '+15557770009',
      status: 'approved',
    });
  });
});
