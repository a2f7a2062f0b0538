import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { callerOf, createOrganization, signedUpToken } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PROMO_GUARD } from './promo-lockout';

const VALIDATE = '/api/v1/public/promos/validate';

/** What a visitor's browser reads of an answer; ids made per request (request, redemption) are left out. */
interface Seen {
  status: number;
  type: string | undefined;
  retryAfter: boolean;
  requestId: boolean;
  body: unknown;
}

const seen = (status: number, header: (name: string) => string | undefined, text: string): Seen => {
  const { request_id, redemption_id, ...body } = JSON.parse(text) as Record<string, unknown>;
  return {
    status,
    type: header('content-type'),
    retryAfter: Number(header('retry-after')) > PROMO_GUARD.lockS - 60,
    requestId: header('x-request-id') !== undefined,
    body: { ...body, request_id: typeof request_id, redemption_id: typeof redemption_id },
  };
};

/** One request, sent with a content type and a body as given. */
interface Sent {
  type: string;
  payload: string;
}
type Way = (sent: Sent) => Promise<Seen>;

describe('the promo validation on the API’s front, ahead of Fastify', () => {
  let t: TestApp;
  let base: string;
  let codeId: string;
  let addresses = 0;

  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const owner = callerOf(t.app, await signedUpToken(t.app, 'front-owner@example.com'));
    const orgId = await createOrganization(owner, 'Front Shop');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Flyer', type: 'page' })).json().code_id as string;
    const created = await owner('POST', '/api/v1/promos', {
      org_id: orgId,
      code_id: codeId,
      codes: { kind: 'shared', promo_code: 'SUMMER24' },
      terms: { name: 'Summer deal', offer: { kind: 'text', text: 'A free scoop' } },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  /** Fastify's route, through `inject`, from an address of its own each time. */
  const injected: Way = async ({ type, payload }) => {
    const address = `10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`;
    const answer = await t.app.inject({ method: 'POST', url: VALIDATE, headers: { 'content-type': type }, payload, remoteAddress: address });
    return seen(answer.statusCode, (name) => answer.headers[name]?.toString(), answer.body);
  };
  /** The server the API listens on, whose front answers first. */
  const listened: Way = async ({ type, payload }) => {
    const answer = await fetch(`${base}${VALIDATE}`, { method: 'POST', headers: { 'content-type': type }, body: payload });
    return seen(answer.status, (name) => answer.headers.get(name) ?? undefined, await answer.text());
  };

  const nonce = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/public/promos/nonce', payload: { qr_id: codeId }, remoteAddress: '10.9.9.9' })).json().nonce as string;
  const json = async (change: object = {}, visitor = randomUUID()): Promise<Sent> => ({
    type: 'application/json',
    payload: JSON.stringify({ promo_code: 'summer24', qr_id: codeId, nonce: await nonce(), visitor_id: visitor, ...change }),
  });

  /** The same request both ways: the front must answer as Fastify's route does. */
  const bothWays = async (sent: () => Promise<Sent>): Promise<Seen> => {
    const viaInject = await injected(await sent());
    expect(await listened(await sent())).toEqual(viaInject);
    return viaInject;
  };

  it('redeems a valid code', async () => {
    const answer = await bothWays(() => json());
    expect(answer).toMatchObject({ status: 200, type: 'application/json; charset=utf-8', requestId: true, body: { valid: true, redemption_id: 'string' } });
  });

  it('refuses a field out of range with 400 naming it', async () => {
    const answer = await bothWays(() => json({ latitude: 200, longitude: 10 }));
    expect(answer).toMatchObject({
      status: 400,
      type: 'application/problem+json; charset=utf-8',
      body: { code: 'validation_failed', errors: [{ field: 'body.latitude' }] },
    });
  });

  it('refuses malformed JSON, an empty body and a poisoned key with 400', async () => {
    for (const payload of ['{"promo_code": ', '', '{"__proto__": {"x": 1}}']) {
      const answer = await bothWays(async () => ({ type: 'application/json; charset=utf-8', payload }));
      expect(answer.status).toBe(400);
    }
  });

  it('refuses a content type the app does not read with 415', async () => {
    const answer = await bothWays(async () => ({ type: 'application/xml', payload: '<promo_code>SUMMER24</promo_code>' }));
    expect(answer).toMatchObject({ status: 415, body: { code: 'malformed_request' } });
  });

  it('refuses a body over the app’s limit with 413', async () => {
    const answer = await bothWays(() => json({ promo_code: 'X'.repeat(1_100_000) }));
    expect(answer).toMatchObject({ status: 413, type: 'application/problem+json; charset=utf-8', body: { code: 'malformed_request' } });
  });

  it(`locks a visitor out with 429 and Retry-After after ${PROMO_GUARD.failures.visitor} codes that did not work`, async () => {
    const answers: Seen[] = [];
    for (const way of [injected, listened]) {
      const guesser = randomUUID();
      for (let i = 0; i < PROMO_GUARD.failures.visitor; i++)
        expect((await way(await json({ promo_code: `GUESS${i}` }, guesser))).body).toMatchObject({ reason: 'unknown' });
      answers.push(await way(await json({}, guesser)));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 429, type: 'application/problem+json; charset=utf-8', retryAfter: true, body: { code: 'rate_limited' } });
  });
});
