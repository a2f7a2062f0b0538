import type { AddressInfo } from 'node:net';
import { callerOf, signedUpToken } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { COFFEE, loyaltyShop, PUBLIC_LOYALTY } from './public-loyalty.fixture';

/** What a phone reads of an answer; the card's numbers aside, since each way moves the balance on. */
interface Seen {
  status: number;
  type: string | undefined;
  retryAfter: string | undefined;
  body: Record<string, unknown>;
}

const LIMIT = { max: 40, windowMs: 60_000 };

describe('loyalty stamps and redemptions on the API’s front, ahead of Fastify', () => {
  let t: TestApp;
  let base: string;
  let shop: Awaited<ReturnType<typeof loyaltyShop>>;
  let card: string;
  let addresses = 0;

  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: LIMIT, env: { TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for' } });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const owner = callerOf(t.app, await signedUpToken(t.app, 'front-barista@example.com'));
    shop = await loyaltyShop(t, owner, 'front-barista@example.com', { kind: 'stamps', min_interval_minutes: 0 });
    card = await shop.join({ email: 'ada@example.com' });
    await shop.credit(card, 1000);
  });
  afterAll(() => t.close());

  const seen = (status: number, header: (name: string) => string | undefined, text: string): Seen => {
    const {
      request_id: _request,
      instance: _instance,
      exchange_id: _exchange,
      balance: _balance,
      lifetime: _lifetime,
      next_stamp_at: _next,
      ...body
    } = JSON.parse(text) as Record<string, unknown>;
    return { status, type: header('content-type'), retryAfter: header('retry-after'), body };
  };
  const injected = async (path: string, payload: string, address = `10.2.0.${++addresses}`) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${PUBLIC_LOYALTY}/${path}`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      payload,
    });
    return seen(answer.statusCode, (name) => answer.headers[name]?.toString(), answer.body);
  };
  const listened = async (path: string, payload: string, address = `10.3.0.${++addresses}`) => {
    const answer = await fetch(`${base}${PUBLIC_LOYALTY}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: payload,
    });
    return seen(answer.status, (name) => answer.headers.get(name) ?? undefined, await answer.text());
  };
  /** The same request both ways: the front must answer as Fastify's route does. */
  const bothWays = async (path: string, payload: object | string) => {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const viaInject = await injected(path, text);
    expect(await listened(path, text)).toEqual(viaInject);
    return viaInject;
  };

  it('adds a stamp by today’s venue code and redeems a reward, with an exchange', async () => {
    const stamped = await bothWays('stamp', { programme_id: shop.programmeId, card_id: card, venue_code: await shop.venueCode() });
    expect(stamped).toMatchObject({ status: 200, type: 'application/json; charset=utf-8', body: { card_id: card, amount: 1 } });
    const redeemed = await bothWays('redeem', { programme_id: shop.programmeId, card_id: card, reward_id: COFFEE });
    expect(redeemed).toMatchObject({ status: 200, body: { card_id: card, amount: -3 } });
  });

  it('refuses another day’s code, an unknown reward and a bad field as Fastify does', async () => {
    expect(await bothWays('stamp', { programme_id: shop.programmeId, card_id: card, venue_code: 'NOTTODAY00' })).toMatchObject({
      status: 400,
      body: { code: 'loyalty_venue_code_invalid' },
    });
    expect(await bothWays('redeem', { programme_id: shop.programmeId, card_id: card, reward_id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 404,
      body: { code: 'loyalty_reward_not_found' },
    });
    expect(await bothWays('stamp', { programme_id: shop.programmeId, card_id: 'card', venue_code: 'X' })).toMatchObject({
      status: 400,
      type: 'application/problem+json; charset=utf-8',
      body: { code: 'validation_failed', errors: [{ field: 'body.card_id', message: 'A card id is a UUID.' }] },
    });
    expect((await bothWays('redeem', '{"programme_id": ')).status).toBe(400);
  });

  it(`limits one address to the public routes’ ${LIMIT.max} a minute on the front too, with Retry-After`, async () => {
    const payload = JSON.stringify({ programme_id: shop.programmeId, card_id: card, reward_id: COFFEE });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT.max; i++) statuses.push((await listened('redeem', payload, '10.4.4.4')).status);
    expect(statuses.slice(0, LIMIT.max).every((status) => status === 200)).toBe(true);
    const refused = await listened('redeem', payload, '10.4.4.4');
    expect(refused).toMatchObject({ status: 429, type: 'application/problem+json; charset=utf-8', body: { code: 'rate_limited' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });
});
