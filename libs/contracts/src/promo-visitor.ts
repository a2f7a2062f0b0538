// Free of zod, for the landing page's bundle (as brand-style.ts is): a page's promo block needs
// these, and importing promos.ts would bring its schemas and zod with it.

/** Longest promo code a visitor types or a pattern builds. */
export const PROMO_CODE_MAX_LENGTH = 40;

/**
 * The one normal form of a promo code: what a visitor types on any keyboard (full-width digits, a
 * trailing space, lower case) is the code staff printed.
 */
export const normalPromoCode = (typed: string): string => typed.normalize('NFKC').trim().toUpperCase();

/** Every reason a validation says no, in the order the campaign's decider checks them. */
export const PROMO_REFUSAL_REASONS = [
  'unknown',
  'not_yet_valid',
  'expired',
  'outside_hours',
  'used_up',
  'already_used_by_you',
  'outside_area',
  'needs_master_key',
] as const;

/** What the visitor reads for each reason. */
export const PROMO_REFUSAL_TEXTS: Record<(typeof PROMO_REFUSAL_REASONS)[number], string> = {
  unknown: 'We do not know this code. Check how it is spelt and try again.',
  not_yet_valid: 'This code is not valid yet. Come back when the offer starts.',
  expired: 'This offer has ended.',
  outside_hours: 'This code is not valid at this time. Check the offer’s days and hours.',
  used_up: 'This code has been used up.',
  already_used_by_you: 'You have already used this code.',
  outside_area: 'This code is only valid at the venue. Come closer and try again.',
  needs_master_key: 'Show this screen at the counter: staff will unlock your code with their key.',
};
