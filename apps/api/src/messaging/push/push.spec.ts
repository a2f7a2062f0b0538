import { randomUUID } from 'node:crypto';
import type { CampaignContent } from '@qr/domain';
import webpush from 'web-push';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { CampaignRow, QueuedDelivery } from '../messaging-channel';
import { PushChannel } from './push-channel';
import { PushServiceStandIn } from './push-service-stand-in';
import { sendTimeText } from './send-push.handler';
import { VapidKeys, type VapidDetails } from './vapid-keys';

const PUSH = '/api/v1/public/messaging/push';
const OWNER = 'push-owner@example.com';

describe('web push', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let pushService: PushServiceStandIn;

  beforeAll(async () => {
    pushService = await PushServiceStandIn.start();
    t = await startTestApp({ extraModules: [pushService.agentModule()], publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, OWNER));
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: `${PUSH}/${path}`, payload });
  const publicKey = async (): Promise<string> => (await t.app.inject({ method: 'GET', url: `${PUSH}/key` })).json().public_key;

  /** An organisation with a code whose landing page a browser subscribes on. */
  async function shopWithCode(): Promise<{ orgId: string; codeId: string }> {
    const orgId = await createOrganization(owner, 'Bean There');
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter', type: 'page' })).json().code_id as string;
    await t.projections.caughtUp();
    return { orgId, codeId };
  }

  async function subscribedBrowser(codeId: string) {
    const subscription = pushService.subscribe(await publicKey());
    const res = await post('subscribe', { code_id: codeId, subscription });
    expect(res.statusCode).toBe(204);
    return subscription;
  }

  const campaignOf = (orgId: string, content: Partial<CampaignContent> = {}): CampaignRow => ({
    campaign_id: randomUUID(),
    org_id: orgId,
    channel: 'push',
    content: {
      name: 'Winter offer',
      code_id: null,
      audience: {},
      subject: 'Hot chocolate is back',
      message: 'Two for one until Sunday.',
      qr: null,
      ...content,
    },
    one_time_batch_id: null,
  });

  /** What the delivery runner does for each recipient of a push campaign. */
  async function deliverToAudience(campaign: CampaignRow) {
    const channel = t.app.get(PushChannel);
    const recipients = await channel.audience(campaign.org_id, campaign.content.audience);
    return Promise.all(
      recipients.map((recipient, ordinal) => {
        const delivery: QueuedDelivery = {
          delivery_id: randomUUID(),
          org_id: campaign.org_id,
          campaign_id: campaign.campaign_id,
          channel: 'push',
          recipient: recipient.address,
          name: recipient.name,
          fields: recipient.fields,
          ordinal,
          attempts: 0,
          is_test: false,
        };
        return channel.deliver(delivery, campaign);
      }),
    );
  }

  const receivedBy = (endpoint: string) => pushService.received.filter((push) => push.endpoint === endpoint).map((push) => JSON.parse(push.plaintext));

  it('delivers a notification the subscribed browser decrypts to the exact title, body and the code’s link', async () => {
    const { orgId, codeId } = await shopWithCode();
    const browser = await subscribedBrowser(codeId);
    const outcomes = await deliverToAudience(campaignOf(orgId));
    expect(outcomes).toEqual([{ status: 'sent', provider_id: expect.stringContaining(`${pushService.origin}/message/`), outbox: false }]);
    expect(receivedBy(browser.endpoint)).toEqual([
      { title: 'Hot chocolate is back', body: 'Two for one until Sunday.', url: `http://localhost:3000/code/${codeId}` },
    ]);
    expect(pushService.received.find((push) => push.endpoint === browser.endpoint)!.ttl).toBe(86_400);
  });

  it('narrows the audience to the browsers subscribed on the campaign’s code, and reaches no other organisation’s', async () => {
    const { orgId, codeId } = await shopWithCode();
    const other = await shopWithCode();
    const secondCodeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Window', type: 'page' })).json().code_id as string;
    await t.projections.caughtUp();
    const onCounter = await subscribedBrowser(codeId);
    const onWindow = await subscribedBrowser(secondCodeId);
    const elsewhere = await subscribedBrowser(other.codeId);
    const channel = t.app.get(PushChannel);
    expect((await channel.audience(orgId, {})).map((recipient) => recipient.address).sort()).toEqual([onCounter.endpoint, onWindow.endpoint].sort());
    expect(await channel.audience(orgId, { code_id: secondCodeId })).toEqual([
      { address: onWindow.endpoint, name: null, fields: { code_url: `http://localhost:3000/code/${secondCodeId}` } },
    ]);
    await deliverToAudience(campaignOf(orgId, { code_id: secondCodeId, audience: { code_id: secondCodeId } }));
    expect(receivedBy(onWindow.endpoint)).toHaveLength(1);
    expect(receivedBy(onCounter.endpoint)).toEqual([]);
    expect(receivedBy(elsewhere.endpoint)).toEqual([]);
  });

  /** The push service has had `count` messages for the endpoint, once the delivery runner got to them. */
  async function arrived(endpoint: string, count: number) {
    for (let waited = 0; receivedBy(endpoint).length < count && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    return receivedBy(endpoint);
  }

  it('sends a notification from staff’s route now: “Notification sent to 2 subscribers.”, and each browser decrypts it', async () => {
    const { orgId, codeId } = await shopWithCode();
    const [first, second] = [await subscribedBrowser(codeId), await subscribedBrowser(codeId)];
    const res = await owner('POST', '/api/v1/messaging/push/send', { org_id: orgId, title: 'Hot chocolate is back', body: 'Two for one until Sunday.' });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Notification sent to 2 subscribers.', campaign_id: expect.any(String), subscribers: 2 }]);
    const expected = { title: 'Hot chocolate is back', body: 'Two for one until Sunday.', url: `http://localhost:3000/code/${codeId}` };
    expect(await arrived(first!.endpoint, 1)).toEqual([expected]);
    expect(await arrived(second!.endpoint, 1)).toEqual([expected]);
  });

  it('schedules a notification for later: “Scheduled for … UTC to 1 subscriber.”, nothing pushed yet', async () => {
    const { orgId, codeId } = await shopWithCode();
    const browser = await subscribedBrowser(codeId);
    const sendAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000).toISOString();
    const res = await owner('POST', '/api/v1/messaging/push/send', {
      org_id: orgId,
      code_id: codeId,
      title: 'Tomorrow',
      body: 'Doors open at nine.',
      send_at: sendAt,
    });
    expect([res.statusCode, res.json().message]).toEqual([200, `Scheduled for ${sendTimeText(sendAt)} to 1 subscriber.`]);
    expect(sendTimeText('2026-12-24T09:00:00Z')).toBe('24 Dec 2026, 09:00 UTC');
    expect(sendTimeText('2027-09-05T17:30:00.000Z')).toBe('5 Sep 2027, 17:30 UTC');
    const campaign = await owner('GET', `/api/v1/messaging/campaigns/${res.json().campaign_id}`);
    expect(campaign.json()).toMatchObject({ channel: 'push', status: 'scheduled', send_at: sendAt, subject: 'Tomorrow', code_id: codeId });
    expect(receivedBy(browser.endpoint)).toEqual([]);
  });

  it('refuses a send with nobody subscribed (422), a missing title or a past time (400 naming the field), and another organisation’s code (404)', async () => {
    const { orgId, codeId } = await shopWithCode();
    const other = await shopWithCode();
    await subscribedBrowser(other.codeId);
    const send = (body: object) => owner('POST', '/api/v1/messaging/push/send', { org_id: orgId, title: 'Hello', body: 'World', ...body });
    const empty = await send({ code_id: codeId });
    expect([empty.statusCode, empty.json().code]).toEqual([422, 'messaging_empty_audience']);
    for (const [body, field] of [
      [{ title: '' }, 'body.title'],
      [{ body: '  ' }, 'body.body'],
      [{ send_at: '2020-01-01T00:00:00Z' }, 'body.send_at'],
      [{ code_id: 'not a code' }, 'body.code_id'],
    ] as const) {
      const res = await send(body);
      expect([field, res.statusCode, res.json().errors?.map((error: { field: string }) => error.field)]).toEqual([field, 400, [field]]);
    }
    const foreign = await send({ code_id: other.codeId });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'code_not_found']);
    const stranger = callerOf(t.app, await signedUpToken(t.app, `${randomUUID()}@example.com`));
    const notMember = await stranger('POST', '/api/v1/messaging/push/send', { org_id: other.orgId, title: 'Hello', body: 'World' });
    expect(notMember.statusCode).toBe(404);
  });

  it('drops a browser whose push service answers 410: the delivery fails for good and the next campaign does not reach it', async () => {
    const { orgId, codeId } = await shopWithCode();
    const gone = await subscribedBrowser(codeId);
    const staying = await subscribedBrowser(codeId);
    pushService.unsubscribeInBrowser(gone.endpoint);
    const outcomes = await deliverToAudience(campaignOf(orgId));
    expect(outcomes).toContainEqual({ status: 'failed', reason: 'The browser unsubscribed (410).', retry: false });
    expect((await t.app.get(PushChannel).audience(orgId, {})).map((recipient) => recipient.address)).toEqual([staying.endpoint]);
  });

  it('lets a visitor unsubscribe by endpoint', async () => {
    const { orgId, codeId } = await shopWithCode();
    const browser = await subscribedBrowser(codeId);
    expect((await post('unsubscribe', { endpoint: browser.endpoint })).statusCode).toBe(204);
    expect(await t.app.get(PushChannel).audience(orgId, {})).toEqual([]);
  });

  it('uses a push service that refuses a VAPID header signed with another key or tampered with (403), so a pass above means the signature held', async () => {
    const { codeId } = await shopWithCode();
    const browser = await subscribedBrowser(codeId);
    const payload = JSON.stringify({ title: 't', body: 'b', url: 'https://example.com' });
    const ours = await t.app.get(VapidKeys).details();
    const send = async (headers: Record<string, string>, body: Buffer) => {
      const res = await fetch(browser.endpoint.replace('https:', 'http:'), { method: 'POST', headers, body: new Uint8Array(body) });
      return [res.status, await res.text()];
    };
    const request = (vapidDetails: VapidDetails) => {
      const details = webpush.generateRequestDetails(browser, payload, { vapidDetails, TTL: 60 });
      return { headers: details.headers as Record<string, string>, body: details.body as Buffer };
    };
    const genuine = request(ours);
    const [head, claims, signature] = genuine.headers
      .Authorization!.replace(/^vapid t=/, '')
      .split(/, k=/)[0]!
      .split('.');
    const later = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims!, 'base64url').toString()), exp: Math.floor(Date.now() / 1000) + 3600 }));
    const tampered = genuine.headers.Authorization!.replace(`${head}.${claims}.${signature}`, `${head}.${later.toString('base64url')}.${signature}`);
    expect(await send({ ...genuine.headers, Authorization: tampered }, genuine.body)).toEqual([403, 'The token’s signature does not verify with k.']);
    const stranger = request({ ...webpush.generateVAPIDKeys(), subject: ours.subject });
    expect(await send(stranger.headers, stranger.body)).toEqual([403, 'k is not the key the subscription was made with.']);
    const forOtherService = webpush.getVapidHeaders('https://push.example.com', ours.subject, ours.publicKey, ours.privateKey, 'aes128gcm');
    expect(await send({ ...genuine.headers, Authorization: forOtherService.Authorization }, genuine.body)).toEqual([
      403,
      'aud is https://push.example.com, not this push service’s origin.',
    ]);
    expect(await send(genuine.headers, genuine.body)).toEqual([201, '']);
    expect(receivedBy(browser.endpoint)).toEqual([JSON.parse(payload)]);
  });

  it('names the malformed field of a subscription, and answers 404 for a code that does not exist', async () => {
    const { codeId } = await shopWithCode();
    const subscription = pushService.subscribe(await publicKey());
    for (const [body, field] of [
      [{ subscription }, 'body.code_id'],
      [{ code_id: codeId, subscription: { ...subscription, endpoint: 'not a url' } }, 'body.subscription.endpoint'],
      [{ code_id: codeId, subscription: { ...subscription, endpoint: 'http://push.example.com/1' } }, 'body.subscription.endpoint'],
      [{ code_id: codeId, subscription: { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } } }, 'body.subscription.keys.p256dh'],
      [{ code_id: codeId, subscription: { ...subscription, keys: { p256dh: subscription.keys.p256dh } } }, 'body.subscription.keys.auth'],
    ] as const) {
      const res = await post('subscribe', body);
      expect([field, res.statusCode, res.json().errors?.map((error: { field: string }) => error.field)]).toEqual([field, 400, [field]]);
    }
    expect((await post('unsubscribe', { endpoint: 'nope' })).json().errors.map((error: { field: string }) => error.field)).toEqual(['body.endpoint']);
    const unknown = await post('subscribe', { code_id: 'Zz9Zz9Zz9Z', subscription });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'code_not_found']);
  });

  it('keeps one VAPID key pair for the installation, shows staff its public key, and puts the private key in no event', async () => {
    const key = await publicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const { privateKey } = await t.app.get(VapidKeys).details();
    const { rows } = await t.db.query<{ secret: string }>("SELECT secret FROM server_secrets WHERE name = 'messaging_vapid_keys'");
    expect(JSON.parse(rows[0]!.secret)).toEqual({ publicKey: key, privateKey });
    const orgId = await createOrganization(owner, 'Settings');
    const settings = await owner('GET', `/api/v1/messaging/connections?org_id=${orgId}`);
    expect([settings.statusCode, settings.json().push_public_key]).toEqual([200, key]);
    const events = await t.db.query<{ event: string }>('SELECT concat(data::text, metadata::text) AS event FROM es_events');
    expect(events.rows.map((row) => row.event).join('\n')).not.toContain(privateKey);
  });
});
