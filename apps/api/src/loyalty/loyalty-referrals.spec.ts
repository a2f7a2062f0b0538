import { randomUUID } from 'node:crypto';
import { decodeReferralEmail } from '@qr/contracts';
import { callerOf, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { loyaltyShop } from './public-loyalty.fixture';

const OWNER = 'referrals-owner@example.com';

describe('referrals on a loyalty programme, from the visitor’s side', () => {
  let t: TestApp;
  let owner: ApiCaller;

  beforeAll(async () => {
    // The public routes' per-address limit stays out of the way: each shop is its own address.
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, OWNER));
  });
  afterAll(() => t.close());

  const shop = (change = {}) => loyaltyShop(t, owner, OWNER, change);

  it('refuses a referral of oneself with 422 naming the field, whether by email or by phone, and a friend referred twice with 409', async () => {
    const { programmeId, codeId, post, join } = await shop();
    await join({ email: 'ada@example.com', phone: '+442079460958' });
    const byEmail = await post('referrals', { id: programmeId, email: 'ada@example.com', referral_email: 'ADA@example.com' });
    expect([byEmail.statusCode, byEmail.json().code, byEmail.json().errors]).toEqual([
      422,
      'loyalty_self_referral',
      [{ field: 'body.referral_email', message: expect.any(String) }],
    ]);
    const joiningAsSelf = await post('register', { programme_id: programmeId, phone: '+442079460959', referred_by_number: '+44 20 7946 0959' });
    expect([joiningAsSelf.statusCode, joiningAsSelf.json().errors?.[0]?.field]).toEqual([422, 'body.referred_by_number']);
    const byPhone = await post('refer-subscription', { phone_number: '+442079460958', referred_by_number: '+442079460958', code_id: codeId });
    expect([byPhone.statusCode, byPhone.json().errors?.[0]?.field]).toEqual([422, 'body.referred_by_number']);
    expect((await post('referrals', { id: programmeId, email: 'bob@example.com', referral_email: 'ada@example.com' })).statusCode).toBe(201);
    const twice = await post('referrals', { id: programmeId, email: 'bob@example.com', referral_email: 'carol@example.com' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'loyalty_already_referred']);
  });

  it('names a malformed email or phone number of a referral, and answers 404 for a programme or a code without one', async () => {
    const { programmeId, post } = await shop();
    const badEmail = await post('referrals', { id: programmeId, email: 'bob@', referral_email: 'ada@example.com' });
    expect([badEmail.statusCode, badEmail.json().errors?.map((error: { field: string }) => error.field)]).toEqual([400, ['body.email']]);
    const badPhone = await post('refer-subscription', { phone_number: '12', referred_by_number: '+442079460958', code_id: 'AbCdEf1234' });
    expect([badPhone.statusCode, badPhone.json().errors?.map((error: { field: string }) => error.field)]).toEqual([400, ['body.phone_number']]);
    const noProgramme = await post('referrals', { id: randomUUID(), email: 'bob@example.com', referral_email: 'ada@example.com' });
    expect([noProgramme.statusCode, noProgramme.json().code]).toEqual([404, 'loyalty_programme_not_found']);
    const noCode = await post('refer-subscription', { phone_number: '+442079460958', referred_by_number: '+442079460959', code_id: 'ZzZzZz9999' });
    expect([noCode.statusCode, noCode.json().code]).toEqual([404, 'loyalty_programme_not_found']);
  });

  it('flags a friend whose email is the referrer’s with a dot, a tag or a letter changed', async () => {
    const { programmeId, post, join } = await shop();
    await join({ email: 'adalovelace@example.com' });
    const res = await post('referrals', { id: programmeId, email: 'ada.lovelace+2@example.com', referral_email: 'adalovelace@example.com' });
    expect([res.statusCode, res.json()]).toEqual([201, { referral_id: expect.any(String), status: 'flagged', flags: ['similar_email'] }]);
    const near = await post('referrals', { id: programmeId, email: 'adalovelase@example.com', referral_email: 'adalovelace@example.com' });
    expect(near.json().flags).toEqual(['similar_email']);
    const friend = await post('referrals', { id: programmeId, email: 'grace@example.com', referral_email: 'adalovelace@example.com' });
    expect(friend.json()).toEqual({ referral_id: expect.any(String), status: 'pending', flags: [] });
  });

  it('flags the tenth referral in a week from one network (a /24 or a /48), and not one from another network', async () => {
    const { programmeId, post } = await shop();
    const statuses: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const res = await post('referrals', { id: programmeId, email: `friend${i}@example.org`, referral_email: 'ada@example.com' }, `192.0.2.${i}`);
      statuses.push(res.json().status);
    }
    expect(statuses).toEqual([...Array<string>(9).fill('pending'), 'flagged']);
    const elsewhere = await post('referrals', { id: programmeId, email: 'friend11@example.org', referral_email: 'ada@example.com' }, '198.51.100.1');
    expect(elsewhere.json()).toMatchObject({ status: 'pending', flags: [] });
    const v6: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const res = await post(
        'referrals',
        { id: programmeId, email: `v6friend${i}@example.org`, referral_email: 'ada@example.com' },
        `2001:db8:7::${i.toString(16)}:1`,
      );
      v6.push(res.json().status);
    }
    expect(v6).toEqual([...Array<string>(9).fill('pending'), 'flagged']);
  });

  it('rewards a referral on the friend’s first earning only, both sides once, and never on a second card', async () => {
    const { programmeId, post, join, stampAtCounter } = await shop();
    const ada = await join({ email: 'ada@example.com' });
    const bob = await join({ email: 'bob@example.com', referral_email: 'ada@example.com' });
    expect((await stampAtCounter(bob)).answer).toMatchObject({ amount: 3, balance: 3 });
    expect((await stampAtCounter(bob)).answer).toMatchObject({ amount: 1, balance: 4 });
    expect((await stampAtCounter(ada)).answer).toMatchObject({ amount: 1, balance: 6, lifetime: 6 });
    const again = await post('register', { programme_id: programmeId, email: 'bob@example.com', referral_email: 'ada@example.com' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'loyalty_already_member']);
  });

  it('records a referral by phone on the code’s programme, rewarded on the friend’s first earning', async () => {
    const { codeId, post, join, stampAtCounter } = await shop();
    const ada = await join({ phone: '+442079460958' });
    const referred = await post('refer-subscription', { phone_number: '+44 20 7946 0959', referred_by_number: '+442079460958', code_id: codeId });
    expect([referred.statusCode, referred.json()]).toEqual([201, { referral_id: expect.any(String), status: 'pending', flags: [] }]);
    const bob = await join({ phone: '+442079460959' });
    expect((await stampAtCounter(bob)).answer).toMatchObject({ amount: 3 });
    expect((await stampAtCounter(ada)).answer).toMatchObject({ balance: 6 });
  });

  it('hands a member the referral link carrying their email, and their number for referrals by phone', async () => {
    const { programmeId, post, join } = await shop();
    const ada = await join({ email: 'ada@example.com', phone: '+442079460958' });
    await t.projections.caughtUp();
    const res = await post('referral-code', { programme_id: programmeId, card_id: ada });
    expect(res.statusCode).toBe(200);
    const { referral_email, referral_link, referred_by_number } = res.json();
    expect([referral_email, referred_by_number]).toEqual(['ada@example.com', '+442079460958']);
    const link = new URL(referral_link);
    expect([link.pathname, decodeReferralEmail(link.searchParams.get('ref') ?? '')]).toEqual([`/card/${programmeId}`, 'ada@example.com']);
    const other = await shop();
    const foreign = await other.post('referral-code', { programme_id: other.programmeId, card_id: ada });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'loyalty_member_not_found']);
  });
});
