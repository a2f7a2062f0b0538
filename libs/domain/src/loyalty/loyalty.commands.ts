import type { LoyaltyAction, LoyaltyTerms, ReferralAction } from '@qr/contracts';
import type { CodeActor } from '../codes';

/** `programme_id` is drawn by the handler, which has checked that the code is the organisation's. */
export interface CreateProgramme {
  type: 'CreateProgramme';
  actor: CodeActor;
  at: string;
  programme_id: string;
  org_id: string;
  code_id: string;
  terms: LoyaltyTerms;
}

export interface UpdateProgramme {
  type: 'UpdateProgramme';
  actor: CodeActor;
  at: string;
  terms: LoyaltyTerms;
}

export interface DeleteProgramme {
  type: 'DeleteProgramme';
  actor: CodeActor;
  at: string;
}

/** A referral as the handler read it: the referrer by contact key, the request's network hashed. */
export interface ReferralClaim {
  referral_id: string;
  referrer: string;
  /** Null: what the programme's referral terms wait for, as the stream holds them. */
  action: ReferralAction | null;
  network: string | null;
}

/** Spec §7 "register reward": `card_id` is drawn by the handler; at least one of email and phone. */
export interface RegisterMember {
  type: 'RegisterMember';
  card_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  at: string;
  referral: ReferralClaim | null;
}

/** Spec §7 "add referral" and "refer subscription": the friend by contact key, member or not yet. */
export interface AddReferral extends ReferralClaim {
  type: 'AddReferral';
  friend: string;
  at: string;
}

/** A stamp from scanning today's venue code: the handler has checked the code. */
export interface CollectStamp {
  type: 'CollectStamp';
  card_id: string;
  at: string;
}

/** Spec §7 "post card" from the counter. */
export interface PostCard {
  type: 'PostCard';
  actor: CodeActor;
  card_id: string;
  at: string;
  request_id: string;
  entry:
    | { kind: 'stamp'; note: string | null }
    | { kind: 'purchase'; purchase_amount: number; note: string | null }
    | { kind: 'correction'; amount: number; note: string };
}

/** The card's holder sent the programme code's form: the handler has found the submission and its code. */
export interface CreditSubmission {
  type: 'CreditSubmission';
  card_id: string;
  submission_id: string;
  at: string;
}

/** Spec §7 "redeem rewards", by the card's holder (`actor` null) or at the counter. `exchange_id` is drawn by the handler. */
export interface RedeemReward {
  type: 'RedeemReward';
  actor: CodeActor | null;
  card_id: string;
  reward_id: string;
  exchange_id: string;
  request_id: string | null;
  at: string;
}

/**
 * Spec §7 "campaign reward". For `form_submitted` the handler has checked that the card's holder
 * submitted the code's form (`submission_checked`); scans and referrals are the stream's own counts.
 * `exchange_ids` are drawn by the handler, one per reward the campaign gives.
 */
export interface ClaimCampaignReward {
  type: 'ClaimCampaignReward';
  card_id: string;
  code_id: string;
  action: LoyaltyAction;
  submission_checked: boolean;
  exchange_ids: string[];
  at: string;
}

/**
 * A reward given to a card with no points spent, by another context's prize (a game's, issue 58):
 * `exchange_id` is drawn there and recorded on its own stream first, so a repeat names the same
 * exchange and decides nothing.
 */
export interface GrantReward {
  type: 'GrantReward';
  card_id: string;
  reward_id: string;
  exchange_id: string;
  game_id: string;
  play_id: string;
  at: string;
}

/** Every command carries its time: the serialised stream dates its events by it. */
export type LoyaltyProgrammeCommand =
  | CreateProgramme
  | UpdateProgramme
  | DeleteProgramme
  | RegisterMember
  | AddReferral
  | CollectStamp
  | PostCard
  | CreditSubmission
  | RedeemReward
  | ClaimCampaignReward
  | GrantReward;
