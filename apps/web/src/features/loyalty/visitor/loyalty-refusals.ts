import type { ErrorCode } from '@qr/contracts';
import { ApiProblem, describeError } from '../../../api/api-problem';

type LoyaltyCode = Extract<ErrorCode, `loyalty_${string}`>;

/** What the visitor reads for each refusal of the card page's calls, in words that say what to do next. */
const REFUSAL_TEXTS: Record<LoyaltyCode, string> = {
  loyalty_programme_not_found: 'This loyalty card is no longer offered here.',
  loyalty_member_not_found: 'This phone’s card is no longer known here. Join again, or ask at the counter.',
  loyalty_reward_not_found: 'This reward is no longer offered. Reload the page to see the rewards there are now.',
  loyalty_campaign_reward_not_found: 'This reward is no longer offered here.',
  loyalty_exchange_not_found: 'This exchange could not be found. Ask at the counter.',
  loyalty_already_member: 'There is already a card for this email or phone number, kept on another phone. Ask at the counter: staff can find your card.',
  loyalty_too_soon: 'Too soon for another stamp.',
  loyalty_insufficient_balance: 'Your card does not have enough for this reward yet.',
  loyalty_out_of_stock: 'This reward has all been given out.',
  loyalty_venue_code_invalid: 'This is not today’s code. Scan the code at the counter again.',
  loyalty_self_referral: 'This invitation is your own: you cannot invite yourself. Press Join again to join without it.',
  loyalty_already_referred: 'Someone has invited you already. Press Join again to join without this invitation.',
  loyalty_reward_already_granted: 'You have had this reward already.',
  loyalty_action_not_done: 'Not yet: this reward is for something still to do.',
  loyalty_submission_not_found: 'Your form has not reached us yet. Wait a moment and try again.',
};

const isLoyaltyCode = (code: string | undefined): code is LoyaltyCode => code !== undefined && code in REFUSAL_TEXTS;

/** The stable code of a refusal, when the API sent one. */
export const refusalCode = (error: unknown): string | undefined => (error instanceof ApiProblem ? error.code : undefined);

/** A refusal in plain words; anything else (a lost connection, a rate limit) as the API or the browser put it. */
export function inWords(error: unknown): string {
  const code = refusalCode(error);
  if (isLoyaltyCode(code)) return REFUSAL_TEXTS[code];
  if (code === 'rate_limited') return 'Too many tries from this phone. Wait a minute and try again.';
  return describeError(error);
}
