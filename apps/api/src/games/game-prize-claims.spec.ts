import { randomUUID } from 'node:crypto';
import { Prize, type PrizeClaim } from '@qr/contracts';
import type { PlayState } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { LoyaltyGrants, LoyaltyReads } from '../loyalty';
import { COFFEE, loyaltyShop, MUG } from '../loyalty/public-loyalty.fixture';
import { PromoCampaigns } from '../promos';
import { startTestApp, type TestApp } from '../testing/test-app';
import { GamePrizeClaims } from './game-prize-claims';

const STAFF = 'game-prizes@example.com';
const GAME = randomUUID();

const prize = (claim: PrizeClaim, stock = 3): Prize => Prize.parse({ id: 'p', label: 'A prize', stock, claim });

/** A play whose claim the game's stream has recorded: the prize's `unit`-th winner, with the card and exchange the claim named. */
const claimedPlay = (unit: number, card_id: string | null = null, exchange_id: string | null = null): PlayState => ({
  play_id: randomUUID(),
  player: 'player',
  nickname: '',
  at: new Date().toISOString(),
  finished: true,
  prize_id: 'p',
  unit,
  score: null,
  question: 0,
  asked_at: new Date().toISOString(),
  claimed: true,
  voucher_code: null,
  card_id,
  exchange_id,
  redeemed: false,
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string; details?: unknown }) => ({ code: error.code, details: error.details }),
  );

