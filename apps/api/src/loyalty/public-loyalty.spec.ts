import { randomUUID } from 'node:crypto';
import { LoyaltyTerms, type LoyaltyTermsInput } from '@qr/contracts';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { LoyaltyDecisions } from './loyalty-decisions';

const PUBLIC = '/api/v1/public/loyalty';
const OWNER = 'loyalty-owner@example.com';
const COFFEE = randomUUID();
const MUG = randomUUID();

const coffeeCard = (change: Partial<LoyaltyTermsInput> = {}): LoyaltyTerms =>
  LoyaltyTerms.parse({
    name: 'Coffee card',
    kind: 'points',
    min_interval_minutes: 0,
    reward_list: [
      { reward_id: COFFEE, name: 'A free coffee', price: 3 },
      { reward_id: MUG, name: 'A mug', price: 1, stock: 1 },
    ],
    referral: { referrer_points: 5, friend_points: 2 },
    ...change,
  });

describe('the visitor’s loyalty card', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let addresses = 0;

  beforeAll(async () => {
    // The public routes' per-address limit stays out of the way: each shop is its own address.
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, OWNER));
  });
  afterAll(() => t.close());

  /** A shop with a code and a live programme on it, and a visitor's phone at an address of its own. */
  async function shop(change: Partial<LoyaltyTermsInput> = {}) {
    const orgId = await createOrganization(owner, 'Bean There');
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter', type: 'page' })).json().code_id as string;
    const programmeId = randomUUID();
    const decisions = t.app.get(LoyaltyDecisions);
    const actor = { id: OWNER, role: 'owner' as const };
    await decisions.decide(programmeId, {
      type: 'CreateProgramme',
      actor,
      at: new Date().toISOString(),
      programme_id: programmeId,
      org_id: orgId,
      code_id: codeId,
      terms: coffeeCard(change),
    });
    const address = `10.${Math.floor(++addresses / 250)}.${addresses % 250}.7`;
    const post = (path: string, payload: object, remoteAddress = address) =>
      t.app.inject({ method: 'POST', url: `${PUBLIC}/${path}`, payload, remoteAddress });
    const join = async (contact: object) => {
      const res = await post('register', { programme_id: programmeId, ...contact });
      expect(res.statusCode).toBe(201);
      return res.json().card_id as string;
    };
    /** Staff at the counter record a purchase of `amount` (the terms earn a point per unit when they say so). */
    const credit = (cardId: string, amount: number) =>
      decisions.decide(programmeId, {
        type: 'PostCard',
        actor,
        card_id: cardId,
        at: new Date().toISOString(),
        request_id: randomUUID(),
        entry: { kind: 'correction', amount, note: 'Welcome gift' },
      });
    const stampAtCounter = (cardId: string) =>
      decisions.decide(programmeId, {
        type: 'PostCard',
        actor,
        card_id: cardId,
        at: new Date().toISOString(),
        request_id: randomUUID(),
        entry: { kind: 'stamp', note: null },
      });
    return { orgId, codeId, programmeId, post, join, credit, stampAtCounter };
  }

  it('joins with an email, and a second card for the same email or phone is 409', async () => {
    const { programmeId, post } = await shop();
    const res = await post('register', { programme_id: programmeId, email: 'Ada@Example.com', phone: '+44 20 7946 0958', name: 'Ada' });
    expect([res.statusCode, res.json()]).toEqual([
      201,
      { card_id: expect.any(String), amount: 0, balance: 0, lifetime: 0, tier: null, exchange_id: null, next_stamp_at: null },
    ]);
    for (const contact of [{ email: 'ada@example.com' }, { phone: '+442079460958' }]) {
      const again = await post('register', { programme_id: programmeId, ...contact });
      expect([again.statusCode, again.json().code]).toEqual([409, 'loyalty_already_member']);
    }
  });

  it('names the malformed field of a registration, and refuses a programme that does not exist', async () => {
    const { programmeId, post } = await shop();
    for (const [body, field] of [
      [{ email: 'not-an-email' }, 'body.email'],
      [{ phone: '0123' }, 'body.phone'],
      [{}, 'body.email'],
      [{ email: 'bob@example.com', referral_email: 'nobody' }, 'body.referral_email'],
      [{ email: 'bob@example.com', referred_by_number: '555' }, 'body.referred_by_number'],
    ] as const) {
      const res = await post('register', { programme_id: programmeId, ...body });
      expect([field, res.statusCode, res.json().errors?.map((error: { field: string }) => error.field)]).toEqual([field, 400, [field]]);
    }
    const unknown = await post('register', { programme_id: randomUUID(), email: 'bob@example.com' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'loyalty_programme_not_found']);
  });

  it('redeems a reward for its price with an exchange id, and refuses an unknown reward, too small a balance, no stock and another programme’s card', async () => {
    const { programmeId, post, join, credit } = await shop();
    const other = await shop();
    const card = await join({ email: 'ada@example.com' });
    await credit(card, 4);
    const redeemed = await post('redeem', { programme_id: programmeId, card_id: card, reward_id: COFFEE });
    expect([redeemed.statusCode, redeemed.json()]).toEqual([
      200,
      { card_id: card, amount: -3, balance: 1, lifetime: 4, tier: null, exchange_id: expect.any(String), next_stamp_at: null },
    ]);
    const refusals = [
      [{ programme_id: programmeId, card_id: card, reward_id: randomUUID() }, 404, 'loyalty_reward_not_found'],
      [{ programme_id: programmeId, card_id: card, reward_id: COFFEE }, 409, 'loyalty_insufficient_balance'],
      [{ programme_id: other.programmeId, card_id: card, reward_id: COFFEE }, 404, 'loyalty_member_not_found'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const res = await post('redeem', body);
      expect([code, res.statusCode, res.json().code]).toEqual([code, status, code]);
    }
    expect((await post('redeem', { programme_id: programmeId, card_id: card, reward_id: MUG })).json().balance).toBe(0);
    const friend = await join({ email: 'bob@example.com' });
    await credit(friend, 1);
    const gone = await post('redeem', { programme_id: programmeId, card_id: friend, reward_id: MUG });
    expect([gone.statusCode, gone.json().code]).toEqual([409, 'loyalty_out_of_stock']);
  });

  it('refuses a referral of oneself with 422 naming the field, whether by email or by phone, and a friend referred twice with 409', async () => {
    const { programmeId, post, join } = await shop();
    await join({ email: 'ada@example.com', phone: '+442079460958' });
    const byEmail = await post('referrals', { id: programmeId, email: 'ada@example.com', referral_email: 'ADA@example.com' });
    expect([byEmail.statusCode, byEmail.json().code, byEmail.json().errors]).toEqual([
      422,
      'loyalty_self_referral',
      [{ field: 'body.referral_email', message: expect.any(String) }],
    ]);
    const joiningAsSelf = await post('register', { programme_id: programmeId, phone: '+442079460959', referred_by_number: '+442079460959' });
    expect([joiningAsSelf.statusCode, joiningAsSelf.json().errors?.[0]?.field]).toEqual([422, 'body.referred_by_number']);
    expect((await post('referrals', { id: programmeId, email: 'bob@example.com', referral_email: 'ada@example.com' })).statusCode).toBe(201);
    const twice = await post('referrals', { id: programmeId, email: 'bob@example.com', referral_email: 'carol@example.com' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'loyalty_already_referred']);
  });

  it('flags a friend whose email is the referrer’s with a dot or a letter changed', async () => {
    const { programmeId, post, join } = await shop();
    await join({ email: 'adalovelace@example.com' });
    const res = await post('referrals', { id: programmeId, email: 'ada.lovelace+2@example.com', referral_email: 'adalovelace@example.com' });
    expect([res.statusCode, res.json()]).toEqual([201, { referral_id: expect.any(String), status: 'flagged', flags: ['similar_email'] }]);
    const near = await post('referrals', { id: programmeId, email: 'adalovelase@example.com', referral_email: 'adalovelace@example.com' });
    expect(near.json().flags).toEqual(['similar_email']);
    const friend = await post('referrals', { id: programmeId, email: 'grace@example.com', referral_email: 'adalovelace@example.com' });
    expect(friend.json()).toEqual({ referral_id: expect.any(String), status: 'pending', flags: [] });
  });

  it('flags the tenth referral in a week from one network (a /24), and not one from another network', async () => {
    const { programmeId, post } = await shop();
    const statuses: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const res = await post('referrals', { id: programmeId, email: `friend${i}@example.org`, referral_email: 'ada@example.com' }, `192.0.2.${i}`);
      statuses.push(res.json().status);
    }
    expect(statuses).toEqual([...Array<string>(9).fill('pending'), 'flagged']);
    const elsewhere = await post('referrals', { id: programmeId, email: 'friend11@example.org', referral_email: 'ada@example.com' }, '198.51.100.1');
    expect(elsewhere.json()).toMatchObject({ status: 'pending', flags: [] });
  });

  it('rewards a referral on the friend’s first earning only, and both sides once', async () => {
    const { programmeId, post, join, stampAtCounter } = await shop({ earning: { per_scan: 1 } });
    const ada = await join({ email: 'ada@example.com' });
    const bob = await join({ email: 'bob@example.com', referral_email: 'ada@example.com' });
    const first = await stampAtCounter(bob);
    expect(first.answer).toMatchObject({ amount: 3, balance: 3 });
    const second = await stampAtCounter(bob);
    expect(second.answer).toMatchObject({ amount: 1, balance: 4 });
    expect((await stampAtCounter(ada)).answer).toMatchObject({ amount: 1, balance: 6, lifetime: 6 });
    const again = await post('register', { programme_id: programmeId, email: 'bob@example.com', referral_email: 'ada@example.com' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'loyalty_already_member']);
  });
});
