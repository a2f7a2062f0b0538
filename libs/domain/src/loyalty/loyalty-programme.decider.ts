import { DomainError, tierOf, type LoyaltySource, type LoyaltyTerms, type ReferralAction } from '@qr/contracts';
import type { Decider } from '../decider';
import { can } from '../identity';
import type { CodeActor } from '../codes';
import type {
  AddReferral,
  ClaimCampaignReward,
  CollectStamp,
  CreditSubmission,
  GrantReward,
  LoyaltyProgrammeCommand,
  PostCard,
  RedeemReward,
  ReferralClaim,
  RegisterMember,
} from './loyalty.commands';
import { contactKey, type LoyaltyCredited, type LoyaltyProgrammeEvent, type LoyaltyRewardRedeemed } from './loyalty.events';
import { referralFlags } from './referral-fraud';

export interface LoyaltyMember {
  card_id: string;
  /** Its contact keys, by which a referral names it. */
  contacts: string[];
  joined_at: string;
  balance: number;
  /** Everything ever earned: the tier's measure, which redemptions do not lower. */
  lifetime: number;
  /** When the last stamp (a venue scan or a staff stamp) was earned, ms. */
  last_stamp_at: number | null;
  scans: number;
  referrals_converted: number;
  /** Whether the member has earned anything yet: a referral converts on the first earning only. */
  has_earned: boolean;
  granted: Set<string>;
  submissions: Set<string>;
  /** The last staff requests posted, so a double tap credits once. */
  request_ids: string[];
}

interface PendingReferral {
  referral_id: string;
  referrer_card_id: string | null;
  action: ReferralAction;
  flagged: boolean;
  converted: boolean;
}

/**
 * What a programme's balances and stock are decided on. The maps grow with members, so `evolve`
 * changes the state in place (a busy programme's state is held in memory, docs/decisions/030) and
 * `initialState` hands out a fresh one each time it is read.
 */
export interface LoyaltyProgrammeState {
  status: 'live' | 'deleted' | null;
  programme_id: string;
  org_id: string;
  code_id: string;
  terms: LoyaltyTerms | null;
  members: Map<string, LoyaltyMember>;
  /** Card id by contact key (`email:…`, `phone:…`). */
  by_contact: Map<string, string>;
  /** Redemptions and grants by reward id, against its stock. */
  redeemed: Map<string, number>;
  /** The exchanges games' prizes made, so a repeated grant decides nothing. */
  grants: Set<string>;
  /** Referrals by the friend's contact key: one each. */
  referrals: Map<string, PendingReferral>;
  referrals_by_id: Map<string, PendingReferral>;
  /** Times (ms) of the referrals recorded from each network, pruned to the burst rule's window as they come. */
  network_referrals: Map<string, number[]>;
}

const emptyState = (): LoyaltyProgrammeState => ({
  status: null,
  programme_id: '',
  org_id: '',
  code_id: '',
  terms: null,
  members: new Map(),
  by_contact: new Map(),
  redeemed: new Map(),
  grants: new Set(),
  referrals: new Map(),
  referrals_by_id: new Map(),
  network_referrals: new Map(),
});

const REQUEST_MEMORY = 20;
const NETWORK_MEMORY_MS = 8 * 24 * 3600_000;

/** The stamp-like sources the minimum interval applies to, and that a referral's `scan` action means. */
const STAMP_SOURCES: ReadonlySet<LoyaltySource> = new Set(['scan', 'staff']);
/** Whether a credit from this source starts the minimum interval again (the read models date the next stamp by it). */
export const isStampSource = (source: LoyaltySource): boolean => STAMP_SOURCES.has(source);

/** When a card whose last stamp was at `lastStampAt` (ms) may earn by a stamp again; null when it may now or always. */
export function nextStampAt(terms: LoyaltyTerms | null, lastStampAt: number | null): string | null {
  if (lastStampAt === null || !terms || terms.min_interval_minutes === 0) return null;
  return new Date(lastStampAt + terms.min_interval_minutes * 60_000).toISOString();
}
/** What the member did themselves: the first of these converts their referral. */
const EARNING_SOURCES: ReadonlySet<LoyaltySource> = new Set(['scan', 'staff', 'purchase', 'form_submitted']);

