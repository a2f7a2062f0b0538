import { DomainError, LoyaltyTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import type { LoyaltyProgrammeCommand } from './loyalty.commands';
import type { LoyaltyProgrammeEvent } from './loyalty.events';
import { loyaltyProgrammeDecider } from './loyalty-programme.decider';

const given = deciderSpec(loyaltyProgrammeDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const PROGRAMME = '1b8f6c2e-4a1d-4c3e-9f7a-2d5e6f708192';
const ADA = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';
const COFFEE = 'c0000000-0000-4000-8000-000000000003';
const MUG = 'd0000000-0000-4000-8000-000000000004';
const CAMPAIGN = 'e0000000-0000-4000-8000-000000000005';
const NOON = '2026-12-02T12:00:00.000Z';
const minutesAfter = (minutes: number) => new Date(Date.parse(NOON) + minutes * 60_000).toISOString();

const terms = LoyaltyTerms.parse({
  name: 'Coffee card',
  kind: 'stamps',
  stamps_required: 5,
  min_interval_minutes: 60,
  tiers: [{ name: 'Regular', threshold: 3 }],
  reward_list: [
    { reward_id: COFFEE, name: 'A free coffee', price: 5 },
    { reward_id: MUG, name: 'A mug', price: 1, stock: 1 },
  ],
  campaign_rewards: [{ campaign_reward_id: CAMPAIGN, name: 'Three visits', code_id: 'AbCdEf1234', action: 'scanned', times: 3, points: 2 }],
  referral: { referrer_points: 2, friend_points: 1 },
});

const created: LoyaltyProgrammeEvent = {
  type: 'LoyaltyProgrammeCreated',
  data: { programme_id: PROGRAMME, org_id: 'org-1', code_id: 'AbCdEf1234', terms, created_by: editor.id },
};
const joined = (card_id: string, email: string, at = NOON): LoyaltyProgrammeEvent => ({
  type: 'LoyaltyMemberJoined',
  data: { card_id, email, phone: null, name: null, at },
});
const credit = (card_id: string, amount: number, source: 'scan' | 'staff' | 'referral' | 'campaign_reward' = 'scan', at = NOON): LoyaltyProgrammeEvent => ({
  type: 'LoyaltyCredited',
  data: {
    card_id,
    amount,
    source,
    at,
    by: null,
    note: null,
    request_id: null,
    purchase_amount: null,
    submission_id: null,
    referral_id: null,
    campaign_reward_id: null,
  },
});
const stamp = (card_id: string, at: string): LoyaltyProgrammeCommand => ({ type: 'CollectStamp', card_id, at });
const redeem = (card_id: string, reward_id: string, exchange_id = 'f0000000-0000-4000-8000-000000000006'): LoyaltyProgrammeCommand => ({
  type: 'RedeemReward',
  actor: null,
  card_id,
  reward_id,
  exchange_id,
  request_id: null,
  at: NOON,
});
const register = (
  card_id: string,
  email: string,
  referrer: string | null = null,
  network: string | null = null,
  referral_id = 'r0',
): LoyaltyProgrammeCommand => ({
  type: 'RegisterMember',
  card_id,
  email,
  phone: null,
  name: null,
  at: NOON,
  referral: referrer === null ? null : { referral_id, referrer: `email:${referrer}`, action: 'any', network },
});

function refusal(history: LoyaltyProgrammeEvent[], command: LoyaltyProgrammeCommand): DomainError {
  const state = history.reduce(loyaltyProgrammeDecider.evolve, loyaltyProgrammeDecider.initialState);
  try {
    loyaltyProgrammeDecider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('The command was not refused.');
}

describe('a programme', () => {
  it('is created by an editor, not a viewer', () => {
    const create = { type: 'CreateProgramme', actor: editor, at: NOON, programme_id: PROGRAMME, org_id: 'org-1', code_id: 'AbCdEf1234', terms } as const;
    given([]).when(create).then([created]);
    given([])
      .when({ ...create, actor: viewer })
      .then('forbidden');
  });

  it('takes nothing once deleted', () => {
    given([created, { type: 'LoyaltyProgrammeDeleted', data: { deleted_by: editor.id } }])
      .when(register(ADA, 'ada@example.com'))
      .then('loyalty_programme_not_found');
  });
});

describe('members and stamps', () => {
  it('gives one card per email', () => {
    given([created])
      .when(register(ADA, 'ada@example.com'))
      .then([joined(ADA, 'ada@example.com')]);
    given([created, joined(ADA, 'ada@example.com')])
      .when(register(BOB, 'ADA@example.com'.toLowerCase()))
      .then('loyalty_already_member');
  });

  it('refuses a stamp before the minimum interval and says when the next is possible', () => {
    const history = [created, joined(ADA, 'ada@example.com'), credit(ADA, 1)];
    const error = refusal(history, stamp(ADA, minutesAfter(30)));
    expect(error.code).toBe('loyalty_too_soon');
    expect(error.details).toEqual({ next_at: minutesAfter(60) });
    given(history)
      .when(stamp(ADA, minutesAfter(60)))
      .then([{ ...credit(ADA, 1, 'scan', minutesAfter(60)) }]);
  });

  it('refuses an unknown card', () => {
    given([created]).when(stamp(ADA, NOON)).then('loyalty_member_not_found');
  });
});

describe('redemptions', () => {
  const rich = [created, joined(ADA, 'ada@example.com'), credit(ADA, 5, 'staff')];

  it('takes the price from the balance and never below zero', () => {
    const state = [...rich].reduce(loyaltyProgrammeDecider.evolve, loyaltyProgrammeDecider.initialState);
    const events = loyaltyProgrammeDecider.decide(redeem(ADA, COFFEE), state);
    expect(events.map((event) => event.type)).toEqual(['LoyaltyRewardRedeemed']);
    for (const event of events) loyaltyProgrammeDecider.evolve(state, event);
    expect(state.members.get(ADA)?.balance).toBe(0);
    expect(() => loyaltyProgrammeDecider.decide(redeem(ADA, COFFEE), state)).toThrow(expect.objectContaining({ code: 'loyalty_insufficient_balance' }));
  });

  it('refuses an unknown reward and a reward out of stock', () => {
    given(rich).when(redeem(ADA, '00000000-0000-4000-8000-00000000000f')).then('loyalty_reward_not_found');
    const mugTaken: LoyaltyProgrammeEvent = {
      type: 'LoyaltyRewardRedeemed',
      data: { card_id: ADA, reward_id: MUG, reward_name: 'A mug', price: 1, exchange_id: 'x', at: NOON, by: null, request_id: null, campaign_reward_id: null },
    };
    given([...rich, mugTaken])
      .when(redeem(ADA, MUG))
      .then('loyalty_out_of_stock');
  });
});

describe('a game’s prize granted to a card', () => {
  const GAME = '90000000-0000-4000-8000-000000000009';
  const EXCHANGE = 'f0000000-0000-4000-8000-000000000007';
  const member = [created, joined(ADA, 'ada@example.com')];
  const grant = (reward_id: string, exchange_id = EXCHANGE, card_id = ADA): LoyaltyProgrammeCommand => ({
    type: 'GrantReward',
    card_id,
    reward_id,
    exchange_id,
    game_id: GAME,
    play_id: 'p1',
    at: NOON,
  });
  const granted = (reward_id: string, reward_name: string, exchange_id = EXCHANGE): LoyaltyProgrammeEvent => ({
    type: 'LoyaltyRewardGranted',
    data: { card_id: ADA, reward_id, reward_name, exchange_id, game_id: GAME, play_id: 'p1', at: NOON },
  });

  it('gives the reward on a card with no points, as the exchange the game drew', () => {
    given(member)
      .when(grant(COFFEE))
      .then([granted(COFFEE, 'A free coffee')]);
  });

  it('decides nothing when the same exchange is granted again', () => {
    given([...member, granted(COFFEE, 'A free coffee')])
      .when(grant(COFFEE))
      .then([]);
  });

  it('takes one of the reward’s stock, and refuses once none is left', () => {
    given([...member, granted(MUG, 'A mug')])
      .when(grant(MUG, 'f0000000-0000-4000-8000-000000000008'))
      .then('loyalty_out_of_stock');
    given([...member, granted(MUG, 'A mug')])
      .when(redeem(ADA, MUG))
      .then('loyalty_out_of_stock');
  });

  it('refuses an unknown reward, an unknown card and a deleted programme', () => {
    given(member).when(grant('00000000-0000-4000-8000-00000000000f')).then('loyalty_reward_not_found');
    given(member)
      .when(grant(COFFEE, EXCHANGE, BOB))
      .then('loyalty_member_not_found');
    given([...member, { type: 'LoyaltyProgrammeDeleted', data: { deleted_by: editor.id } }])
      .when(grant(COFFEE))
      .then('loyalty_programme_not_found');
  });
});

describe('campaign rewards', () => {
  const claim: LoyaltyProgrammeCommand = {
    type: 'ClaimCampaignReward',
    card_id: ADA,
    code_id: 'AbCdEf1234',
    action: 'scanned',
    submission_checked: false,
    exchange_ids: [],
    at: NOON,
  };

  it('waits for the action, then grants once', () => {
    const twice = [created, joined(ADA, 'ada@example.com'), credit(ADA, 1), credit(ADA, 1)];
    expect(refusal(twice, claim).details).toEqual({ progress: 2, times: 3 });
    const thrice = [...twice, credit(ADA, 1)];
    const state = thrice.reduce(loyaltyProgrammeDecider.evolve, loyaltyProgrammeDecider.initialState);
    const events = loyaltyProgrammeDecider.decide(claim, state);
    expect(events.map((event) => event.type)).toEqual(['LoyaltyCampaignRewardGranted', 'LoyaltyCredited']);
    for (const event of events) loyaltyProgrammeDecider.evolve(state, event);
    expect(() => loyaltyProgrammeDecider.decide(claim, state)).toThrow(expect.objectContaining({ code: 'loyalty_reward_already_granted' }));
  });
});

describe('referrals', () => {
  const withAda = [created, joined(ADA, 'ada@example.com')];

  it('refuses a referral of oneself', () => {
    given(withAda)
      .when(register(BOB, 'ada@example.com', 'ada@example.com'))
      .then('loyalty_already_member');
    given([created])
      .when(register(BOB, 'bob@example.com', 'bob@example.com'))
      .then('loyalty_self_referral');
  });

  it('names the field the referrer came by when a referral is of oneself', () => {
    const byPhone: LoyaltyProgrammeCommand = {
      type: 'AddReferral',
      referral_id: 'r1',
      friend: 'phone:+442079460958',
      referrer: 'phone:+442079460958',
      action: null,
      network: null,
      at: NOON,
    };
    expect(refusal([created], byPhone).details).toEqual({ field: 'body.referred_by_number' });
    expect(refusal([created], { ...byPhone, friend: 'email:ada@example.com', referrer: 'email:ada@example.com' }).details).toEqual({
      field: 'body.referral_email',
    });
  });

  it('waits for what the programme’s referral terms name when the referral names no action', () => {
    const purchases = LoyaltyTerms.parse({ ...terms, referral: { referrer_points: 2, friend_points: 1, action: 'purchase' } });
    const add = (action: 'scan' | null): LoyaltyProgrammeCommand => ({
      type: 'AddReferral',
      referral_id: 'r1',
      friend: 'email:bob@example.org',
      referrer: 'email:ada@example.com',
      action,
      network: null,
      at: NOON,
    });
    const actionOf = (action: 'scan' | null) => {
      const [recorded] = loyaltyProgrammeDecider.decide(
        add(action),
        [{ ...created, data: { ...created.data, terms: purchases } }, joined(ADA, 'ada@example.com')].reduce(
          loyaltyProgrammeDecider.evolve,
          loyaltyProgrammeDecider.initialState,
        ),
      );
      return recorded?.type === 'LoyaltyReferralRecorded' ? recorded.data.action : null;
    };
    expect([actionOf(null), actionOf('scan')]).toEqual(['purchase', 'scan']);
  });

  it('rewards both sides on the friend’s first earning only', () => {
    const state = withAda.reduce(loyaltyProgrammeDecider.evolve, loyaltyProgrammeDecider.initialState);
    for (const event of loyaltyProgrammeDecider.decide(register(BOB, 'bob@example.org', 'ada@example.com'), state))
      loyaltyProgrammeDecider.evolve(state, event);
    const first = loyaltyProgrammeDecider.decide(stamp(BOB, NOON), state);
    expect(first.map((event) => event.type)).toEqual(['LoyaltyCredited', 'LoyaltyReferralConverted', 'LoyaltyCredited', 'LoyaltyCredited']);
    for (const event of first) loyaltyProgrammeDecider.evolve(state, event);
    expect(state.members.get(ADA)?.balance).toBe(2);
    expect(state.members.get(BOB)?.balance).toBe(2);
    const second = loyaltyProgrammeDecider.decide(stamp(BOB, minutesAfter(60)), state);
    expect(second.map((event) => event.type)).toEqual(['LoyaltyCredited']);
  });

  it('flags near-identical emails and converts without a reward', () => {
    const state = withAda.reduce(loyaltyProgrammeDecider.evolve, loyaltyProgrammeDecider.initialState);
    const recorded = loyaltyProgrammeDecider.decide(register(BOB, 'a.da+2@example.com', 'ada@example.com'), state);
    const referral = recorded.find((event) => event.type === 'LoyaltyReferralRecorded');
    expect(referral?.type === 'LoyaltyReferralRecorded' && referral.data.flags.map((flag) => flag.rule)).toEqual(['similar_email']);
    for (const event of recorded) loyaltyProgrammeDecider.evolve(state, event);
    const first = loyaltyProgrammeDecider.decide(stamp(BOB, NOON), state);
    expect(first.map((event) => event.type)).toEqual(['LoyaltyCredited', 'LoyaltyReferralConverted']);
  });

  it('flags the tenth referral from one network within a week', () => {
    const state = withAda.reduce(loyaltyProgrammeDecider.evolve, loyaltyProgrammeDecider.initialState);
    const flagsOf = (index: number) => {
      const events = loyaltyProgrammeDecider.decide(register(`card-${index}`, `friend${index}@other.org`, 'ada@example.com', 'net-1', `r${index}`), state);
      for (const event of events) loyaltyProgrammeDecider.evolve(state, event);
      const recorded = events.find((event) => event.type === 'LoyaltyReferralRecorded');
      return recorded?.type === 'LoyaltyReferralRecorded' ? recorded.data.flags.map((flag) => flag.rule) : null;
    };
    for (let index = 1; index < 10; index++) expect(flagsOf(index)).toEqual([]);
    expect(flagsOf(10)).toEqual(['network_burst']);
  });
});
