import { randomUUID } from 'node:crypto';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { joinedMember } from './loyalty.fixture';

const PROGRAMMES = '/api/v1/loyalty/programmes';
const COFFEE = 'c0000000-0000-4000-8000-000000000003';
const MUG = 'd0000000-0000-4000-8000-000000000004';

const terms = (change: object = {}) => ({
  name: 'Coffee card',
  kind: 'points',
  earning: { per_scan: 1, per_submission: 0, per_currency_unit: 2, currency: 'EUR' },
  min_interval_minutes: 60,
  tiers: [{ name: 'Regular', threshold: 5 }],
  reward_list: [
    { reward_id: COFFEE, name: 'A free coffee', price: 3 },
    { reward_id: MUG, name: 'A mug', price: 1, stock: 1 },
  ],
  ...change,
});

describe('staff’s loyalty programmes', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'loyalty-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'loyalty-stranger@example.com'));
  });
  afterAll(() => t.close());

  /** Each test its own organisation with one code, so no test sees another's programmes. */
  const shop = async (name: string) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter', type: 'page' })).json().code_id as string;
    const create = (body: object = {}) => owner('POST', PROGRAMMES, { org_id: orgId, code_id: codeId, terms: terms(), ...body });
    return { orgId, codeId, create };
  };

  const programmeOf = async (name: string) => {
    const { orgId, create } = await shop(name);
    const programme = (await create()).json();
    const cardId = await joinedMember(t.app, programme.programme_id, `${name.replace(/\W/g, '').toLowerCase()}@example.com`);
    const card = `${PROGRAMMES}/${programme.programme_id}/members/${cardId}`;
    return { orgId, programmeId: programme.programme_id as string, cardId, card };
  };

  it('creates a programme, answers it with its stock, gets it, lists it by code, changes its terms and deletes it', async () => {
    const { orgId, codeId, create } = await shop('Crud Café');
    const created = await create();
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toEqual({
      programme_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      org_id: orgId,
      code_id: codeId,
      terms: expect.objectContaining({ name: 'Coffee card', kind: 'points', stamps_required: 10, time_zone: 'UTC', referral: null }),
      members: 0,
      rewards: [
        { reward_id: COFFEE, name: 'A free coffee', price: 3, stock: null, redeemed: 0, remaining: null },
        { reward_id: MUG, name: 'A mug', price: 1, stock: 1, redeemed: 0, remaining: 1 },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const url = `${PROGRAMMES}/${view.programme_id}`;
    expect((await owner('GET', url)).json()).toEqual(view);
    const otherCode = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Poster', type: 'page' })).json().code_id;
    await create({ code_id: otherCode });
    expect((await owner('GET', `${PROGRAMMES}?org_id=${orgId}&code_id=${codeId}`)).json().map((p: { programme_id: string }) => p.programme_id)).toEqual([
      view.programme_id,
    ]);
    expect((await owner('GET', `${PROGRAMMES}?org_id=${orgId}`)).json()).toHaveLength(2);

    const changed = await owner('PUT', url, { terms: terms({ name: 'Tea card' }) });
    expect([changed.statusCode, changed.json().terms.name]).toEqual([200, 'Tea card']);
    expect((await owner('GET', url)).json().terms.name).toBe('Tea card');
    expect((await owner('DELETE', url)).statusCode).toBe(204);
    expect([(await owner('GET', url)).statusCode, (await owner('GET', url)).json().code]).toEqual([404, 'loyalty_programme_not_found']);
    expect((await owner('GET', `${PROGRAMMES}?org_id=${orgId}&code_id=${codeId}`)).json()).toEqual([]);
  });

  it('tells another organisation’s member that a programme, its members and its card do not exist, and changes nothing', async () => {
    const { programmeId, card } = await programmeOf('Tenancy Café');
    const theirs = `${PROGRAMMES}/${programmeId}`;
    const requestId = randomUUID();
    const answers = [
      await stranger('GET', theirs),
      await stranger('PUT', theirs, { terms: terms({ name: 'Mine now' }) }),
      await stranger('GET', `${theirs}/members`),
      await stranger('GET', `${theirs}/venue-code`),
      await stranger('GET', `${theirs}/referrals`),
      await stranger('GET', `${theirs}/export`),
      await stranger('GET', card),
      await stranger('POST', `${card}/post`, { kind: 'correction', request_id: requestId, amount: 100, note: 'gift' }),
      await stranger('POST', `${card}/redeem`, { reward_id: COFFEE, request_id: requestId }),
      await stranger('DELETE', theirs),
    ];
    expect(answers.map((res) => [res.statusCode, res.json().code])).toEqual(answers.map(() => [404, 'loyalty_programme_not_found']));
    // A code of another organisation is not found either.
    const strangersOrg = await createOrganization(stranger, 'Mallory Inc');
    const mine = (await owner('GET', theirs)).json();
    const taken = await stranger('POST', PROGRAMMES, { org_id: strangersOrg, code_id: mine.code_id, terms: terms() });
    expect([taken.statusCode, taken.json().code]).toEqual([404, 'code_not_found']);
    expect(mine).toMatchObject({ terms: { name: 'Coffee card' }, members: 1 });
    expect((await owner('GET', card)).json().balance).toBe(0);
  });

  it('lets a viewer read the programme and its members but not change, post to or export them (403)', async () => {
    const { orgId, programmeId, card } = await programmeOf('Viewer Café');
    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'loyalty-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'loyalty-viewer@example.com'));
    expect((await viewer('GET', `${PROGRAMMES}/${programmeId}`)).statusCode).toBe(200);
    expect((await viewer('GET', `${PROGRAMMES}/${programmeId}/members`)).json().total).toBe(1);
    const refused = [
      await viewer('POST', PROGRAMMES, { org_id: orgId, code_id: (await owner('GET', `${PROGRAMMES}/${programmeId}`)).json().code_id, terms: terms() }),
      await viewer('PUT', `${PROGRAMMES}/${programmeId}`, { terms: terms() }),
      await viewer('POST', `${card}/post`, { kind: 'stamp', request_id: randomUUID() }),
      await viewer('POST', `${card}/redeem`, { reward_id: MUG, request_id: randomUUID() }),
      await viewer('GET', `${PROGRAMMES}/${programmeId}/export`),
      await viewer('DELETE', `${PROGRAMMES}/${programmeId}`),
    ];
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual(refused.map(() => [403, 'forbidden']));
  });

  it('refuses bad terms and bad posts with a 400 naming the field, storing nothing', async () => {
    const { orgId, create } = await shop('Bad Input Café');
    const bad: [object, string][] = [
      [{ terms: terms({ kind: 'coins' }) }, 'body.terms.kind'],
      [{ terms: terms({ stamps_required: 1 }) }, 'body.terms.stamps_required'],
      [{ terms: terms({ min_interval_minutes: -1 }) }, 'body.terms.min_interval_minutes'],
      [
        {
          terms: terms({
            tiers: [
              { name: 'Gold', threshold: 10 },
              { name: 'Silver', threshold: 5 },
            ],
          }),
        },
        'body.terms.tiers',
      ],
      [{ terms: terms({ reward_list: [{ reward_id: COFFEE, name: 'A', price: 0 }] }) }, 'body.terms.reward_list.0.price'],
      [{ terms: terms({ time_zone: 'Mars/Olympus' }) }, 'body.terms.time_zone'],
      [{ code_id: 'no such code!' }, 'body.code_id'],
    ];
    for (const [change, field] of bad) {
      const res = await create(change);
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([400, 'validation_failed', field]);
    }
    const campaign = { campaign_reward_id: randomUUID(), name: 'Visits', code_id: 'AbCdEf1234', action: 'scanned', times: 3, points: 2 };
    const unknownCode = await create({ terms: terms({ campaign_rewards: [campaign] }) });
    expect([unknownCode.statusCode, unknownCode.json().code, unknownCode.json().errors?.[0]?.field]).toEqual([
      404,
      'code_not_found',
      'body.terms.campaign_rewards.0.code_id',
    ]);
    expect((await owner('GET', `${PROGRAMMES}?org_id=${orgId}`)).json()).toEqual([]);

    const { card } = await programmeOf('Bad Post Café');
    const posts: [object, string][] = [
      [{ kind: 'purchase', request_id: randomUUID(), purchase_amount: -5 }, 'body.purchase_amount'],
      [{ kind: 'correction', request_id: randomUUID(), amount: 0, note: 'x' }, 'body.amount'],
      [{ kind: 'correction', request_id: randomUUID(), amount: 5, note: '' }, 'body.note'],
      [{ kind: 'stamp', request_id: 'twice' }, 'body.request_id'],
      [{ kind: 'gift', request_id: randomUUID() }, 'body.kind'],
    ];
    for (const [body, field] of posts) {
      const res = await owner('POST', `${card}/post`, body);
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([400, 'validation_failed', field]);
    }
    const badCard = await owner('GET', `${PROGRAMMES}/${randomUUID()}/members/not-a-card`);
    expect([badCard.statusCode, badCard.json().errors?.[0]?.field]).toEqual([400, 'path.card_id']);
    expect((await owner('GET', card)).json().history).toHaveLength(1);
  });

  it('posts a stamp, a purchase and a correction to a card, refuses a second stamp before the interval with next_at, and credits a repeated request once', async () => {
    const { card } = await programmeOf('Post Café');
    const stampId = randomUUID();
    const stamp = await owner('POST', `${card}/post`, { kind: 'stamp', request_id: stampId, note: 'at the till' });
    expect(stamp.statusCode).toBe(200);
    expect(stamp.json()).toEqual({
      card_id: expect.any(String),
      amount: 1,
      balance: 1,
      lifetime: 1,
      tier: null,
      exchange_id: null,
      next_stamp_at: expect.any(String),
    });
    expect(stamp.headers['x-position']).toMatch(/^\d+-\d+$/);
    const nextAt = stamp.json().next_stamp_at as string;
    expect(Date.parse(nextAt) - Date.now()).toBeGreaterThan(59 * 60_000);

    // The double tap: the same request again moves nothing and answers the card as it is.
    const again = await owner('POST', `${card}/post`, { kind: 'stamp', request_id: stampId });
    expect([again.statusCode, again.json().amount, again.json().balance]).toEqual([200, 0, 1]);
    const tooSoon = await owner('POST', `${card}/post`, { kind: 'stamp', request_id: randomUUID() });
    expect([tooSoon.statusCode, tooSoon.json().code, tooSoon.json().next_at]).toEqual([409, 'loyalty_too_soon', nextAt]);
    expect(tooSoon.json().detail).toContain(nextAt);

    const purchase = await owner('POST', `${card}/post`, { kind: 'purchase', request_id: randomUUID(), purchase_amount: 2.6 });
    expect(purchase.json()).toMatchObject({ amount: 5, balance: 6, lifetime: 6, tier: 'Regular' });
    const below = await owner('POST', `${card}/post`, { kind: 'correction', request_id: randomUUID(), amount: -7, note: 'typo' });
    expect([below.statusCode, below.json().code]).toEqual([409, 'loyalty_insufficient_balance']);
    const corrected = await owner('POST', `${card}/post`, { kind: 'correction', request_id: randomUUID(), amount: -2, note: 'typo' });
    expect(corrected.json()).toMatchObject({ amount: -2, balance: 4, lifetime: 6 });

    const member = (await owner('GET', `${card}?min_position=${corrected.headers['x-position']}`)).json();
    expect(member).toMatchObject({ balance: 4, lifetime: 6, tier: 'Regular', email: 'postcaf@example.com' });
    expect(
      member.history.map((line: { kind: string; amount: number; balance_after: number; source: string | null }) => [
        line.kind,
        line.source,
        line.amount,
        line.balance_after,
      ]),
    ).toEqual([
      ['credited', 'correction', -2, 4],
      ['credited', 'purchase', 5, 6],
      ['credited', 'staff', 1, 1],
      ['joined', null, 0, 0],
    ]);
    expect(member.history[2]).toMatchObject({ by: 'loyalty-owner@example.com', note: 'at the till' });
  });

  it('redeems a reward at the counter with an exchange id, once per request, and refuses what the balance or the stock cannot give', async () => {
    const { programmeId, card } = await programmeOf('Redeem Café');
    await owner('POST', `${card}/post`, { kind: 'correction', request_id: randomUUID(), amount: 5, note: 'opening balance' });
    const requestId = randomUUID();
    const redeemed = await owner('POST', `${card}/redeem`, { reward_id: MUG, request_id: requestId });
    expect(redeemed.json()).toEqual(expect.objectContaining({ amount: -1, balance: 4, exchange_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }));
    expect((await owner('POST', `${card}/redeem`, { reward_id: MUG, request_id: requestId })).json()).toMatchObject({ amount: 0, balance: 4 });
    const outOfStock = await owner('POST', `${card}/redeem`, { reward_id: MUG, request_id: randomUUID() });
    expect([outOfStock.statusCode, outOfStock.json().code]).toEqual([409, 'loyalty_out_of_stock']);
    expect((await owner('POST', `${card}/redeem`, { reward_id: COFFEE, request_id: randomUUID() })).json()).toMatchObject({ balance: 1 });
    const poor = await owner('POST', `${card}/redeem`, { reward_id: COFFEE, request_id: randomUUID() });
    expect([poor.statusCode, poor.json().code]).toEqual([409, 'loyalty_insufficient_balance']);
    const unknown = await owner('POST', `${card}/redeem`, { reward_id: randomUUID(), request_id: randomUUID() });
    expect([unknown.statusCode, unknown.json().code, unknown.json().errors?.[0]?.field]).toEqual([404, 'loyalty_reward_not_found', 'body.reward_id']);
    const noCard = await owner('POST', `${PROGRAMMES}/${programmeId}/members/${randomUUID()}/redeem`, { reward_id: COFFEE, request_id: randomUUID() });
    expect([noCard.statusCode, noCard.json().code]).toEqual([404, 'loyalty_member_not_found']);
    const view = (await owner('GET', `${PROGRAMMES}/${programmeId}?min_position=${poor.headers['x-position'] ?? redeemed.headers['x-position']}`)).json();
    expect(view.rewards).toEqual([
      expect.objectContaining({ reward_id: COFFEE, redeemed: 1, remaining: null }),
      expect.objectContaining({ reward_id: MUG, redeemed: 1, remaining: 0 }),
    ]);
  });

  it('lists and searches members, shows today’s venue code, an empty referral analysis, and exports the members as name_date.csv', async () => {
    const { programmeId } = await programmeOf('List Café');
    await joinedMember(t.app, programmeId, 'grace@example.org');
    const base = `${PROGRAMMES}/${programmeId}`;
    const page = (await owner('GET', `${base}/members?per_page=1`)).json();
    expect([page.total, page.items.length, page.items[0].email]).toEqual([2, 1, 'grace@example.org']);
    expect((await owner('GET', `${base}/members?search=LISTCAF`)).json().items.map((m: { email: string }) => m.email)).toEqual(['listcaf@example.com']);
    expect((await owner('GET', `${base}/members?search=%25`)).json().total).toBe(0);

    const venue = (await owner('GET', `${base}/venue-code`)).json();
    expect(venue).toEqual({
      programme_id: programmeId,
      venue_code: expect.stringMatching(/^[A-Z0-9]{10}$/),
      url: expect.stringContaining(`/card/${programmeId}?venue=`),
      valid_until: expect.any(String),
    });
    expect((await owner('GET', `${base}/referrals`)).json()).toEqual({
      programme_id: programmeId,
      totals: { referrals: 0, converted: 0, flagged: 0, rewarded: 0 },
      referrers: [],
      referrals: [],
    });

    const exported = await owner('GET', `${base}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-row-count']).toBe('2');
    expect(exported.headers['content-disposition']).toMatch(/filename\*=UTF-8''Coffee%20card_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Buffer.from(exported.body, 'base64').toString('utf8').split('\r\n');
    expect(csv[0]).toBe('card_id,email,phone,name,balance,lifetime,tier,joined_at,last_activity_at');
    expect(
      csv
        .slice(1, -1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual(['grace@example.org', 'listcaf@example.com']);
  });
});
