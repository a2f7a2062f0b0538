import { randomUUID } from 'node:crypto';
import { PromoTerms, type PromoRefusalReason } from '@qr/contracts';
import { promoCampaignStreamId, type PromoCampaignCreated, type RedeemPromoCode } from '@qr/domain';
import { PostgresEventStore, type EventStore } from '@qr/eventstore';
import { loadConfig, type SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { HotPathAppender } from '../hot-path-appender';
import { IDLE_MS } from '../serialised-decisions';
import { PromoRedemptions, type Redemption } from './promo-redemptions';

const REPETITIONS = 20;

/** A validation as the controller hands it over: its own nonce, issued just now. */
const command = (visitorKey: string, change: Partial<RedeemPromoCode> = {}): RedeemPromoCode => ({
  type: 'RedeemPromoCode',
  promo_code: 'SUMMER24',
  visitor_key: visitorKey,
  nonce: randomUUID(),
  nonce_issued_at: new Date().toISOString(),
  at: new Date().toISOString(),
  position: null,
  master_key: null,
  redemption_id: randomUUID(),
  ...change,
});

/** What each validation came to: 'valid', a refusal's reason, or the code of the error it failed with. */
type Outcome = 'valid' | PromoRefusalReason | string;

describe.each(testAdapters())('promo limits under concurrency on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: EventStore;
  const config = loadConfig({ NODE_ENV: 'test' });
  const serialisers: PromoRedemptions[] = [];

  beforeAll(async () => {
    ({ db, close } = await adapter.open({ max: 10 }));
    store = new PostgresEventStore(db);
  });
  afterAll(async () => {
    await Promise.all(serialisers.map((serialiser) => serialiser.onModuleDestroy()));
    await close();
  });

  /** One API process's serialiser, with an appender of its own, over the shared store. */
  const apiProcess = () => {
    const serialiser = new PromoRedemptions(store, new HotPathAppender(store, config));
    serialisers.push(serialiser);
    return serialiser;
  };

  const campaign = async (terms: object) => {
    const campaignId = randomUUID();
    const created: PromoCampaignCreated = {
      type: 'PromoCampaignCreated',
      data: {
        campaign_id: campaignId,
        org_id: 'limits-org',
        code_id: 'LimitsCode',
        codes: { kind: 'shared', promo_code: 'SUMMER24' },
        terms: PromoTerms.parse({ name: 'Limited', offer: { kind: 'text', text: 'A coffee' }, ...terms }),
        master_key_id: null,
        created_by: 'owner@example.com',
      },
    };
    await store.append({ streamId: promoCampaignStreamId(campaignId), expectedVersion: 'no_stream', events: [created] });
    return campaignId;
  };

  const outcomesOf = (redeeming: Promise<Redemption>[]) =>
    Promise.all(
      redeeming.map((promise) =>
        promise.then(
          ({ event }): Outcome => (event.type === 'PromoRedeemed' ? 'valid' : event.data.reason),
          (error: { code?: string }): Outcome => error.code ?? 'error',
        ),
      ),
    );

  const count = (outcomes: Outcome[]) => {
    const counts: Record<string, number> = {};
    for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  };

  /** What the stream itself holds: the proof that no redemption is only in some process's memory. */
  const storedRedemptions = async (campaignId: string) =>
    (await store.readStream(promoCampaignStreamId(campaignId))).events.filter((event) => event.type === 'PromoRedeemed').length;

  it(`gives exactly 100 of 200 distinct visitors a redemption against a total limit of 100, ${REPETITIONS} times over`, async () => {
    const serialiser = apiProcess();
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const campaignId = await campaign({ total_limit: 100 });
      const outcomes = await outcomesOf(Array.from({ length: 200 }, (_, i) => serialiser.redeem(campaignId, command(`visitor-${i}`))));
      expect(count(outcomes)).toEqual({ valid: 100, used_up: 100 });
      expect(await storedRedemptions(campaignId)).toBe(100);
    }
  });

  it(`gives one visitor's 50 parallel tries exactly one redemption on a per-visitor limit of 1, ${REPETITIONS} times over`, async () => {
    const serialiser = apiProcess();
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const campaignId = await campaign({ per_visitor_limit: 1 });
      const outcomes = await outcomesOf(Array.from({ length: 50 }, () => serialiser.redeem(campaignId, command('the-same-phone'))));
      expect(count(outcomes)).toEqual({ valid: 1, already_used_by_you: 49 });
      expect(await storedRedemptions(campaignId)).toBe(1);
    }
  });

  it('never over-redeems when two API processes serialise the same campaign, each reloading when the other wrote', async () => {
    const [first, second] = [apiProcess(), apiProcess()];
    for (let repetition = 0; repetition < 5; repetition++) {
      const campaignId = await campaign({ total_limit: 100 });
      const outcomes = await outcomesOf(
        Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? first : second).redeem(campaignId, command(`visitor-${repetition}-${i}`))),
      );
      expect(count(outcomes)).toEqual({ valid: 100, used_up: 100 });
      expect(await storedRedemptions(campaignId)).toBe(100);
    }
  });

  it('refuses a nonce spent earlier in the same batch, that request alone, and redeems nothing twice', async () => {
    const serialiser = apiProcess();
    const campaignId = await campaign({ per_visitor_limit: null });
    const spent = command('phone-a');
    const outcomes = await outcomesOf([
      serialiser.redeem(campaignId, spent),
      serialiser.redeem(campaignId, { ...command('phone-b'), nonce: spent.nonce }),
      serialiser.redeem(campaignId, command('phone-c')),
    ]);
    expect(outcomes).toEqual(['valid', 'promo_nonce_invalid', 'valid']);
    expect(await storedRedemptions(campaignId)).toBe(2);
  });

  it('gives an idle campaign’s memory back and, reloading its stream, still holds its limit', async () => {
    const serialiser = apiProcess();
    const campaignId = await campaign({ total_limit: 1 });
    expect(await outcomesOf([serialiser.redeem(campaignId, command('early'))])).toEqual(['valid']);
    const held = serialiser.held;
    serialiser.evictIdle(Date.now() + IDLE_MS);
    expect(serialiser.held).toBeLessThan(held);
    expect(await outcomesOf([serialiser.redeem(campaignId, command('late'))])).toEqual(['used_up']);
  });

  it('answers promo_campaign_not_found for a campaign its stream does not hold', async () => {
    expect(await outcomesOf([apiProcess().redeem(randomUUID(), command('lost'))])).toEqual(['promo_campaign_not_found']);
  });
});
