import { REFERRAL_NETWORK_LIMIT, REFERRAL_NETWORK_WINDOW_DAYS, REFERRAL_SIMILAR_DISTANCE } from '@qr/contracts';
import { distance } from 'fastest-levenshtein';
import type { ReferralFlagRecord } from './loyalty.events';

const WINDOW_MS = REFERRAL_NETWORK_WINDOW_DAYS * 24 * 3600_000;

/** An email's mailbox as most providers deliver it: dots and a `+tag` in the local part do not make another person. */
export function canonicalEmail(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.split('+')[0]?.replace(/\./g, '') ?? ''}@${domain}`;
}

const emailOf = (contact: string): string | null => (contact.startsWith('email:') ? contact.slice('email:'.length) : null);

/**
 * Why a friend's and a referrer's emails look like one person's (Smile.io's "similar emails"): the
 * same mailbox once dots and tags are dropped, or local parts a couple of edits apart at one domain.
 */
export function similarEmails(friend: string, referrer: string): string | null {
  const [a, b] = [emailOf(friend), emailOf(referrer)];
  if (a === null || b === null) return null;
  const [canonicalA, canonicalB] = [canonicalEmail(a), canonicalEmail(b)];
  if (canonicalA === canonicalB) return `${a} is the mailbox of ${b} with dots or a +tag added.`;
  const [localA = '', domainA] = canonicalA.split('@');
  const [localB = '', domainB] = canonicalB.split('@');
  if (domainA !== domainB) return null;
  const edits = distance(localA, localB);
  return edits <= REFERRAL_SIMILAR_DISTANCE ? `${a} differs from ${b} by ${edits} character${edits === 1 ? '' : 's'}.` : null;
}

/**
 * Referrals recorded from one network within the window, newest last (ms). The referral being
 * recorded is flagged when it is at least the limit's: many sign-ups from one place in a week are
 * one person more often than a crowd of friends.
 */
export function networkBurst(recent: readonly number[], at: number): string | null {
  const within = recent.filter((time) => time > at - WINDOW_MS).length;
  if (within + 1 < REFERRAL_NETWORK_LIMIT) return null;
  return `Referral ${within + 1} from one network in ${REFERRAL_NETWORK_WINDOW_DAYS} days (the rule fires from ${REFERRAL_NETWORK_LIMIT}).`;
}

/** The rules that fire for a referral, each with why; `memberSince` is when the friend joined, if before the referral. */
export function referralFlags(input: {
  friend: string;
  referrer: string;
  recentFromNetwork: readonly number[];
  at: number;
  memberSince: string | null;
}): ReferralFlagRecord[] {
  const flags: ReferralFlagRecord[] = [];
  const similar = similarEmails(input.friend, input.referrer);
  if (similar !== null) flags.push({ rule: 'similar_email', why: similar });
  const burst = networkBurst(input.recentFromNetwork, input.at);
  if (burst !== null) flags.push({ rule: 'network_burst', why: burst });
  if (input.memberSince !== null)
    flags.push({ rule: 'already_member', why: `The friend had a card since ${input.memberSince.slice(0, 10)}, before the referral.` });
  return flags;
}
