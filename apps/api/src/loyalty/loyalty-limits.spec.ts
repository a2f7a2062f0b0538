import { randomUUID } from 'node:crypto';
import { LoyaltyTerms } from '@qr/contracts';
import { loyaltyProgrammeDecider, loyaltyProgrammeStreamId, type CodeActor, type LoyaltyProgrammeCommand, type LoyaltyProgrammeEvent } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, loadConfig, type SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { loyalty } from '@qr/projections-loyalty';
import { ProjectionRunner } from '@qr/projections-runner';
import { HotPathAppender } from '../hot-path-appender';
import { LoyaltyDecisions } from './loyalty-decisions';

const REPETITIONS = 20;
const REWARD = 'c0000000-0000-4000-8000-000000000003';
const staff: CodeActor = { id: 'counter@example.com', role: 'editor' };

/** What each command came to: 'ok', or the code of the refusal it failed with. */
type Outcome = 'ok' | string;

const count = (outcomes: Outcome[]) => {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
};

const now = () => new Date().toISOString();
const redeem = (card_id: string): LoyaltyProgrammeCommand => ({
  type: 'RedeemReward',
  actor: null,
  card_id,
  reward_id: REWARD,
  exchange_id: randomUUID(),
  request_id: null,
  at: now(),
});

describe.each(testAdapters())('loyalty balances and stock under concurrency on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: PostgresEventStore;
  const config = loadConfig({ NODE_ENV: 'test' });
  const processes: LoyaltyDecisions[] = [];

  beforeAll(async () => {
    ({ db, close } = await adapter.open({ max: 10 }));
    store = new PostgresEventStore(db);
  });
  afterAll(async () => {
    await Promise.all(processes.map((decisions) => decisions.onModuleDestroy()));
    await close();
  });

  /** One API process's serialiser, with an appender of its own, over the shared store. */
  const apiProcess = () => {
    const decisions = new LoyaltyDecisions(store, new HotPathAppender(store, config));
    processes.push(decisions);
    return decisions;
  };

  const outcomesOf = (deciding: Promise<unknown>[]) =>
    Promise.all(
      deciding.map((promise) =>
        promise.then(
          (): Outcome => 'ok',
          (error: { code?: string }): Outcome => error.code ?? String(error),
        ),
      ),
    );

  /** A programme whose one reward costs 1, with `stock`, and `members` cards holding `balance` each. */
  const programme = async (decisions: LoyaltyDecisions, stock: number | null, members: number, balance: number) => {
    const programmeId = randomUUID();
    const terms = LoyaltyTerms.parse({ name: 'Race', kind: 'points', reward_list: [{ reward_id: REWARD, name: 'A coffee', price: 1, stock }] });
    await decisions.decide(programmeId, {
      type: 'CreateProgramme',
      actor: staff,
      at: now(),
      programme_id: programmeId,
      org_id: 'race-org',
      code_id: 'RaceCode01',
      terms,
    });
    const cards = Array.from({ length: members }, () => randomUUID());
    await Promise.all(
      cards.map((card_id, i) =>
        decisions.decide(programmeId, {
          type: 'RegisterMember',
          card_id,
          email: `member-${i}@example.com`,
          phone: null,
          name: null,
          at: now(),
          referral: null,
        }),
      ),
    );
    await Promise.all(
      cards.map((card_id) =>
        decisions.decide(programmeId, {
          type: 'PostCard',
          actor: staff,
          card_id,
          at: now(),
          request_id: randomUUID(),
          entry: { kind: 'correction', amount: balance, note: 'opening balance' },
        }),
      ),
    );
    return { programmeId, cards };
  };

  /** What the stream itself holds: the proof that no redemption is only in some process's memory. */
  const storedRedemptions = async (programmeId: string) =>
    (await store.readStream(loyaltyProgrammeStreamId(programmeId))).events.filter((event) => event.type === 'LoyaltyRewardRedeemed').length;

  const races: string[] = [];

  it(`gives 100 parallel redemptions against a balance for 10 exactly 10, ${REPETITIONS} times over`, async () => {
    const decisions = apiProcess();
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const { programmeId, cards } = await programme(decisions, null, 1, 10);
      const outcomes = await outcomesOf(Array.from({ length: 100 }, () => decisions.decide(programmeId, redeem(cards[0]!))));
      expect(count(outcomes)).toEqual({ ok: 10, loyalty_insufficient_balance: 90 });
      expect(await storedRedemptions(programmeId)).toBe(10);
      races.push(programmeId);
    }
  });

  it(`gives 100 members racing for 5 items of stock exactly 5, ${REPETITIONS} times over`, async () => {
    const decisions = apiProcess();
    for (let repetition = 0; repetition < REPETITIONS; repetition++) {
      const { programmeId, cards } = await programme(decisions, 5, 100, 1);
      const outcomes = await outcomesOf(cards.map((card) => decisions.decide(programmeId, redeem(card))));
      expect(count(outcomes)).toEqual({ ok: 5, loyalty_out_of_stock: 95 });
      expect(await storedRedemptions(programmeId)).toBe(5);
      races.push(programmeId);
    }
  });

  it('never takes a balance below zero when two API processes serialise the same programme, each reloading when the other wrote', async () => {
    const [first, second] = [apiProcess(), apiProcess()];
    for (let repetition = 0; repetition < 5; repetition++) {
      const { programmeId, cards } = await programme(first, null, 1, 10);
      const outcomes = await outcomesOf(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? first : second).decide(programmeId, redeem(cards[0]!))));
      expect(count(outcomes)).toEqual({ ok: 10, loyalty_insufficient_balance: 90 });
      expect(await storedRedemptions(programmeId)).toBe(10);
    }
  });

  it('holds in the read model, after a rebuild, each balance as the sum of its history and as the decider folds the stream', async () => {
    expect(races.length).toBeGreaterThan(0);
    const runner = new ProjectionRunner(db, store, [loyalty], createLogger('silent'), { pollIntervalMs: 20 });
    try {
      await runner.start();
      await runner.caughtUp(60_000);
      await runner.rebuild(loyalty.name);
      const { rows } = await db.query<{ card_id: string; programme_id: string; balance: number; history: number; balance_after: number }>(
        `SELECT m.card_id, m.programme_id, m.balance, h.sum::int AS history, h.last AS balance_after
           FROM loyalty_members m
           JOIN (SELECT card_id, sum(amount) AS sum, (array_agg(balance_after ORDER BY position DESC))[1] AS last FROM loyalty_history GROUP BY card_id) h
             ON h.card_id = m.card_id
          WHERE m.programme_id = ANY($1::uuid[])`,
        [races],
      );
      const folded = new Map<string, number>();
      for (const programmeId of races) {
        let state = loyaltyProgrammeDecider.initialState;
        for (const recorded of (await store.readStream(loyaltyProgrammeStreamId(programmeId))).events) {
          state = loyaltyProgrammeDecider.evolve(state, { type: recorded.type, data: recorded.data } as LoyaltyProgrammeEvent);
        }
        for (const [card, member] of state.members) folded.set(card, member.balance);
      }
      expect(rows).toHaveLength(folded.size);
      for (const row of rows)
        expect([row.balance, row.history, row.balance_after]).toEqual([folded.get(row.card_id), folded.get(row.card_id), folded.get(row.card_id)]);
      expect(rows.every((row) => row.balance >= 0)).toBe(true);
    } finally {
      await runner.stop();
    }
  });
});
