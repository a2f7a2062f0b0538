import { randomUUID } from 'node:crypto';
import { callerOf, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { COFFEE, loyaltyShop, MUG, PUBLIC_LOYALTY } from './public-loyalty.fixture';

const OWNER = 'loyalty-owner@example.com';
const CAMPAIGN = randomUUID();

describe('the visitor’s loyalty card', () => {
  let t: TestApp;
  let owner: ApiCaller;

  beforeAll(async () => {
    // The public routes' per-address limit stays out of the way: each shop is its own address.
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, OWNER));
  });
  afterAll(() => t.close());

  const shop = (change: Parameters<typeof loyaltyShop>[3] = {}) => loyaltyShop(t, owner, OWNER, change);
  const get = (path: string) => t.app.inject({ method: 'GET', url: `${PUBLIC_LOYALTY}/${path}` });

  it('joins with an email, the card readable at once, and a second card for the same email or phone is 409', async () => {
    const { programmeId, post } = await shop();
    const res = await post('register', { programme_id: programmeId, email: 'Ada@Example.com', phone: '+44 20 7946 0958', name: 'Ada' });
    expect([res.statusCode, res.json()]).toEqual([
      201,
      { card_id: expect.any(String), amount: 0, balance: 0, lifetime: 0, tier: null, exchange_id: null, next_stamp_at: null },
    ]);
    // The phone opens its card at once: the join answers once the card can be read.
    const card = await post('card', { programme_id: programmeId, card_id: res.json().card_id });
    expect([card.statusCode, card.json().name]).toEqual([200, 'Ada']);
    for (const contact of [{ email: 'ada@example.com' }, { phone: '+442079460958' }]) {
      const again = await post('register', { programme_id: programmeId, ...contact });
      expect([again.statusCode, again.json().code]).toEqual([409, 'loyalty_already_member']);
    }
  });

  it('names the malformed field of a registration, and refuses a programme that does not exist or was deleted', async () => {
    const { programmeId, post, join, deleteProgramme } = await shop();
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
    expect((await get(`programmes/${randomUUID()}`)).statusCode).toBe(404);
    const card = await join({ email: 'ada@example.com' });
    await deleteProgramme();
    for (const res of [
      await get(`programmes/${programmeId}`),
      await post('register', { programme_id: programmeId, email: 'carol@example.com' }),
      await post('redeem', { programme_id: programmeId, card_id: card, reward_id: COFFEE }),
    ]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'loyalty_programme_not_found']);
    }
  });

  it('shows the programme in words and the holder’s card with its history, and another programme’s card is 404', async () => {
    const { programmeId, codeId, post, join, credit } = await shop({ tiers: [{ name: 'Regular', threshold: 5 }] });
    const programme = await get(`programmes/${programmeId}`);
    expect([programme.statusCode, programme.json()]).toMatchObject([
      200,
      {
        programme_id: programmeId,
        code_id: codeId,
        name: 'Coffee card',
        kind: 'points',
        rewards: [
          { reward_id: COFFEE, remaining: null },
          { reward_id: MUG, remaining: 1 },
        ],
      },
    ]);
    const card = await join({ email: 'ada@example.com', name: 'Ada' });
    await credit(card, 2);
    await t.projections.caughtUp();
    const res = await post('card', { programme_id: programmeId, card_id: card });
    expect([res.statusCode, res.json()]).toMatchObject([
      200,
      {
        card_id: card,
        name: 'Ada',
        balance: 2,
        lifetime: 2,
        tier: null,
        next_tier: { name: 'Regular', threshold: 5 },
        history: [{ amount: 2 }, { kind: 'joined' }],
      },
    ]);
    const other = await shop();
    const foreign = await other.post('card', { programme_id: other.programmeId, card_id: card });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'loyalty_member_not_found']);
  });

  it('collects a stamp with today’s venue code, refuses another code with 400 and a stamp too soon with 409 saying when', async () => {
    const { programmeId, post, join, venueCode } = await shop({ kind: 'stamps', min_interval_minutes: 60 });
    const other = await shop();
    const card = await join({ email: 'ada@example.com' });
    const stamp = (code: string) => post('stamp', { programme_id: programmeId, card_id: card, venue_code: code });
    const wrong = await stamp(await other.venueCode());
    expect([wrong.statusCode, wrong.json().code, wrong.json().errors?.[0]?.field]).toEqual([400, 'loyalty_venue_code_invalid', 'body.venue_code']);
    const first = await stamp((await venueCode()).toLowerCase());
    expect([first.statusCode, first.json()]).toMatchObject([200, { card_id: card, amount: 1, balance: 1, next_stamp_at: expect.any(String) }]);
    const soon = await stamp(await venueCode());
    expect([soon.statusCode, soon.json().code, soon.json().next_at]).toEqual([409, 'loyalty_too_soon', first.json().next_stamp_at]);
    const foreign = await other.post('stamp', { programme_id: other.programmeId, card_id: card, venue_code: await other.venueCode() });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'loyalty_member_not_found']);
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
    await t.projections.caughtUp();
    const exchange = await get(`exchanges/${redeemed.json().exchange_id}`);
    expect([exchange.statusCode, exchange.json()]).toMatchObject([200, { programme_id: programmeId, card_id: card, reward_name: 'A free coffee', price: 3 }]);
    expect((await get(`exchanges/${randomUUID()}`)).json().code).toBe('loyalty_exchange_not_found');
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

  it('grants a campaign reward once, after the scans it waits for', async () => {
    const { programmeId, codeId, post, join, venueCode } = await shop((code) => ({
      campaign_rewards: [{ campaign_reward_id: CAMPAIGN, name: 'Second visit', code_id: code, action: 'scanned', times: 2, points: 4 }],
    }));
    const card = await join({ email: 'ada@example.com' });
    const claim = () => post('campaign-reward', { programme_id: programmeId, card_id: card, code_id: codeId, action: 'scanned' });
    const stamp = async () => post('stamp', { programme_id: programmeId, card_id: card, venue_code: await venueCode() });
    await stamp();
    const early = await claim();
    expect([early.statusCode, early.json().code]).toEqual([409, 'loyalty_action_not_done']);
    await stamp();
    const granted = await claim();
    expect([granted.statusCode, granted.json()]).toMatchObject([200, { amount: 4, balance: 6 }]);
    const twice = await claim();
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'loyalty_reward_already_granted']);
    const none = await post('campaign-reward', { programme_id: programmeId, card_id: card, code_id: codeId, action: 'referred_friend' });
    expect([none.statusCode, none.json().code]).toEqual([404, 'loyalty_campaign_reward_not_found']);
  });

  it('credits the holder’s own form submission once, and neither someone else’s nor an unknown one', async () => {
    const { programmeId, codeId, post, join, submit } = await shop((code) => ({
      earning: { per_scan: 1, per_submission: 2 },
      campaign_rewards: [{ campaign_reward_id: CAMPAIGN, name: 'Signed up', code_id: code, action: 'form_submitted', points: 5 }],
    }));
    const card = await join({ email: 'ada@example.com' });
    const mine = await submit({ email: 'ADA@example.com' });
    const theirs = await submit({ email: 'grace@example.com' });
    const credit = (submissionId: string) => post('submission', { programme_id: programmeId, card_id: card, submission_id: submissionId });
    expect((await credit(mine)).json()).toMatchObject({ amount: 2, balance: 2 });
    expect((await credit(mine)).json()).toMatchObject({ amount: 0, balance: 2 });
    for (const submissionId of [theirs, randomUUID()]) {
      const res = await credit(submissionId);
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([404, 'loyalty_submission_not_found', 'body.submission_id']);
    }
    const claim = (body: object) => post('campaign-reward', { programme_id: programmeId, card_id: card, code_id: codeId, action: 'form_submitted', ...body });
    const unnamed = await claim({});
    expect([unnamed.statusCode, unnamed.json().errors?.[0]?.field]).toEqual([400, 'body.submission_id']);
    expect((await claim({ submission_id: theirs })).statusCode).toBe(404);
    expect((await claim({ submission_id: mine })).json()).toMatchObject({ amount: 5, balance: 7 });
    expect((await claim({ submission_id: mine })).json().code).toBe('loyalty_reward_already_granted');
  });

  it('shows an exchange on the return page to the visitor whose card it was made on, and to no one else', async () => {
    const { programmeId, pageId, post, join, credit } = await shop();
    const card = await join({ email: 'ada@example.com', phone: '+442079460958' });
    await credit(card, 3);
    const { exchange_id } = (await post('redeem', { programme_id: programmeId, card_id: card, reward_id: COFFEE })).json();
    await t.projections.caughtUp();
    const returning = (body: object) => t.app.inject({ method: 'POST', url: `/api/v1/public/pages/${pageId}/return`, payload: body });
    for (const who of [{ email: 'Ada@example.com' }, { phone: '+44 20 7946 0958' }]) {
      const res = await returning({ ...who, exchange_id });
      expect([res.statusCode, res.json().exchange]).toEqual([200, expect.objectContaining({ exchange_id, card_id: card, reward_name: 'A free coffee' })]);
    }
    for (const body of [{ email: 'grace@example.com', exchange_id }, { email: 'ada@example.com', exchange_id: randomUUID() }, { email: 'ada@example.com' }]) {
      expect((await returning(body)).json().exchange).toBeNull();
    }
    const elsewhere = await shop();
    expect(
      (
        await t.app.inject({ method: 'POST', url: `/api/v1/public/pages/${elsewhere.pageId}/return`, payload: { email: 'ada@example.com', exchange_id } })
      ).json().exchange,
    ).toBeNull();
  });

  it('limits each address on the loyalty routes like every public route', async () => {
    const limited = await startTestApp({ publicRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ method: 'GET', url: `${PUBLIC_LOYALTY}/programmes/${randomUUID()}` })).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
