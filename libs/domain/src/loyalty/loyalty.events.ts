import type { LoyaltySource, LoyaltyTerms, ReferralAction, ReferralFlag } from '@qr/contracts';

/**
 * Everything that happens to a loyalty programme, on its one stream `loyalty-programme-<id>`: the
 * stream owns every balance and every reward's stock, so that a redemption is decided against both at
 * once (docs/decisions/030). A member's contact details stay in its events for the card's history;
 * the referral's network is a keyed hash, never an address.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type LoyaltyProgrammeCreated = Event<
  'LoyaltyProgrammeCreated',
  { programme_id: string; org_id: string; code_id: string; terms: LoyaltyTerms; created_by: string }
>;
/** Carries all the terms after the change, so a read model overwrites rather than merges. */
export type LoyaltyProgrammeUpdated = Event<'LoyaltyProgrammeUpdated', { terms: LoyaltyTerms; updated_by: string }>;
export type LoyaltyProgrammeDeleted = Event<'LoyaltyProgrammeDeleted', { deleted_by: string }>;

export type LoyaltyMemberJoined = Event<
  'LoyaltyMemberJoined',
  { card_id: string; email: string | null; phone: string | null; name: string | null; at: string }
>;

/** A movement of a balance upwards (or a staff correction either way); `amount` is never 0. */
export type LoyaltyCredited = Event<
  'LoyaltyCredited',
  {
    card_id: string;
    amount: number;
    source: LoyaltySource;
    at: string;
    /** The staff member who posted it, for `staff` and `purchase`. */
    by: string | null;
    note: string | null;
    request_id: string | null;
    purchase_amount: number | null;
    submission_id: string | null;
    referral_id: string | null;
    campaign_reward_id: string | null;
  }
>;

/** A reward exchanged for `price` of the balance (0 when a campaign reward gave it), taking one of its stock. */
export type LoyaltyRewardRedeemed = Event<
  'LoyaltyRewardRedeemed',
  {
    card_id: string;
    reward_id: string;
    reward_name: string;
    price: number;
    exchange_id: string;
    at: string;
    by: string | null;
    request_id: string | null;
    campaign_reward_id: string | null;
  }
>;

/**
 * A reward a game's prize gave the card (issue 58): an exchange like a redemption's, with no points
 * spent, taking one of the reward's stock. Its own event rather than a redemption with a new field,
 * so the redemptions already stored keep their shape and the card's history can say where it came from.
 */
export type LoyaltyRewardGranted = Event<
  'LoyaltyRewardGranted',
  { card_id: string; reward_id: string; reward_name: string; exchange_id: string; game_id: string; play_id: string; at: string }
>;

export interface ReferralFlagRecord {
  rule: ReferralFlag;
  why: string;
}

/**
 * A friend referred by a referrer, each named by their contact key (`email:…` or `phone:…`).
 * Flags fired when it was recorded; a flagged referral converts without rewarding anyone.
 */
export type LoyaltyReferralRecorded = Event<
  'LoyaltyReferralRecorded',
  {
    referral_id: string;
    referrer: string;
    referrer_card_id: string | null;
    friend: string;
    friend_card_id: string | null;
    action: ReferralAction;
    flags: ReferralFlagRecord[];
    /** A keyed hash of the request's network (a /24 or /48), for the burst rule; null from staff or scripts. */
    network: string | null;
    at: string;
  }
>;

/** The friend's first qualifying action: the referral counts, and rewards follow as LoyaltyCredited unless it was flagged. */
export type LoyaltyReferralConverted = Event<
  'LoyaltyReferralConverted',
  { referral_id: string; friend_card_id: string; referrer_card_id: string | null; rewarded: boolean; at: string }
>;

/** Once per member and campaign reward; what it gave follows as LoyaltyCredited and LoyaltyRewardRedeemed. */
export type LoyaltyCampaignRewardGranted = Event<'LoyaltyCampaignRewardGranted', { campaign_reward_id: string; card_id: string; at: string }>;

export type LoyaltyProgrammeEvent =
  | LoyaltyProgrammeCreated
  | LoyaltyProgrammeUpdated
  | LoyaltyProgrammeDeleted
  | LoyaltyMemberJoined
  | LoyaltyCredited
  | LoyaltyRewardRedeemed
  | LoyaltyRewardGranted
  | LoyaltyReferralRecorded
  | LoyaltyReferralConverted
  | LoyaltyCampaignRewardGranted;

export const loyaltyProgrammeStreamId = (programmeId: string): string => `loyalty-programme-${programmeId}`;

/** How a member is found by a contact detail; a referral names both sides this way. */
export const contactKey = (contact: { email?: string | null; phone?: string | null }): string | null =>
  contact.email ? `email:${contact.email.toLowerCase()}` : contact.phone ? `phone:${contact.phone}` : null;