function evolve(state: LoyaltyProgrammeState, event: LoyaltyProgrammeEvent): LoyaltyProgrammeState {
  switch (event.type) {
    case 'LoyaltyProgrammeCreated':
      state.status = 'live';
      state.programme_id = event.data.programme_id;
      state.org_id = event.data.org_id;
      state.code_id = event.data.code_id;
      state.terms = event.data.terms;
      break;
    case 'LoyaltyProgrammeUpdated':
      state.terms = event.data.terms;
      break;
    case 'LoyaltyProgrammeDeleted':
      state.status = 'deleted';
      break;
    case 'LoyaltyMemberJoined': {
      const { card_id, at } = event.data;
      const contacts = [contactKey({ email: event.data.email }), contactKey({ phone: event.data.phone })].filter((key): key is string => key !== null);
      state.members.set(card_id, {
        card_id,
        contacts,
        joined_at: at,
        balance: 0,
        lifetime: 0,
        last_stamp_at: null,
        scans: 0,
        referrals_converted: 0,
        has_earned: false,
        granted: new Set(),
        submissions: new Set(),
        request_ids: [],
      });
      for (const key of contacts) state.by_contact.set(key, card_id);
      break;
    }
    case 'LoyaltyCredited': {
      const member = state.members.get(event.data.card_id);
      if (!member) break;
      member.balance += event.data.amount;
      if (event.data.amount > 0) member.lifetime += event.data.amount;
      const { source } = event.data;
      if (source === 'scan') member.scans++;
      if (STAMP_SOURCES.has(source)) member.last_stamp_at = Date.parse(event.data.at);
      if (EARNING_SOURCES.has(source)) member.has_earned = true;
      if (event.data.submission_id !== null) member.submissions.add(event.data.submission_id);
      remember(member, event.data.request_id);
      break;
    }
    case 'LoyaltyRewardRedeemed': {
      const { reward_id, price } = event.data;
      state.redeemed.set(reward_id, (state.redeemed.get(reward_id) ?? 0) + 1);
      const member = state.members.get(event.data.card_id);
      if (!member) break;
      member.balance -= price;
      remember(member, event.data.request_id);
      break;
    }
    case 'LoyaltyRewardGranted': {
      const { reward_id, exchange_id } = event.data;
      state.redeemed.set(reward_id, (state.redeemed.get(reward_id) ?? 0) + 1);
      state.grants.add(exchange_id);
      break;
    }
    case 'LoyaltyReferralRecorded': {
      const { referral_id, referrer_card_id, friend, action, flags, network, at } = event.data;
      const referral = { referral_id, referrer_card_id, action, flagged: flags.length > 0, converted: false };
      state.referrals.set(friend, referral);
      state.referrals_by_id.set(referral_id, referral);
      if (network !== null) {
        const time = Date.parse(at);
        const recent = (state.network_referrals.get(network) ?? []).filter((seen) => seen > time - NETWORK_MEMORY_MS);
        recent.push(time);
        state.network_referrals.set(network, recent);
      }
      break;
    }
    case 'LoyaltyReferralConverted': {
      const referral = state.referrals_by_id.get(event.data.referral_id);
      if (referral) referral.converted = true;
      if (event.data.rewarded && event.data.referrer_card_id !== null) {
        const referrer = state.members.get(event.data.referrer_card_id);
        if (referrer) referrer.referrals_converted++;
      }
      break;
    }
    case 'LoyaltyCampaignRewardGranted':
      state.members.get(event.data.card_id)?.granted.add(event.data.campaign_reward_id);
      break;
  }
  return state;
}

function remember(member: LoyaltyMember, requestId: string | null): void {
  if (requestId === null || member.request_ids.includes(requestId)) return;
  member.request_ids.push(requestId);
  if (member.request_ids.length > REQUEST_MEMORY) member.request_ids.shift();
}

