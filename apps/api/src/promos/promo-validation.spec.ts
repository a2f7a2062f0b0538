import { randomUUID } from 'node:crypto';
import { PROMO_REFUSAL_TEXTS } from '@qr/contracts';
import { promoRefusalsStreamId } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { testAdapters } from '@qr/platform/testing';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { EVENT_STORE } from '../infrastructure';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PROMO_GUARD } from './promo-lockout';
import { REDEEMED_TEXT } from './promo-validations';

const PUBLIC = '/api/v1/public/promos';
const HOUR_MS = 3_600_000;

const terms = (change: object = {}) => ({ name: 'Summer deal', offer: { kind: 'text', text: 'A free scoop' }, ...change });
/** A window of hours that does not hold the present moment, in UTC. */
const hoursAway = () => {
  const at = (offset: number) => new Date(Date.now() + offset * HOUR_MS).toISOString().slice(11, 13) + ':00';
  return { from: at(2), until: at(4) };
};

describe.each(testAdapters())('the visitor’s promo validation on $name', (adapter) => {
  let t: TestApp;
  let owner: ApiCaller;
  let addresses = 0;

  beforeAll(async () => {
    // The public routes' own per-address limit stays out of the way: each test is its own address.
    t = await startTestApp({ database: adapter, publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'validation-owner@example.com'));
  });
  afterAll(() => t.close());

  /** A shop with one code, and a visitor at an address of their own; `create` makes a campaign on the code. */
  const shop = async (name: string) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Flyer', type: 'page' })).json().code_id as string;
    const create = async (body: object = {}) => {
      const created = await owner('POST', '/api/v1/promos', {
        org_id: orgId,
        code_id: codeId,
        codes: { kind: 'shared', promo_code: 'SUMMER24' },
        terms: terms(),
        ...body,
      });
      expect(created.statusCode).toBe(201);
      return created.json().campaign_id as string;
    };
    const address = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;
    const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: `${PUBLIC}/${path}`, payload, remoteAddress: address });
    const nonce = async (qrId = codeId) => (await post('nonce', { qr_id: qrId })).json().nonce as string;
    const validate = async (body: object = {}, visitorId: string = randomUUID()) =>
      post('validate', { promo_code: 'summer24', qr_id: codeId, nonce: await nonce(), visitor_id: visitorId, ...body });
    return { orgId, codeId, create, post, nonce, validate };
  };

  it('hands out a nonce good for 15 minutes, and redeems a valid code with its offer once per visitor', async () => {
    const { create, post, codeId, validate } = await shop('Nonce Shop');
    await create();
    const issued = await post('nonce', { qr_id: codeId });
    expect(issued.statusCode).toBe(200);
    const { nonce, issued_at, expires_at } = issued.json();
    expect(typeof nonce).toBe('string');
    expect(Date.parse(expires_at) - Date.parse(issued_at)).toBe(15 * 60_000);
    const phone = randomUUID();
    const valid = await validate({}, phone);
    expect([valid.statusCode, valid.json()]).toEqual([
      200,
      { valid: true, message: REDEEMED_TEXT, offer: { kind: 'text', text: 'A free scoop' }, campaign_name: 'Summer deal', redemption_id: expect.any(String) },
    ]);
    expect((await validate({}, phone)).json()).toEqual({ valid: false, reason: 'already_used_by_you', message: PROMO_REFUSAL_TEXTS.already_used_by_you });
  });

  it('answers each reason a campaign refuses with, in plain words', async () => {
    const { create, validate } = await shop('Refusals Shop');
    const refusals: [object, object, string][] = [
      [{ starts_at: new Date(Date.now() + 24 * HOUR_MS).toISOString() }, {}, 'not_yet_valid'],
      [{ ends_at: new Date(Date.now() - HOUR_MS).toISOString() }, {}, 'expired'],
      [{ hours: hoursAway() }, {}, 'outside_hours'],
      [{ place: { latitude: 48.137, longitude: 11.575, radius_m: 100 } }, { latitude: 52.52, longitude: 13.405, accuracy_m: 10 }, 'outside_area'],
      [{ place: { latitude: 48.137, longitude: 11.575, radius_m: 100 } }, {}, 'outside_area'],
    ];
    for (const [change, body, reason] of refusals) {
      const campaignId = await create({ terms: terms(change) });
      const res = await validate(body);
      expect([reason, res.statusCode, res.json()]).toEqual([reason, 200, { valid: false, reason, message: PROMO_REFUSAL_TEXTS[reason as 'expired'] }]);
      expect((await owner('DELETE', `/api/v1/promos/${campaignId}`)).statusCode).toBe(204);
    }
    await create({ terms: terms({ total_limit: 1, place: { latitude: 48.137, longitude: 11.575, radius_m: 100 } }) });
    expect((await validate({ latitude: 48.1371, longitude: 11.5751, accuracy_m: 20 })).json().valid).toBe(true);
    expect((await validate({ latitude: 48.1371, longitude: 11.5751, accuracy_m: 20 })).json().reason).toBe('used_up');
  });

  it('records a code no campaign holds as an unknown refusal on the QR code’s refusals stream', async () => {
    const { codeId, create, validate } = await shop('Unknown Shop');
    await create();
    const res = await validate({ promo_code: 'WINTER99' });
    expect(res.json()).toEqual({ valid: false, reason: 'unknown', message: PROMO_REFUSAL_TEXTS.unknown });
    const { events } = await t.app.get<symbol, EventStore>(EVENT_STORE).readStream(promoRefusalsStreamId(codeId));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['PromoRefused', expect.objectContaining({ reason: 'unknown', campaign_id: null, code_id: codeId, promo_code: 'WINTER99' })],
    ]);
  });

  it('refuses a missing, forged, other code’s or replayed nonce with 400 naming body.nonce, redeeming nothing twice', async () => {
    const { codeId, create, post, nonce } = await shop('Nonce Check Shop');
    const campaignId = await create({ terms: terms({ per_visitor_limit: null }) });
    const body = { promo_code: 'SUMMER24', qr_id: codeId, visitor_id: randomUUID() };
    const missing = await post('validate', body);
    expect([missing.statusCode, missing.json().errors?.[0]?.field]).toEqual([400, 'body.nonce']);
    const real = await nonce();
    const forged = real.slice(0, -3) + (real.endsWith('AAA') ? 'BBB' : 'AAA');
    const otherCode = await nonce('ZzZzZz9999');
    for (const bad of [forged, otherCode, 'not-a-nonce']) {
      const res = await post('validate', { ...body, nonce: bad });
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([400, 'promo_nonce_invalid', 'body.nonce']);
    }
    expect((await post('validate', { ...body, nonce: real })).json().valid).toBe(true);
    const replayed = await post('validate', { ...body, nonce: real });
    expect([replayed.statusCode, replayed.json().code, replayed.json().errors?.[0]?.field]).toEqual([400, 'promo_nonce_invalid', 'body.nonce']);
    await t.projections.caughtUp();
    expect((await owner('GET', `/api/v1/promos/${campaignId}/usage`)).json()).toMatchObject({ validations: 1, redemptions: 1 });
  });

  it('unlocks a locked code with the master key only, and no longer with a rotated-out secret', async () => {
    const { orgId, create, validate } = await shop('Lock Shop');
    const key = (await owner('POST', '/api/v1/promo-keys', { org_id: orgId, name: 'Counter', secret: 'open-sesame-1' })).json();
    await create({ master_key_id: key.key_id });
    const phone = randomUUID();
    expect((await validate({}, phone)).json().reason).toBe('needs_master_key');
    expect((await validate({ master_key: 'wrong-secret' }, phone)).json().reason).toBe('needs_master_key');
    expect((await validate({ master_key: ' OPEN-SESAME-1 ' }, phone)).json().valid).toBe(true);
    expect((await owner('POST', `/api/v1/promo-keys/${key.key_id}/rotate`, { secret: 'open-sesame-2' })).statusCode).toBe(200);
    expect((await validate({ master_key: 'open-sesame-1' })).json().reason).toBe('needs_master_key');
    expect((await validate({ master_key: 'open-sesame-2' })).json().valid).toBe(true);
  });

  it('unlocks with a key set on the campaign a moment after a validation', async () => {
    const { orgId, create, validate } = await shop('Late Lock Shop');
    const campaignId = await create({ terms: terms({ per_visitor_limit: null }) });
    expect((await validate()).json().valid).toBe(true);
    const key = (await owner('POST', '/api/v1/promo-keys', { org_id: orgId, name: 'Till', secret: 'late-lock-1' })).json();
    expect((await owner('PUT', `/api/v1/promos/${campaignId}/master-key`, { master_key_id: key.key_id })).statusCode).toBe(200);
    expect((await validate()).json().reason).toBe('needs_master_key');
    expect((await validate({ master_key: 'late-lock-1' })).json().valid).toBe(true);
  });

  it(`locks a visitor out with 429 and Retry-After after ${PROMO_GUARD.failures.visitor} codes that did not work`, async () => {
    const { create, validate } = await shop('Lockout Shop');
    await create();
    const guesser = randomUUID();
    for (let i = 0; i < PROMO_GUARD.failures.visitor; i++) expect((await validate({ promo_code: `GUESS${i}` }, guesser)).json().reason).toBe('unknown');
    const locked = await validate({}, guesser);
    expect([locked.statusCode, locked.headers['content-type'], locked.json().code]).toEqual([429, 'application/problem+json; charset=utf-8', 'rate_limited']);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(PROMO_GUARD.lockS - 60);
  });

  it('refuses coordinates out of range, or one without the other, with 400 naming the field', async () => {
    const { create, validate } = await shop('Coordinates Shop');
    await create();
    for (const [body, field] of [
      [{ latitude: 91, longitude: 0 }, 'body.latitude'],
      [{ latitude: 0, longitude: -181 }, 'body.longitude'],
      [{ latitude: 10, longitude: null }, 'body.longitude'],
    ] as const) {
      const res = await validate(body);
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([400, 'validation_failed', field]);
    }
  });

  it('holds a total limit of 100 for 200 visitors validating at once over HTTP, and the usage shows it', async () => {
    const { create, codeId, nonce } = await shop('Crowd Shop');
    const campaignId = await create({ terms: terms({ total_limit: 100 }) });
    const nonces = await Promise.all(Array.from({ length: 200 }, () => nonce()));
    const answers = await Promise.all(
      nonces.map((spent, i) =>
        t.app.inject({
          method: 'POST',
          url: `${PUBLIC}/validate`,
          remoteAddress: `10.9.${Math.floor(i / 250)}.${i % 250}`,
          payload: { promo_code: 'SUMMER24', qr_id: codeId, nonce: spent, visitor_id: randomUUID() },
        }),
      ),
    );
    const outcomes = answers.map((res) => (res.json().valid ? 'valid' : res.json().reason));
    expect(outcomes.filter((outcome) => outcome === 'valid')).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === 'used_up')).toHaveLength(100);
    await t.projections.caughtUp();
    const usage = (await owner('GET', `/api/v1/promos/${campaignId}/usage`)).json();
    expect(usage).toMatchObject({ validations: 200, redemptions: 100, remaining: 0, refusals: expect.objectContaining({ used_up: 100 }) });
  });
});
