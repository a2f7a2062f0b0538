import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';
import { Email, TimeZone } from './identity';
import { orNull } from './openapi-shapes';

/**
 * The loyalty context's HTTP contract (spec §1 "loyalty, rewards and referrals", §3 Rewards,
 * Referral and Exchange, §7 "Rewards, games, promos"): a programme on a QR code (a stamp card or
 * points), its members and their cards, the reward list, campaign rewards and referrals.
 */

/** Most stamps one card holds; more is a points programme. */
export const MAX_STAMPS = 50;
/** Most rewards in one programme's reward list, tiers in its ladder and campaign rewards on it. */
export const MAX_REWARDS = 50;
export const MAX_TIERS = 10;
export const MAX_CAMPAIGN_REWARDS = 20;
/** Most rewards of the reward list one campaign reward hands over. */
export const MAX_CAMPAIGN_GIFTS = 10;
/** Most points one earning or one staff adjustment may move. */
export const MAX_POINTS_MOVE = 100_000;
/** The longest minimum time between two stamps from one visitor: a week. */
export const MAX_STAMP_INTERVAL_MINUTES = 7 * 24 * 60;
/** Referrals from one network within this window, from the count on, are flagged (Smile.io's rule). */
export const REFERRAL_NETWORK_WINDOW_DAYS = 7;
export const REFERRAL_NETWORK_LIMIT = 10;
/** Two emails at one domain whose local parts are this close (edits) are near-identical. */
export const REFERRAL_SIMILAR_DISTANCE = 2;

/**
 * Where a visitor's browser keeps the card id of a programme (spec §3 Rewards: `{product}_card_id`,
 * the product being the programme): the card is a bearer credential held by the phone that joined.
 */
export const loyaltyCardStorageKey = (programmeId: string): string => `${programmeId}_card_id`;

/** A referral link carries the referrer's email encoded in it (spec §3 Referral), decoded on the friend's phone. */
export const REFERRAL_LINK_PARAM = 'ref';
/** The venue's rotating code reaches the card page in this query parameter. */
export const VENUE_CODE_PARAM = 'venue';

