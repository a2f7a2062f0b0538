import { LoyaltyTerms, type LoyaltyAction, type LoyaltyKind, type ReferralAction } from '@qr/contracts';
import { browserTimeZone } from '../promos';

/**
 * What the programme form holds while staff type: numbers as the inputs give them (a string while
 * empty or half typed), turned into LoyaltyTerms' input only on submit, so an emptied price is
 * refused by name rather than sent as 0. Each row of a list keeps its id as its React key.
 */
export interface TierDraft {
  key: string;
  name: string;
  threshold: number | string;
}

export interface RewardDraft {
  reward_id: string;
  name: string;
  description: string;
  price: number | string;
  /** Empty: no limit. */
  stock: number | string;
}

export interface CampaignRewardDraft {
  campaign_reward_id: string;
  name: string;
  code_id: string;
  action: LoyaltyAction;
  times: number | string;
  points: number | string;
  reward_list: string[];
}

export interface ProgrammeDraft {
  name: string;
  description: string;
  kind: LoyaltyKind;
  stamps_required: number | string;
  per_scan: number | string;
  per_submission: number | string;
  per_currency_unit: number | string;
  currency: string;
  min_interval_minutes: number | string;
  tiers: TierDraft[];
  rewards: RewardDraft[];
  campaigns: CampaignRewardDraft[];
  has_referral: boolean;
  referrer_points: number | string;
  friend_points: number | string;
  referral_action: ReferralAction;
  time_zone: string;
}

const DEFAULTS = LoyaltyTerms.parse({ name: 'x', kind: 'stamps' });

export const emptyProgramme = (): ProgrammeDraft => ({
  name: '',
  description: '',
  kind: 'stamps',
  stamps_required: DEFAULTS.stamps_required,
  per_scan: DEFAULTS.earning.per_scan,
  per_submission: DEFAULTS.earning.per_submission,
  per_currency_unit: DEFAULTS.earning.per_currency_unit,
  currency: DEFAULTS.earning.currency,
  min_interval_minutes: DEFAULTS.min_interval_minutes,
  tiers: [],
  rewards: [],
  campaigns: [],
  has_referral: false,
  referrer_points: 1,
  friend_points: 0,
  referral_action: 'any',
  time_zone: browserTimeZone(),
});

export const newTier = (): TierDraft => ({ key: crypto.randomUUID(), name: '', threshold: '' });
/** A reward's id is drawn here, once: campaign rewards name it, and the API keeps it. */
export const newReward = (): RewardDraft => ({ reward_id: crypto.randomUUID(), name: '', description: '', price: '', stock: '' });
export const newCampaignReward = (codeId: string): CampaignRewardDraft => ({
  campaign_reward_id: crypto.randomUUID(),
  name: '',
  code_id: codeId,
  action: 'form_submitted',
  times: 1,
  points: 0,
  reward_list: [],
});

/** An empty input is "none" (null) where the contract allows none, and missing (so refused by name) where it does not. */
const numberOr = <Empty>(value: number | string, empty: Empty): number | Empty => (value === '' ? empty : Number(value));

/** The draft in the shape of LoyaltyTerms' input, for the contract to check. */
export function termsOf(draft: ProgrammeDraft): unknown {
  return {
    name: draft.name,
    description: draft.description,
    kind: draft.kind,
    stamps_required: numberOr(draft.stamps_required, undefined),
    earning: {
      per_scan: numberOr(draft.per_scan, 0),
      per_submission: numberOr(draft.per_submission, 0),
      per_currency_unit: numberOr(draft.per_currency_unit, 0),
      currency: draft.currency.trim().toUpperCase(),
    },
    min_interval_minutes: numberOr(draft.min_interval_minutes, 0),
    tiers: draft.tiers.map((tier) => ({ name: tier.name, threshold: numberOr(tier.threshold, undefined) })),
    reward_list: draft.rewards.map((reward) => ({
      reward_id: reward.reward_id,
      name: reward.name,
      description: reward.description,
      price: numberOr(reward.price, undefined),
      stock: numberOr(reward.stock, null),
    })),
    campaign_rewards: draft.campaigns.map((campaign) => ({
      campaign_reward_id: campaign.campaign_reward_id,
      name: campaign.name,
      code_id: campaign.code_id.trim(),
      action: campaign.action,
      times: numberOr(campaign.times, undefined),
      points: numberOr(campaign.points, 0),
      // A reward taken off the list since it was ticked is not sent.
      reward_list: campaign.reward_list.filter((rewardId) => draft.rewards.some((reward) => reward.reward_id === rewardId)),
    })),
    referral: draft.has_referral
      ? { referrer_points: numberOr(draft.referrer_points, 0), friend_points: numberOr(draft.friend_points, 0), action: draft.referral_action }
      : null,
    time_zone: draft.time_zone,
  };
}

/** A saved programme's terms, back in the form's shape for editing. */
export function draftOf(terms: LoyaltyTerms): ProgrammeDraft {
  return {
    name: terms.name,
    description: terms.description,
    kind: terms.kind,
    stamps_required: terms.stamps_required,
    per_scan: terms.earning.per_scan,
    per_submission: terms.earning.per_submission,
    per_currency_unit: terms.earning.per_currency_unit,
    currency: terms.earning.currency,
    min_interval_minutes: terms.min_interval_minutes,
    tiers: terms.tiers.map((tier) => ({ key: crypto.randomUUID(), ...tier })),
    rewards: terms.reward_list.map((reward) => ({ ...reward, stock: reward.stock ?? '' })),
    campaigns: terms.campaign_rewards.map((campaign) => ({ ...campaign })),
    has_referral: terms.referral !== null,
    referrer_points: terms.referral?.referrer_points ?? 1,
    friend_points: terms.referral?.friend_points ?? 0,
    referral_action: terms.referral?.action ?? 'any',
    time_zone: terms.time_zone,
  };
}

/** What a programme counts in, as its texts say it. */
export const unitOf = (kind: LoyaltyKind, count = 2): string => (kind === 'stamps' ? (count === 1 ? 'stamp' : 'stamps') : count === 1 ? 'point' : 'points');
/** The same at the start of a label. */
export const unitTitleOf = (kind: LoyaltyKind): string => (kind === 'stamps' ? 'Stamps' : 'Points');