const mayChange = (actor: CodeActor) => {
  if (!can.write('loyalty', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change loyalty programmes.');
};
/** What a deleted, an unknown and another organisation's programme answer alike. */
export const programmeNotFound = () => new DomainError('loyalty_programme_not_found', 'No such loyalty programme.');
export const memberNotFound = () => new DomainError('loyalty_member_not_found', 'No such card in this programme.');

function memberOf(state: LoyaltyProgrammeState, cardId: string): LoyaltyMember {
  const member = state.members.get(cardId);
  if (!member) throw memberNotFound();
  return member;
}

interface CreditInput {
  card_id: string;
  amount: number;
  source: LoyaltySource;
  at: string;
  by?: string | null;
  note?: string | null;
  request_id?: string | null;
  purchase_amount?: number | null;
  submission_id?: string | null;
  referral_id?: string | null;
  campaign_reward_id?: string | null;
}

function credited(input: CreditInput): LoyaltyCredited {
  return {
    type: 'LoyaltyCredited',
    data: {
      card_id: input.card_id,
      amount: input.amount,
      source: input.source,
      at: input.at,
      by: input.by ?? null,
      note: input.note ?? null,
      request_id: input.request_id ?? null,
      purchase_amount: input.purchase_amount ?? null,
      submission_id: input.submission_id ?? null,
      referral_id: input.referral_id ?? null,
      campaign_reward_id: input.campaign_reward_id ?? null,
    },
  };
}

/** The minimum interval between two stamps of one card: a refusal that says when the next is possible. */
function checkInterval(terms: LoyaltyTerms, member: LoyaltyMember, at: string): void {
  if (member.last_stamp_at === null || terms.min_interval_minutes === 0) return;
  const next = member.last_stamp_at + terms.min_interval_minutes * 60_000;
  if (Date.parse(at) >= next) return;
  const nextAt = new Date(next).toISOString();
  throw new DomainError('loyalty_too_soon', `One stamp every ${terms.min_interval_minutes} minutes: the next is possible at ${nextAt}.`, { next_at: nextAt });
}

const qualifies = (action: ReferralAction, source: LoyaltySource): boolean =>
  action === 'any' || (action === 'scan' ? STAMP_SOURCES.has(source) : action === source);

/**
 * An earning, and what it sets off: the friend's first qualifying earning converts their referral
 * and, unless a fraud rule fired, rewards both sides by the programme's referral terms.
 */
function earn(state: LoyaltyProgrammeState, terms: LoyaltyTerms, member: LoyaltyMember, credit: CreditInput): LoyaltyProgrammeEvent[] {
  const events: LoyaltyProgrammeEvent[] = credit.amount === 0 ? [] : [credited(credit)];
  if (member.has_earned || credit.amount <= 0) return events;
  const referral = member.contacts.map((key) => state.referrals.get(key)).find((candidate) => candidate !== undefined && !candidate.converted);
  if (!referral || !qualifies(referral.action, credit.source)) return events;
  const rewarded = !referral.flagged && terms.referral !== null;
  events.push({
    type: 'LoyaltyReferralConverted',
    data: { referral_id: referral.referral_id, friend_card_id: member.card_id, referrer_card_id: referral.referrer_card_id, rewarded, at: credit.at },
  });
  if (!rewarded || terms.referral === null) return events;
  const { referrer_points, friend_points } = terms.referral;
  if (referral.referrer_card_id !== null && referrer_points > 0) {
    events.push(
      credited({ card_id: referral.referrer_card_id, amount: referrer_points, source: 'referral', at: credit.at, referral_id: referral.referral_id }),
    );
  }
  if (friend_points > 0)
    events.push(credited({ card_id: member.card_id, amount: friend_points, source: 'referral', at: credit.at, referral_id: referral.referral_id }));
  return events;
}

/** The referrer names the field: by email (`referral_email`) or by phone (`referred_by_number`). */
const selfReferral = (referrer: string) =>
  new DomainError('loyalty_self_referral', 'A referral is of a friend: this is the referrer themselves.', {
    field: referrer.startsWith('phone:') ? 'body.referred_by_number' : 'body.referral_email',
  });

function refer(state: LoyaltyProgrammeState, claim: ReferralClaim & { friend: string; at: string }, friendCard: string | null): LoyaltyProgrammeEvent[] {
  const referrerCard = state.by_contact.get(claim.referrer) ?? null;
  if (claim.friend === claim.referrer || (friendCard !== null && friendCard === referrerCard)) {
    throw selfReferral(claim.referrer);
  }
  if (state.referrals.has(claim.friend)) throw new DomainError('loyalty_already_referred', 'This friend was referred before in this programme.');
  const member = friendCard === null ? undefined : state.members.get(friendCard);
  const flags = referralFlags({
    friend: claim.friend,
    referrer: claim.referrer,
    recentFromNetwork: claim.network === null ? [] : (state.network_referrals.get(claim.network) ?? []),
    at: Date.parse(claim.at),
    memberSince: member && member.joined_at < claim.at ? member.joined_at : null,
  });
  return [
    {
      type: 'LoyaltyReferralRecorded',
      data: {
        referral_id: claim.referral_id,
        referrer: claim.referrer,
        referrer_card_id: referrerCard,
        friend: claim.friend,
        friend_card_id: friendCard,
        action: claim.action ?? state.terms?.referral?.action ?? 'any',
        flags,
        network: claim.network,
        at: claim.at,
      },
    },
  ];
}

function register(state: LoyaltyProgrammeState, command: RegisterMember): LoyaltyProgrammeEvent[] {
  const keys = [contactKey({ email: command.email }), contactKey({ phone: command.phone })].filter((key): key is string => key !== null);
  if (keys.length === 0) throw new DomainError('validation_failed', 'Enter your email or your phone number.', { field: 'body.email' });
  if (keys.some((key) => state.by_contact.has(key))) {
    throw new DomainError(
      'loyalty_already_member',
      'This programme has a card for this email or phone number: open it on the phone you joined with, or ask at the counter.',
    );
  }
  const { card_id, email, phone, name, at, referral } = command;
  const joined: LoyaltyProgrammeEvent = { type: 'LoyaltyMemberJoined', data: { card_id, email, phone, name, at } };
  if (referral === null) return [joined];
  // The referral names the friend as it names the referrer: by phone for a referral by phone.
  const kind = referral.referrer.slice(0, referral.referrer.indexOf(':') + 1);
  const friend = keys.find((key) => key.startsWith(kind)) ?? keys[0] ?? '';
  if (keys.includes(referral.referrer)) {
    throw selfReferral(referral.referrer);
  }
  return [joined, ...refer(state, { ...referral, friend, at }, null)];
}

function addReferral(state: LoyaltyProgrammeState, command: AddReferral): LoyaltyProgrammeEvent[] {
  return refer(state, command, state.by_contact.get(command.friend) ?? null);
}

function collectStamp(state: LoyaltyProgrammeState, terms: LoyaltyTerms, command: CollectStamp): LoyaltyProgrammeEvent[] {
  const member = memberOf(state, command.card_id);
  checkInterval(terms, member, command.at);
  return earn(state, terms, member, { card_id: member.card_id, amount: terms.earning.per_scan, source: 'scan', at: command.at });
}

function postCard(state: LoyaltyProgrammeState, terms: LoyaltyTerms, command: PostCard): LoyaltyProgrammeEvent[] {
  mayChange(command.actor);
  const member = memberOf(state, command.card_id);
  if (member.request_ids.includes(command.request_id)) return [];
  const common = { card_id: member.card_id, at: command.at, by: command.actor.id, request_id: command.request_id };
  const { entry } = command;
  switch (entry.kind) {
    case 'stamp':
      checkInterval(terms, member, command.at);
      return earn(state, terms, member, { ...common, amount: terms.earning.per_scan, source: 'staff', note: entry.note });
    case 'purchase':
      return earn(state, terms, member, {
        ...common,
        amount: Math.floor(entry.purchase_amount * terms.earning.per_currency_unit),
        source: 'purchase',
        purchase_amount: entry.purchase_amount,
        note: entry.note,
      });
    case 'correction':
      if (member.balance + entry.amount < 0) {
        throw new DomainError('loyalty_insufficient_balance', `The card holds ${member.balance}: a correction cannot take it below zero.`, {
          balance: member.balance,
        });
      }
      return [credited({ ...common, amount: entry.amount, source: 'correction', note: entry.note })];
  }
}

function creditSubmission(state: LoyaltyProgrammeState, terms: LoyaltyTerms, command: CreditSubmission): LoyaltyProgrammeEvent[] {
  const member = memberOf(state, command.card_id);
  if (member.submissions.has(command.submission_id)) return [];
  return earn(state, terms, member, {
    card_id: member.card_id,
    amount: terms.earning.per_submission,
    source: 'form_submitted',
    at: command.at,
    submission_id: command.submission_id,
  });
}

function rewardOf(terms: LoyaltyTerms, rewardId: string) {
  const reward = terms.reward_list.find((candidate) => candidate.reward_id === rewardId);
  if (!reward) throw new DomainError('loyalty_reward_not_found', 'No such reward in this programme.', { field: 'body.reward_id' });
  return reward;
}

const inStock = (state: LoyaltyProgrammeState, reward: { reward_id: string; stock: number | null }): boolean =>
  reward.stock === null || (state.redeemed.get(reward.reward_id) ?? 0) < reward.stock;

function redeemReward(state: LoyaltyProgrammeState, terms: LoyaltyTerms, command: RedeemReward): LoyaltyProgrammeEvent[] {
  if (command.actor !== null) mayChange(command.actor);
  const member = memberOf(state, command.card_id);
  if (command.request_id !== null && member.request_ids.includes(command.request_id)) return [];
  const reward = rewardOf(terms, command.reward_id);
  if (!inStock(state, reward)) throw new DomainError('loyalty_out_of_stock', `${reward.name} is out of stock.`);
  if (member.balance < reward.price) {
    throw new DomainError('loyalty_insufficient_balance', `${reward.name} takes ${reward.price}; the card holds ${member.balance}.`, {
      balance: member.balance,
      price: reward.price,
    });
  }
  const redeemed: LoyaltyRewardRedeemed = {
    type: 'LoyaltyRewardRedeemed',
    data: {
      card_id: member.card_id,
      reward_id: reward.reward_id,
      reward_name: reward.name,
      price: reward.price,
      exchange_id: command.exchange_id,
      at: command.at,
      by: command.actor?.id ?? null,
      request_id: command.request_id,
      campaign_reward_id: null,
    },
  };
  return [redeemed];
}

/** A game's prize: no points, but the reward's stock, which the game's own prize stock does not know of. */
function grantReward(state: LoyaltyProgrammeState, terms: LoyaltyTerms, command: GrantReward): LoyaltyProgrammeEvent[] {
  if (state.grants.has(command.exchange_id)) return [];
  const member = memberOf(state, command.card_id);
  const reward = rewardOf(terms, command.reward_id);
  if (!inStock(state, reward)) throw new DomainError('loyalty_out_of_stock', `${reward.name} is out of stock.`);
  const { exchange_id, game_id, play_id, at } = command;
  return [
    {
      type: 'LoyaltyRewardGranted',
      data: { card_id: member.card_id, reward_id: reward.reward_id, reward_name: reward.name, exchange_id, game_id, play_id, at },
    },
  ];
}

function claimCampaignReward(state: LoyaltyProgrammeState, terms: LoyaltyTerms, command: ClaimCampaignReward): LoyaltyProgrammeEvent[] {
  const member = memberOf(state, command.card_id);
  const campaign = terms.campaign_rewards.find((candidate) => candidate.code_id === command.code_id && candidate.action === command.action);
  if (!campaign) throw new DomainError('loyalty_campaign_reward_not_found', 'No campaign reward for this action on this code.');
  if (member.granted.has(campaign.campaign_reward_id)) throw new DomainError('loyalty_reward_already_granted', `You have had ${campaign.name} already.`);
  const progress =
    command.action === 'scanned' ? member.scans : command.action === 'referred_friend' ? member.referrals_converted : command.submission_checked ? 1 : 0;
  if (progress < campaign.times) {
    throw new DomainError('loyalty_action_not_done', `${campaign.name} comes after ${campaign.times}: this card is at ${progress}.`, {
      progress,
      times: campaign.times,
    });
  }
  const { campaign_reward_id } = campaign;
  const events: LoyaltyProgrammeEvent[] = [{ type: 'LoyaltyCampaignRewardGranted', data: { campaign_reward_id, card_id: member.card_id, at: command.at } }];
  if (campaign.points > 0)
    events.push(credited({ card_id: member.card_id, amount: campaign.points, source: 'campaign_reward', at: command.at, campaign_reward_id }));
  // A gift out of stock is not given: the grant still counts, and the card's history shows what it gave.
  const counted = new Map<string, number>();
  campaign.reward_list.forEach((rewardId, index) => {
    const reward = terms.reward_list.find((candidate) => candidate.reward_id === rewardId);
    const exchangeId = command.exchange_ids[index];
    if (!reward || exchangeId === undefined) return;
    const taken = counted.get(rewardId) ?? 0;
    if (reward.stock !== null && (state.redeemed.get(rewardId) ?? 0) + taken >= reward.stock) return;
    counted.set(rewardId, taken + 1);
    events.push({
      type: 'LoyaltyRewardRedeemed',
      data: {
        card_id: member.card_id,
        reward_id: rewardId,
        reward_name: reward.name,
        price: 0,
        exchange_id: exchangeId,
        at: command.at,
        by: null,
        request_id: null,
        campaign_reward_id,
      },
    });
  });
  return events;
}

function decide(command: LoyaltyProgrammeCommand, state: LoyaltyProgrammeState): LoyaltyProgrammeEvent[] {
  if (command.type === 'CreateProgramme') {
    mayChange(command.actor);
    // Only a reused programme_id gets here; answer as the store's `no_stream` append would.
    if (state.status !== null) throw new DomainError('wrong_expected_version', `Programme ${command.programme_id} already exists.`);
    const { programme_id, org_id, code_id, terms } = command;
    return [{ type: 'LoyaltyProgrammeCreated', data: { programme_id, org_id, code_id, terms, created_by: command.actor.id } }];
  }
  if (state.status !== 'live' || state.terms === null) throw programmeNotFound();
  const { terms } = state;
  switch (command.type) {
    case 'UpdateProgramme':
      mayChange(command.actor);
      return [{ type: 'LoyaltyProgrammeUpdated', data: { terms: command.terms, updated_by: command.actor.id } }];
    case 'DeleteProgramme':
      mayChange(command.actor);
      return [{ type: 'LoyaltyProgrammeDeleted', data: { deleted_by: command.actor.id } }];
    case 'RegisterMember':
      return register(state, command);
    case 'AddReferral':
      return addReferral(state, command);
    case 'CollectStamp':
      return collectStamp(state, terms, command);
    case 'PostCard':
      return postCard(state, terms, command);
    case 'CreditSubmission':
      return creditSubmission(state, terms, command);
    case 'RedeemReward':
      return redeemReward(state, terms, command);
    case 'ClaimCampaignReward':
      return claimCampaignReward(state, terms, command);
    case 'GrantReward':
      return grantReward(state, terms, command);
  }
}

export const loyaltyProgrammeDecider: Decider<LoyaltyProgrammeCommand, LoyaltyProgrammeEvent, LoyaltyProgrammeState> = {
  get initialState() {
    return emptyState();
  },
  evolve,
  decide,
};

/** A member's card as the programme's terms name it: for the answers of the commands that move it. */
export function cardOf(state: LoyaltyProgrammeState, cardId: string) {
  const member = memberOf(state, cardId);
  const terms = state.terms;
  const { tier, next } = tierOf(terms?.tiers ?? [], member.lifetime);
  return { member, tier: tier?.name ?? null, next_tier: next, next_stamp_at: nextStampAt(terms, member.last_stamp_at) };
}