/** UTF-8 safe base64url, the same in the browser and in Node (no Buffer). */
export function encodeReferralEmail(email: string): string {
  const bytes = new TextEncoder().encode(email);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The email a referral link carries, or null when the parameter is not one. */
export function decodeReferralEmail(encoded: string): string | null {
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const email = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    return Email.safeParse(email).success ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

const PHONE_HINT = 'Use a phone number in international form, such as +44 20 7946 0958.';
/** What people type around the digits of a number; E.164 itself is `+` and 7 to 15 digits, the first not 0. */
const PHONE_FORMATTING = /[\s().-]/g;
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number in international form, stored as E.164 so that `+44 20 7946 0958` and
 * `+442079460958` are one visitor. The shape only: a numbering-plan library would add 19 kB to
 * every visitor page, which imports the contracts (the messaging provider checks the number).
 */
export const E164Phone = z
  .string({ error: PHONE_HINT })
  .max(32, { error: PHONE_HINT })
  .transform((text) => text.replace(PHONE_FORMATTING, ''))
  .pipe(z.string().regex(E164, { error: PHONE_HINT }))
  .meta({ id: 'E164Phone' });

export const LoyaltyKind = z.enum(['stamps', 'points']).meta({ id: 'LoyaltyKind' });
export type LoyaltyKind = z.infer<typeof LoyaltyKind>;

/** Where a balance's movement came from (`staff`: a stamp given at the counter); each is a line of the member's history. */
export const LOYALTY_SOURCES = ['scan', 'form_submitted', 'purchase', 'staff', 'correction', 'campaign_reward', 'referral'] as const;
export const LoyaltySource = z.enum(LOYALTY_SOURCES).meta({ id: 'LoyaltySource' });
export type LoyaltySource = z.infer<typeof LoyaltySource>;

/** What a visitor does on a code that a campaign reward (or a referral's conversion) waits for (spec §3 Rewards `action`). */
export const LOYALTY_ACTIONS = ['form_submitted', 'scanned', 'referred_friend'] as const;
export const LoyaltyAction = z.enum(LOYALTY_ACTIONS).meta({ id: 'LoyaltyAction' });
export type LoyaltyAction = z.infer<typeof LoyaltyAction>;

/** The friend's first action that converts a referral: their first earning of any kind, or one in particular. */
export const ReferralAction = z.enum(['any', 'scan', 'form_submitted', 'purchase']).meta({ id: 'ReferralAction' });
export type ReferralAction = z.infer<typeof ReferralAction>;

const Count = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} is a whole number.` })
    .int({ error: `${what} is a whole number.` })
    .min(min, { error: `${what} is at least ${min}.` })
    .max(max, { error: `${what} is at most ${max.toLocaleString('en')}.` });

const Name = (what: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, { error: `Give the ${what} a name.` })
    .max(max, { error: `A name has at most ${max} characters.` });

export const RewardId = z.uuid({ error: 'A reward id is a UUID.' }).meta({ id: 'RewardId' });

/** One entry of the reward list (spec §3 Rewards `reward_list`): its price in stamps or points, and its stock. */
export const LoyaltyReward = z
  .strictObject({
    reward_id: RewardId,
    name: Name('reward', 80),
    description: z.string().trim().max(500).default(''),
    price: Count(1, MAX_POINTS_MOVE, 'A price'),
    /** How many may ever be redeemed; null for no limit. */
    stock: Count(0, 10_000_000, 'A stock').nullable().default(null),
  })
  .meta({ id: 'LoyaltyReward' });
export type LoyaltyReward = z.infer<typeof LoyaltyReward>;

export const LoyaltyTier = z
  .strictObject({ name: Name('tier', 40), threshold: Count(1, 100_000_000, 'A threshold') })
  .meta({ id: 'LoyaltyTier', description: 'Reached once the member has earned `threshold` in all (redemptions do not lower it).' });
export type LoyaltyTier = z.infer<typeof LoyaltyTier>;

/** How much each action earns; a stamp card earns stamps, a points programme points. */
export const LoyaltyEarning = z
  .strictObject({
    per_scan: Count(0, MAX_POINTS_MOVE, 'An earning').default(1),
    per_submission: Count(0, MAX_POINTS_MOVE, 'An earning').default(0),
    /** Points per whole unit of a purchase staff record (0: purchases earn nothing). */
    per_currency_unit: z
      .number({ error: 'An earning per unit is a number.' })
      .min(0, { error: 'An earning per unit is not negative.' })
      .max(1000, { error: 'An earning per unit is at most 1,000.' })
      .default(0),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'A currency is three capital letters (ISO 4217), e.g. EUR.' })
      .default('EUR'),
  })
  .meta({ id: 'LoyaltyEarning' });
export type LoyaltyEarning = z.infer<typeof LoyaltyEarning>;

export const CampaignRewardId = z.uuid({ error: 'A campaign reward id is a UUID.' }).meta({ id: 'CampaignRewardId' });

/** Spec §7 "campaign reward" (`reward_list`, `code_id`, `action`): granted once per member for an action on a code. */
export const CampaignReward = z
  .strictObject({
    campaign_reward_id: CampaignRewardId,
    name: Name('campaign reward', 80),
    code_id: CodeId,
    action: LoyaltyAction,
    /** Scans (of the venue code) or converted referrals needed; a form is submitted once. */
    times: Count(1, 1000, 'A count').default(1),
    points: Count(0, MAX_POINTS_MOVE, 'A grant').default(0),
    /** Rewards of the reward list handed over free, each taking one of its stock. */
    reward_list: z.array(RewardId).max(MAX_CAMPAIGN_GIFTS).default([]),
  })
  .refine(({ points, reward_list }) => points > 0 || reward_list.length > 0, { error: 'Grant points, a reward, or both.', path: ['points'] })
  .meta({ id: 'CampaignReward' });
export type CampaignReward = z.infer<typeof CampaignReward>;

export const ReferralTerms = z
  .strictObject({
    referrer_points: Count(0, MAX_POINTS_MOVE, 'A referral reward').default(0),
    friend_points: Count(0, MAX_POINTS_MOVE, 'A welcome reward').default(0),
    action: ReferralAction.default('any'),
  })
  .meta({ id: 'ReferralTerms' });
export type ReferralTerms = z.infer<typeof ReferralTerms>;

/** Everything staff may change about a programme: every edit carries all of it. */
export const LoyaltyTerms = z
  .strictObject({
    name: Name('programme'),
    description: z.string().trim().max(1000).default(''),
    kind: LoyaltyKind,
    /** The squares of a stamp card; ignored by a points programme. */
    stamps_required: Count(2, MAX_STAMPS, 'A stamp card').default(10),
    earning: LoyaltyEarning.default({ per_scan: 1, per_submission: 0, per_currency_unit: 0, currency: 'EUR' }),
    min_interval_minutes: Count(0, MAX_STAMP_INTERVAL_MINUTES, 'A minimum interval').default(60),
    tiers: z
      .array(LoyaltyTier)
      .max(MAX_TIERS)
      .refine((tiers) => tiers.every((tier, index) => index === 0 || tier.threshold > (tiers[index - 1]?.threshold ?? 0)), {
        error: 'List tiers from the lowest threshold up, each higher than the one before.',
      })
      .default([]),
    reward_list: z
      .array(LoyaltyReward)
      .max(MAX_REWARDS)
      .refine((rewards) => new Set(rewards.map((reward) => reward.reward_id)).size === rewards.length, { error: 'Each reward needs its own id.' })
      .default([]),
    campaign_rewards: z.array(CampaignReward).max(MAX_CAMPAIGN_REWARDS).default([]),
    referral: orNull(ReferralTerms).default(null),
    /** The venue code rotates at midnight here. */
    time_zone: TimeZone.default('UTC'),
  })
  .superRefine((terms, context) => {
    const rewards = new Set(terms.reward_list.map((reward) => reward.reward_id));
    terms.campaign_rewards.forEach((campaign, index) => {
      campaign.reward_list.forEach((rewardId, position) => {
        if (!rewards.has(rewardId))
          context.addIssue({
            code: 'custom',
            message: 'Pick rewards of this programme’s reward list.',
            path: ['campaign_rewards', index, 'reward_list', position],
          });
      });
    });
  })
  .meta({ id: 'LoyaltyTerms' });
export type LoyaltyTerms = z.infer<typeof LoyaltyTerms>;
export type LoyaltyTermsInput = z.input<typeof LoyaltyTerms>;

export const ProgrammeId = z.uuid({ error: 'A programme id is a UUID.' }).meta({ id: 'ProgrammeId' });
export const CardId = z.uuid({ error: 'A card id is a UUID.' }).meta({ id: 'CardId' });
export const ExchangeId = z.uuid({ error: 'An exchange id is a UUID.' }).meta({ id: 'ExchangeId' });

export const ProgrammePath = z.strictObject({ programme_id: ProgrammeId });
export type ProgrammePath = z.infer<typeof ProgrammePath>;
export const LoyaltyMemberPath = z.strictObject({ programme_id: ProgrammeId, card_id: CardId });
export type LoyaltyMemberPath = z.infer<typeof LoyaltyMemberPath>;
export const ExchangePath = z.strictObject({ exchange_id: ExchangeId });
export type ExchangePath = z.infer<typeof ExchangePath>;

// Staff: programmes.

export const CreateProgrammeBody = z.strictObject({ org_id: z.uuid(), code_id: CodeId, terms: LoyaltyTerms }).meta({ id: 'CreateProgrammeBody' });
export type CreateProgrammeBody = z.infer<typeof CreateProgrammeBody>;
export type CreateProgrammeInput = z.input<typeof CreateProgrammeBody>;
export const UpdateProgrammeBody = z.strictObject({ terms: LoyaltyTerms }).meta({ id: 'UpdateProgrammeBody' });
export type UpdateProgrammeBody = z.infer<typeof UpdateProgrammeBody>;
export const ProgrammesQuery = z.strictObject({ org_id: z.uuid(), code_id: CodeId.optional() });
export type ProgrammesQuery = z.infer<typeof ProgrammesQuery>;

export const RewardStockView = z
  .object({
    reward_id: RewardId,
    name: z.string(),
    price: z.number().int(),
    stock: orNull(z.number().int()),
    redeemed: z.number().int(),
    remaining: orNull(z.number().int()),
  })
  .meta({ id: 'RewardStockView' });
export type RewardStockView = z.infer<typeof RewardStockView>;

export const ProgrammeView = z
  .object({
    programme_id: ProgrammeId,
    org_id: z.uuid(),
    code_id: CodeId,
    terms: LoyaltyTerms,
    members: z.number().int(),
    rewards: z.array(RewardStockView),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ProgrammeView' });
export type ProgrammeView = z.infer<typeof ProgrammeView>;

/** Today's venue code, for the counter's screen: it stops earning at `valid_until` (midnight in the programme's zone). */
export const VenueCodeView = z
  .object({ programme_id: ProgrammeId, venue_code: z.string(), url: z.string(), valid_until: z.iso.datetime() })
  .meta({ id: 'VenueCodeView' });
export type VenueCodeView = z.infer<typeof VenueCodeView>;

// Staff: members.

export const LoyaltyMembersQuery = paginatedQuery({ search: z.string().trim().max(120).optional() }, 100);
export type LoyaltyMembersQuery = z.infer<typeof LoyaltyMembersQuery>;

export const LoyaltyMemberSummary = z
  .object({
    card_id: CardId,
    email: orNull(z.string()),
    phone: orNull(z.string()),
    name: orNull(z.string()),
    balance: z.number().int(),
    lifetime: z.number().int(),
    tier: orNull(z.string()),
    joined_at: z.iso.datetime(),
    last_activity_at: z.iso.datetime(),
  })
  .meta({ id: 'LoyaltyMemberSummary' });
export type LoyaltyMemberSummary = z.infer<typeof LoyaltyMemberSummary>;
export const LoyaltyMembersPage = paginatedList(LoyaltyMemberSummary).meta({ id: 'LoyaltyMembersPage' });
export type LoyaltyMembersPage = z.infer<typeof LoyaltyMembersPage>;

export const LoyaltyHistoryEntry = z
  .object({
    at: z.iso.datetime(),
    kind: z.enum(['joined', 'credited', 'redeemed']),
    /** Positive for a credit, negative for a redemption or a staff correction. */
    amount: z.number().int(),
    source: orNull(LoyaltySource),
    reward_name: orNull(z.string()),
    exchange_id: orNull(ExchangeId),
    by: orNull(z.string().meta({ description: 'The staff member who posted it, when one did.' })),
    note: orNull(z.string()),
    balance_after: z.number().int(),
  })
  .meta({ id: 'LoyaltyHistoryEntry' });
export type LoyaltyHistoryEntry = z.infer<typeof LoyaltyHistoryEntry>;

export const LoyaltyMemberView = LoyaltyMemberSummary.extend({
  programme_id: ProgrammeId,
  history: z.array(LoyaltyHistoryEntry).meta({ description: 'Newest first.' }),
}).meta({
  id: 'LoyaltyMemberView',
});
export type LoyaltyMemberView = z.infer<typeof LoyaltyMemberView>;

/**
 * Spec §7 "post card" from the counter: a stamp given by staff, a purchase (which earns by the
 * programme's rate) or a correction. `request_id` makes a double tap credit once.
 */
export const PostCardBody = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('stamp'), request_id: z.uuid(), note: z.string().trim().max(200).optional() }),
    z.strictObject({
      kind: z.literal('purchase'),
      request_id: z.uuid(),
      purchase_amount: z
        .number({ error: 'A purchase amount is a number.' })
        .gt(0, { error: 'A purchase amount is more than 0.' })
        .max(1_000_000, { error: 'A purchase amount is at most 1,000,000.' }),
      note: z.string().trim().max(200).optional(),
    }),
    z.strictObject({
      kind: z.literal('correction'),
      request_id: z.uuid(),
      amount: Count(-MAX_POINTS_MOVE, MAX_POINTS_MOVE, 'A correction').refine((amount) => amount !== 0, { error: 'A correction is not 0.' }),
      note: z.string().trim().min(1, { error: 'Say why the balance is corrected.' }).max(200),
    }),
  ])
  .meta({ id: 'PostCardBody' });
export type PostCardBody = z.infer<typeof PostCardBody>;

export const StaffRedeemBody = z.strictObject({ reward_id: RewardId, request_id: z.uuid() }).meta({ id: 'StaffRedeemBody' });
export type StaffRedeemBody = z.infer<typeof StaffRedeemBody>;

/** What a credit or a redemption came to: the member's card afterwards. */
export const CardMovement = z
  .object({
    card_id: CardId,
    amount: z.number().int(),
    balance: z.number().int(),
    lifetime: z.number().int(),
    tier: orNull(z.string()),
    exchange_id: orNull(ExchangeId),
    /** When this card may earn by a stamp again (the programme's minimum interval). */
    next_stamp_at: orNull(z.iso.datetime()),
  })
  .meta({ id: 'CardMovement' });
export type CardMovement = z.infer<typeof CardMovement>;

/** The columns of a members export (a CSV downloaded as `name_date.csv`), in order. */
export const LOYALTY_CSV_COLUMNS = ['card_id', 'email', 'phone', 'name', 'balance', 'lifetime', 'tier', 'joined_at', 'last_activity_at'] as const;

// Referrals: staff's analysis.

export const REFERRAL_FLAGS = ['similar_email', 'network_burst', 'already_member'] as const;
export const ReferralFlag = z.enum(REFERRAL_FLAGS).meta({ id: 'ReferralFlag' });
export type ReferralFlag = z.infer<typeof ReferralFlag>;

export const ReferralStatus = z.enum(['pending', 'converted', 'flagged']).meta({ id: 'ReferralStatus' });
export type ReferralStatus = z.infer<typeof ReferralStatus>;

export const ReferralView = z
  .object({
    referral_id: z.uuid(),
    referrer: z.string().meta({ description: 'The referrer’s email or phone number.' }),
    friend: z.string(),
    action: ReferralAction,
    status: ReferralStatus,
    /** Each rule that fired, with why, in words staff can act on. */
    flags: z.array(z.object({ rule: ReferralFlag, why: z.string() })),
    referrer_rewarded: z.number().int(),
    recorded_at: z.iso.datetime(),
    converted_at: orNull(z.iso.datetime()),
  })
  .meta({ id: 'ReferralView' });
export type ReferralView = z.infer<typeof ReferralView>;

/** Spec §7 "refer analysis": referrers, conversions and rewards. */
export const ReferralAnalysisView = z
  .object({
    programme_id: ProgrammeId,
    totals: z.object({ referrals: z.number().int(), converted: z.number().int(), flagged: z.number().int(), rewarded: z.number().int() }),
    referrers: z.array(
      z.object({ referrer: z.string(), referrals: z.number().int(), converted: z.number().int(), flagged: z.number().int(), rewarded: z.number().int() }),
    ),
    referrals: z.array(ReferralView),
  })
  .meta({ id: 'ReferralAnalysisView' });
export type ReferralAnalysisView = z.infer<typeof ReferralAnalysisView>;

// The visitor's side (public, rate-limited).

const Contact = {
  email: Email.optional(),
  phone: E164Phone.optional(),
  name: z.string().trim().max(80).optional(),
};

/**
 * Spec §7 "register reward": join a programme from its card page. A friend's referral comes along:
 * `referral_email` decoded from the link, or `referred_by_number` for a referral by phone.
 */
export const RegisterMemberBody = z
  .strictObject({
    programme_id: ProgrammeId,
    ...Contact,
    referral_email: Email.optional(),
    referred_by_number: E164Phone.optional(),
  })
  .refine(({ email, phone }) => email !== undefined || phone !== undefined, { error: 'Enter your email or your phone number.', path: ['email'] })
  .meta({ id: 'RegisterMemberBody' });
export type RegisterMemberBody = z.infer<typeof RegisterMemberBody>;
export type RegisterMemberInput = z.input<typeof RegisterMemberBody>;

/** Spec §7 "get loyalty card" and the other calls of the card's holder: the card id the phone keeps. */
export const CardBody = z.strictObject({ programme_id: ProgrammeId, card_id: CardId }).meta({ id: 'CardBody' });
export type CardBody = z.infer<typeof CardBody>;

/** Spec §7 "post card" from the visitor's phone: a stamp earned by scanning today's venue code. */
export const CollectStampBody = z
  .strictObject({
    programme_id: ProgrammeId,
    card_id: CardId,
    venue_code: z.string({ error: 'Scan the code at the counter.' }).trim().min(1, { error: 'Scan the code at the counter.' }).max(64),
  })
  .meta({ id: 'CollectStampBody' });
export type CollectStampBody = z.infer<typeof CollectStampBody>;

/** Spec §7 "redeem rewards". */
export const RedeemRewardBody = z.strictObject({ programme_id: ProgrammeId, card_id: CardId, reward_id: RewardId }).meta({ id: 'RedeemRewardBody' });
export type RedeemRewardBody = z.infer<typeof RedeemRewardBody>;

/** Spec §7 "campaign reward" (`reward_list`, `code_id`, `action`), claimed by the card's holder. */
export const ClaimCampaignRewardBody = z
  .strictObject({
    programme_id: ProgrammeId,
    card_id: CardId,
    code_id: CodeId,
    action: LoyaltyAction,
    /** For `form_submitted`: the submission the page's form answered with. */
    submission_id: z.uuid().optional(),
  })
  .refine(({ action, submission_id }) => action !== 'form_submitted' || submission_id !== undefined, {
    error: 'Name the submission of the form this reward is for.',
    path: ['submission_id'],
  })
  .meta({ id: 'ClaimCampaignRewardBody' });
export type ClaimCampaignRewardBody = z.infer<typeof ClaimCampaignRewardBody>;

/**
 * Spec §7 "add referral" (`email`, `referral_email`, `id`): `email` was referred by `referral_email`
 * in programme `id`. Without `action`, the friend's first action the programme's referral terms name converts it.
 */
export const AddReferralBody = z
  .strictObject({ id: ProgrammeId, email: Email, referral_email: Email, action: ReferralAction.optional() })
  .meta({ id: 'AddReferralBody' });
export type AddReferralBody = z.infer<typeof AddReferralBody>;

/** Spec §7 "refer subscription" (`phone_number`, `referred_by_number`, `code_id`, `action`): a referral by phone on the programme of a code. */
export const ReferSubscriptionBody = z
  .strictObject({ phone_number: E164Phone, referred_by_number: E164Phone, code_id: CodeId, action: ReferralAction.optional() })
  .meta({ id: 'ReferSubscriptionBody' });
export type ReferSubscriptionBody = z.infer<typeof ReferSubscriptionBody>;

export const ReferralRecordedView = z
  .object({ referral_id: z.uuid(), status: ReferralStatus, flags: z.array(ReferralFlag) })
  .meta({ id: 'ReferralRecordedView' });
export type ReferralRecordedView = z.infer<typeof ReferralRecordedView>;

/** Spec §7 "referral code": the member's own link to hand to friends. */
export const ReferralCodeView = z
  .object({ referral_email: orNull(z.string()), referral_link: orNull(z.string()), referred_by_number: orNull(z.string()) })
  .meta({ id: 'ReferralCodeView' });
export type ReferralCodeView = z.infer<typeof ReferralCodeView>;

/** What the card page shows: the programme in words, and the holder's card when the phone has one. */
export const PublicProgrammeView = z
  .object({
    programme_id: ProgrammeId,
    code_id: CodeId,
    name: z.string(),
    description: z.string(),
    kind: LoyaltyKind,
    stamps_required: z.number().int(),
    earning: LoyaltyEarning,
    min_interval_minutes: z.number().int(),
    tiers: z.array(LoyaltyTier),
    rewards: z.array(RewardStockView.omit({ redeemed: true, stock: true })),
    campaign_rewards: z.array(
      z.object({
        campaign_reward_id: CampaignRewardId,
        name: z.string(),
        code_id: CodeId,
        action: LoyaltyAction,
        times: z.number().int(),
        points: z.number().int(),
      }),
    ),
    referral: orNull(ReferralTerms),
  })
  .meta({ id: 'PublicProgrammeView' });
export type PublicProgrammeView = z.infer<typeof PublicProgrammeView>;

export const LoyaltyCardView = z
  .object({
    programme_id: ProgrammeId,
    card_id: CardId,
    name: orNull(z.string()),
    balance: z.number().int(),
    lifetime: z.number().int(),
    tier: orNull(z.string()),
    next_tier: orNull(z.object({ name: z.string(), threshold: z.number().int() })),
    next_stamp_at: orNull(z.iso.datetime()),
    granted_campaign_rewards: z.array(CampaignRewardId),
    history: z.array(LoyaltyHistoryEntry).meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'LoyaltyCardView' });
export type LoyaltyCardView = z.infer<typeof LoyaltyCardView>;

/**
 * Spec §7 "get success page" and "return page" (`id`, `email`, `phone`, `exchange_id`): what a
 * redemption was exchanged for, shown at the counter and when the visitor comes back to it.
 */
export const ExchangeView = z
  .object({
    exchange_id: ExchangeId,
    programme_id: ProgrammeId,
    programme_name: z.string(),
    card_id: CardId,
    reward_name: z.string(),
    price: z.number().int(),
    redeemed_at: z.iso.datetime(),
  })
  .meta({ id: 'ExchangeView' });
export type ExchangeView = z.infer<typeof ExchangeView>;

/** Spec §7 earning "per form submission": the card's holder sent the programme code's form, once per submission. */
export const CreditSubmissionBody = z
  .strictObject({ programme_id: ProgrammeId, card_id: CardId, submission_id: z.uuid() })
  .meta({ id: 'CreditSubmissionBody' });
export type CreditSubmissionBody = z.infer<typeof CreditSubmissionBody>;

/** The highest tier whose threshold the lifetime earnings reach, and the one after it. */
export function tierOf(tiers: readonly LoyaltyTier[], lifetime: number): { tier: LoyaltyTier | null; next: LoyaltyTier | null } {
  let tier: LoyaltyTier | null = null;
  for (const candidate of tiers) {
    if (lifetime < candidate.threshold) return { tier, next: candidate };
    tier = candidate;
  }
  return { tier, next: null };
}
