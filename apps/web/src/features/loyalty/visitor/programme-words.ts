import type { LoyaltyAction, LoyaltyHistoryEntry, LoyaltyKind, PublicProgrammeView, ReferralAction } from '@qr/contracts';

/** An amount in the programme's unit: “1 stamp”, “12 points”. */
export function inUnits(kind: LoyaltyKind, amount: number): string {
  const unit = kind === 'stamps' ? 'stamp' : 'point';
  return `${amount.toLocaleString()} ${unit}${Math.abs(amount) === 1 ? '' : 's'}`;
}

/** A minimum interval in the largest whole unit, to follow “every”: “30 minutes”, “hour”, “2 days”. */
export function intervalInWords(minutes: number): string {
  const [count, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return count === 1 ? unit : `${count} ${unit}s`;
}

/** How a member earns, one line per way, in the visitor's locale for money. */
export function earningInWords({ kind, earning, min_interval_minutes }: PublicProgrammeView): string[] {
  const lines: string[] = [];
  if (earning.per_scan > 0) {
    const limit = min_interval_minutes > 0 ? ` (at most one every ${intervalInWords(min_interval_minutes)})` : '';
    lines.push(`${inUnits(kind, earning.per_scan)} each visit: scan the code at the counter${limit}.`);
  }
  if (earning.per_submission > 0) lines.push(`${inUnits(kind, earning.per_submission)} for each form you send.`);
  if (earning.per_currency_unit > 0) {
    const unit = new Intl.NumberFormat(undefined, { style: 'currency', currency: earning.currency }).format(1);
    lines.push(`${earning.per_currency_unit.toLocaleString()} ${kind === 'stamps' ? 'stamps' : 'points'} for every ${unit} you spend.`);
  }
  return lines;
}

const ACTIONS: Record<LoyaltyAction, (times: number) => string> = {
  form_submitted: () => 'for sending the form',
  scanned: (times) => (times === 1 ? 'for scanning the code' : `for scanning the code ${times} times`),
  referred_friend: (times) => (times === 1 ? 'for inviting a friend who joins' : `for inviting ${times} friends who join`),
};

export const campaignInWords = (kind: LoyaltyKind, { action, times, points }: PublicProgrammeView['campaign_rewards'][number]): string =>
  [points > 0 ? inUnits(kind, points) : 'A reward', ACTIONS[action](times)].join(' ');

const CONVERSIONS: Record<ReferralAction, string> = {
  any: 'once they earn for the first time',
  scan: 'once they first scan the code at the counter',
  form_submitted: 'once they first send the form',
  purchase: 'once they first make a purchase',
};

/** The referral terms in a sentence or two; none when nobody gets anything. */
export function referralInWords(kind: LoyaltyKind, referral: NonNullable<PublicProgrammeView['referral']>): string[] {
  const lines: string[] = [];
  if (referral.referrer_points > 0) lines.push(`Invite a friend: you get ${inUnits(kind, referral.referrer_points)} ${CONVERSIONS[referral.action]}.`);
  if (referral.friend_points > 0) lines.push(`A friend you invite gets ${inUnits(kind, referral.friend_points)} once they earn for the first time too.`);
  return lines;
}

const SOURCES: Record<NonNullable<LoyaltyHistoryEntry['source']>, string> = {
  scan: 'Visit',
  form_submitted: 'Form sent',
  purchase: 'Purchase',
  staff: 'Given at the counter',
  correction: 'Correction',
  campaign_reward: 'Campaign reward',
  referral: 'Referral',
};

/** A line of the card's history as its holder reads it. */
export function historyInWords(entry: LoyaltyHistoryEntry): string {
  switch (entry.kind) {
    case 'joined':
      return 'Joined';
    case 'redeemed':
      return `Redeemed: ${entry.reward_name ?? 'a reward'}`;
    case 'credited':
      return entry.source ? SOURCES[entry.source] : 'Added';
  }
}

export const whenInWords = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