describe.each(testAdapters())('game prizes handed over by the promos and loyalty contexts on $name', (adapter) => {
  let t: TestApp;
  let owner: ApiCaller;
  let claims: GamePrizeClaims;

  beforeAll(async () => {
    t = await startTestApp({ database: adapter });
    owner = callerOf(t.app, await signedUpToken(t.app, STAFF));
    // The games module wires this class; here it is built from what the promos and loyalty contexts export.
    claims = new GamePrizeClaims(t.app.get(PromoCampaigns), t.app.get(LoyaltyReads), t.app.get(LoyaltyGrants));
  });
  afterAll(() => t.close());

  /** An organisation with a shared and a unique promo campaign of three codes. */
  const promoShop = async (name: string) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Flyer', type: 'page' })).json().code_id as string;
    const terms = { name: 'Winner’s deal', offer: { kind: 'percent_off', text: '10 % off', percent: 10 } };
    const create = async (codes: object) => {
      const created = await owner('POST', '/api/v1/promos', { org_id: orgId, code_id: codeId, codes, terms });
      if (created.statusCode !== 201) throw new Error(`create campaign failed: ${created.statusCode} ${created.body}`);
      return created.json().campaign_id as string;
    };
    const sharedId = await create({ kind: 'shared', promo_code: 'WINNER24' });
    const uniqueId = await create({ kind: 'unique', pattern: { prefix: 'WIN-', charset: 'alphanumeric', mask: '######' }, count: 3 });
    await t.projections.caughtUp();
    return { orgId, sharedId, uniqueId };
  };

  it('gives every winner a shared campaign’s code, and each winner of a unique campaign the next code in order', async () => {
    const { orgId, sharedId, uniqueId } = await promoShop('Promo Prizes');
    const shared = prize({ kind: 'promo_code', campaign_id: sharedId });
    const unique = prize({ kind: 'promo_code', campaign_id: uniqueId });
    await claims.check(orgId, [shared, unique]);
    const deliver = (won: Prize, unit: number) => claims.deliver(orgId, GAME, won, claimedPlay(unit));
    expect(await deliver(shared, 0)).toEqual({ promo_code: 'WINNER24', loyalty: null });
    expect(await deliver(shared, 2)).toEqual({ promo_code: 'WINNER24', loyalty: null });
    const { rows } = await t.db.query<{ promo_code: string }>('SELECT promo_code FROM promo_codes WHERE campaign_id = $1 ORDER BY ordinal', [uniqueId]);
    const handed = await Promise.all([0, 1, 2].map(async (unit) => (await deliver(unique, unit)).promo_code));
    expect(handed).toEqual(rows.map((row) => row.promo_code));
    expect(new Set(handed).size).toBe(3);
    // A repeated claim names the same unit, so the same code.
    expect((await deliver(unique, 1)).promo_code).toBe(handed[1]);
  });

  it('refuses a prize of another organisation’s campaign, and a unique campaign with fewer codes than the stock', async () => {
    const { orgId, uniqueId } = await promoShop('Promo Checks');
    const other = await promoShop('Someone Else');
    const voucher = prize({ kind: 'voucher', text: 'A free coffee' });
    expect(await refusal(claims.check(orgId, [voucher, prize({ kind: 'promo_code', campaign_id: other.sharedId })]))).toEqual({
      code: 'game_prize_invalid',
      details: { field: 'body.prizes.1.claim' },
    });
    expect(await refusal(claims.check(orgId, [prize({ kind: 'promo_code', campaign_id: randomUUID() })]))).toEqual({
      code: 'game_prize_invalid',
      details: { field: 'body.prizes.0.claim' },
    });
    expect(await refusal(claims.check(orgId, [voucher, prize({ kind: 'promo_code', campaign_id: uniqueId }, 4)]))).toEqual({
      code: 'game_prize_invalid',
      details: { field: 'body.prizes.1.claim' },
    });
  });

  it('puts a loyalty prize on the winner’s card as a free exchange, the same one when the claim is repeated', async () => {
    const shop = await loyaltyShop(t, owner, STAFF);
    const cardId = await shop.join({ email: `winner-${randomUUID()}@example.com` });
    const mug = prize({ kind: 'loyalty_reward', programme_id: shop.programmeId, reward_id: MUG });
    await claims.check(shop.orgId, [mug]);
    await claims.checkCard(shop.orgId, mug, cardId);
    const play = claimedPlay(0, cardId, randomUUID());
    const loyalty = { programme_id: shop.programmeId, card_id: cardId, exchange_id: play.exchange_id };
    expect(await claims.deliver(shop.orgId, GAME, mug, play)).toEqual({ promo_code: null, loyalty });
    expect(await claims.deliver(shop.orgId, GAME, mug, play)).toEqual({ promo_code: null, loyalty });
    const reads = t.app.get(LoyaltyReads);
    const card = await reads.card(shop.programmeId, cardId);
    expect(card?.balance).toBe(0);
    expect(card?.history.filter((line) => line.kind === 'redeemed')).toEqual([
      expect.objectContaining({ reward_name: 'A mug', amount: 0, exchange_id: play.exchange_id, balance_after: 0 }),
    ]);
    expect((await reads.exchange(play.exchange_id!))?.view).toEqual(expect.objectContaining({ card_id: cardId, reward_name: 'A mug', price: 0 }));
    // The mug's stock of one is taken: another winner's grant is refused, not given twice.
    expect(await refusal(claims.deliver(shop.orgId, GAME, mug, claimedPlay(1, cardId, randomUUID())))).toEqual(
      expect.objectContaining({ code: 'loyalty_out_of_stock' }),
    );
  });

  it('refuses a loyalty prize of another organisation or with no such reward, and a card not of the programme', async () => {
    const shop = await loyaltyShop(t, owner, STAFF);
    const other = await loyaltyShop(t, owner, STAFF);
    const strangerCard = await other.join({ email: `stranger-${randomUUID()}@example.com` });
    const coffee = prize({ kind: 'loyalty_reward', programme_id: shop.programmeId, reward_id: COFFEE });
    expect(await refusal(claims.check(other.orgId, [coffee]))).toEqual({ code: 'game_prize_invalid', details: { field: 'body.prizes.0.claim' } });
    expect(await refusal(claims.check(shop.orgId, [prize({ kind: 'loyalty_reward', programme_id: shop.programmeId, reward_id: randomUUID() })]))).toEqual({
      code: 'game_prize_invalid',
      details: { field: 'body.prizes.0.claim' },
    });
    for (const cardId of [strangerCard, randomUUID(), null]) {
      expect(await refusal(claims.checkCard(shop.orgId, coffee, cardId))).toEqual({ code: 'validation_failed', details: { field: 'body.card_id' } });
    }
    await claims.checkCard(shop.orgId, prize({ kind: 'voucher', text: 'A free coffee' }), null);
  });
});
