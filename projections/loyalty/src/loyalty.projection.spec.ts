import { LoyaltyTerms } from '@qr/contracts';
import { loyaltyProgrammeDecider, loyaltyProgrammeStreamId, type LoyaltyProgrammeCommand, type LoyaltyProgrammeEvent } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { loyalty } from './index';

const PROGRAMME = '1b8f6c2e-4a1d-4c3e-9f7a-2d5e6f708192';
const ADA = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
const COFFEE = 'c0000000-0000-4000-8000-000000000003';
const MUG = 'd0000000-0000-4000-8000-000000000004';
const EXCHANGE = 'f0000000-0000-4000-8000-000000000006';
const GRANTED = 'f0000000-0000-4000-8000-000000000009';
const REFERRAL = 'e0000000-0000-4000-8000-000000000007';
const editor = { id: 'ed@example.com', role: 'editor' as const };
const hoursAfter = (hours: number) => new Date(Date.parse('2026-12-02T09:00:00.000Z') + hours * 3600_000).toISOString();

const terms = LoyaltyTerms.parse({
  name: 'Coffee card',
  kind: 'stamps',
  stamps_required: 5,
  min_interval_minutes: 60,
  reward_list: [
    { reward_id: COFFEE, name: 'A free coffee', price: 2 },
    { reward_id: MUG, name: 'A mug', price: 1, stock: 3 },
  ],
  referral: { referrer_points: 3, friend_points: 1 },
});

/** Ada joins and collects stamps; Bob joins on her referral, earns once (converting it) and both redeem; a game's prize gives Ada a mug (its repeat nothing). */
const commands: LoyaltyProgrammeCommand[] = [
  { type: 'CreateProgramme', actor: editor, at: hoursAfter(0), programme_id: PROGRAMME, org_id: 'org-1', code_id: 'AbCdEf1234', terms },
  { type: 'RegisterMember', card_id: ADA, email: 'ada@example.com', phone: null, name: 'Ada', at: hoursAfter(0), referral: null },
  { type: 'CollectStamp', card_id: ADA, at: hoursAfter(1) },
  { type: 'CollectStamp', card_id: ADA, at: hoursAfter(2) },
  {
    type: 'RegisterMember',
    card_id: BOB,
    email: 'bob@example.org',
    phone: null,
    name: null,
    at: hoursAfter(3),
    referral: { referral_id: REFERRAL, referrer: 'email:ada@example.com', action: 'any', network: null },
  },
  {
    type: 'PostCard',
    actor: editor,
    card_id: BOB,
    at: hoursAfter(4),
    request_id: '90000000-0000-4000-8000-000000000001',
    entry: { kind: 'stamp', note: 'hi' },
  },
  { type: 'RedeemReward', actor: null, card_id: ADA, reward_id: COFFEE, exchange_id: EXCHANGE, request_id: null, at: hoursAfter(5) },
  {
    type: 'RedeemReward',
    actor: editor,
    card_id: BOB,
    reward_id: MUG,
    exchange_id: 'f0000000-0000-4000-8000-000000000008',
    request_id: '90000000-0000-4000-8000-000000000002',
    at: hoursAfter(6),
  },
  ...[7, 8].map((hours): LoyaltyProgrammeCommand => ({
    type: 'GrantReward',
    card_id: ADA,
    reward_id: MUG,
    exchange_id: GRANTED,
    game_id: '80000000-0000-4000-8000-000000000001',
    play_id: 'p1',
    at: hoursAfter(hours),
  })),
];

function decided() {
  let state = loyaltyProgrammeDecider.initialState;
  const events: { event: LoyaltyProgrammeEvent; at: string }[] = [];
  for (const command of commands) {
    for (const event of loyaltyProgrammeDecider.decide(command, state)) {
      state = loyaltyProgrammeDecider.evolve(state, event);
      events.push({ event, at: command.at });
    }
  }
  return { state, events };
}

describe.each(testAdapters())('the loyalty read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [loyalty], { batchSize: 3, rebuildBatchSize: 3 });

  it('holds each balance as the decider folds it and as its history sums it, with stock, exchanges and the referral, after a rebuild too', async () => {
    const { state, events } = decided();
    await t.store.append({
      streamId: loyaltyProgrammeStreamId(PROGRAMME),
      expectedVersion: 'no_stream',
      events: events.map(({ event, at }) => ({ type: event.type, data: event.data, occurredAt: new Date(at) })),
    });
    const rows = async () => ({
      programmes: (await t.db.query('SELECT programme_id, members, status FROM loyalty_programmes')).rows,
      members: (
        await t.db.query(
          `SELECT m.card_id, m.balance, m.lifetime, m.scans, m.last_stamp_at, h.sum::int AS history, h.last::int AS balance_after
             FROM loyalty_members m
             JOIN (SELECT card_id, sum(amount) AS sum, (array_agg(balance_after ORDER BY position DESC))[1] AS last FROM loyalty_history GROUP BY card_id) h
               ON h.card_id = m.card_id ORDER BY m.card_id`,
        )
      ).rows,
      stock: (await t.db.query('SELECT reward_id, redeemed FROM loyalty_reward_stock ORDER BY reward_id')).rows,
      exchanges: (await t.db.query('SELECT exchange_id, card_id, price FROM loyalty_exchanges ORDER BY exchange_id')).rows,
      referrals: (await t.db.query('SELECT referral_id, status, rewarded, referrer_rewarded, friend_card_id FROM loyalty_referrals')).rows,
    });
    await t.runner.start();
    await t.runner.caughtUp();
    const expected = {
      programmes: [{ programme_id: PROGRAMME, members: 2, status: 'live' }],
      members: [ADA, BOB].map((card) => {
        const member = state.members.get(card)!;
        return {
          card_id: card,
          balance: member.balance,
          lifetime: member.lifetime,
          scans: member.scans,
          last_stamp_at: new Date(member.last_stamp_at!),
          history: member.balance,
          balance_after: member.balance,
        };
      }),
      stock: [
        { reward_id: COFFEE, redeemed: 1 },
        { reward_id: MUG, redeemed: 2 },
      ],
      exchanges: [
        { exchange_id: EXCHANGE, card_id: ADA, price: 2 },
        { exchange_id: 'f0000000-0000-4000-8000-000000000008', card_id: BOB, price: 1 },
        { exchange_id: GRANTED, card_id: ADA, price: 0 },
      ],
      referrals: [{ referral_id: REFERRAL, status: 'converted', rewarded: true, referrer_rewarded: 3, friend_card_id: BOB }],
    };
    // Ada: 2 stamps + 3 for the referral - 2 for the coffee (the game's mug is free); Bob: 1 stamp + 1 welcome - 1 for the mug.
    expect(expected.members.map((member) => member.balance)).toEqual([3, 1]);
    expect(await rows()).toEqual(expected);
    await t.runner.rebuild('loyalty');
    expect(await rows()).toEqual(expected);
  });
});
