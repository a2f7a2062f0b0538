import { z } from 'zod';
import { AnalyticsPeriod } from './analytics';
import { CodeId, paginatedList, paginatedQuery } from './codes';
import { TimeZone } from './identity';
import { orNull } from './openapi-shapes';
import { normalPromoCode, PROMO_CODE_MAX_LENGTH, PROMO_REFUSAL_REASONS } from './promo-visitor';

// The zod-free part of the contract, which a visitor's landing page imports without these schemas.
export { normalPromoCode, PROMO_CODE_MAX_LENGTH, PROMO_REFUSAL_REASONS, PROMO_REFUSAL_TEXTS } from './promo-visitor';

/**
 * The promos context's HTTP contract (spec §1 "promo codes and master promo keys", §3 Promo, §7
 * "Rewards, games, promos"): campaigns of promo codes on a QR code, the master keys (promo locks)
 * that unlock them at the counter, and the visitor's validation.
 */

/** Most unique codes one campaign issues: the campaign's stream regenerates them from its seed on every load. */
export const MAX_PROMO_CODES = 100_000;
/** Most redemptions a campaign may allow in total. */
export const MAX_PROMO_TOTAL_LIMIT = 10_000_000;
/** Most redemptions a campaign may allow one visitor. */
export const MAX_PROMO_PER_VISITOR = 1_000;
/**
 * A unique code's space must be this many times the number of codes issued: a guess then hits one
 * of them at most once in a million tries, and the validation's lockout stops far sooner.
 */
export const PROMO_GUESS_FACTOR = 1_000_000;
/** How long a page's nonce is good for: a visitor reads the offer, walks to the counter, types. */
export const PROMO_NONCE_TTL_MS = 15 * 60_000;
/** Largest area a campaign may be valid in, as the event guard's (a city-wide festival). */
export const MAX_PROMO_RADIUS_M = 50_000;
export const MIN_PROMO_RADIUS_M = 10;

/**
 * The characters a unique code is drawn from. Letters that read as digits (I, L, O) are left out,
 * and from the mixed set 0 and 1 too, so that a code read off a flyer is typed right.
 */
export const PROMO_CHARSETS = {
  digits: '0123456789',
  letters: 'ABCDEFGHJKMNPQRSTUVWXYZ',
  alphanumeric: '23456789ABCDEFGHJKMNPQRSTUVWXYZ',
} as const;
export const PromoCharset = z.enum(['digits', 'letters', 'alphanumeric']).meta({ id: 'PromoCharset' });
export type PromoCharset = z.infer<typeof PromoCharset>;

/** Fewest and most random characters (`#`) of a pattern. */
export const PROMO_PATTERN_RANDOM = { min: 4, max: 24 } as const;

/** Empty passes, so that an empty code gets only the message that asks for one. */
const PROMO_CODE_SHAPE = /^[A-Z0-9-]*$/;

export const PromoCode = z
  .string()
  .transform(normalPromoCode)
  .pipe(
    z
      .string()
      .min(1, { error: 'Enter the promo code.' })
      .max(PROMO_CODE_MAX_LENGTH, { error: `A promo code has at most ${PROMO_CODE_MAX_LENGTH} characters.` })
      .regex(PROMO_CODE_SHAPE, { error: 'A promo code has letters, digits and dashes only.' }),
  )
  .meta({ id: 'PromoCode', description: 'Letters, digits and dashes; compared in upper case after Unicode NFKC.' });

const Affix = z
  .string()
  .transform(normalPromoCode)
  .pipe(z.string().max(12, { error: 'Keep a prefix or postfix to 12 characters.' }).regex(PROMO_CODE_SHAPE, { error: 'Use letters, digits and dashes.' }));

/**
 * How unique codes look: `prefix` + `mask` + `postfix`, where each `#` of the mask is drawn from
 * the charset and every other character (a dash) is kept, e.g. `SUMMER-` + `####-####`.
 */
export const PromoPattern = z
  .strictObject({
    prefix: Affix.default(''),
    postfix: Affix.default(''),
    charset: PromoCharset.default('alphanumeric'),
    mask: z
      .string()
      .regex(/^[#-]+$/, { error: 'A mask is `#` for each drawn character, with dashes between.' })
      .refine((mask) => countRandom(mask) >= PROMO_PATTERN_RANDOM.min && countRandom(mask) <= PROMO_PATTERN_RANDOM.max, {
        error: `A mask draws between ${PROMO_PATTERN_RANDOM.min} and ${PROMO_PATTERN_RANDOM.max} characters (\`#\`).`,
      }),
  })
  .refine((pattern) => pattern.prefix.length + pattern.mask.length + pattern.postfix.length <= PROMO_CODE_MAX_LENGTH, {
    error: `Prefix, mask and postfix together make at most ${PROMO_CODE_MAX_LENGTH} characters.`,
    path: ['mask'],
  })
  .meta({ id: 'PromoPattern' });
export type PromoPattern = z.infer<typeof PromoPattern>;

/** How many characters of a mask are drawn. */
export function countRandom(mask: string): number {
  let count = 0;
  for (const character of mask) if (character === '#') count++;
  return count;
}

/** How many different codes a pattern can make. */
export function promoPatternSpace(pattern: Pick<PromoPattern, 'charset' | 'mask'>): bigint {
  return BigInt(PROMO_CHARSETS[pattern.charset].length) ** BigInt(countRandom(pattern.mask));
}

/**
 * The fewest drawn characters whose space is at least PROMO_GUESS_FACTOR times `count`, or null when
 * even the longest mask is not enough (it always is for MAX_PROMO_CODES: 10^11 against 31^24).
 */
export function leastRandomFor(charset: PromoCharset, count: number): number | null {
  const needed = BigInt(PROMO_GUESS_FACTOR) * BigInt(count);
  const size = BigInt(PROMO_CHARSETS[charset].length);
  for (let random = PROMO_PATTERN_RANDOM.min; random <= PROMO_PATTERN_RANDOM.max; random++) if (size ** BigInt(random) >= needed) return random;
  return null;
}

/** Either one code everybody types, or `count` codes each used once, drawn from a pattern. */
export const PromoCodesSpec = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('shared'), promo_code: PromoCode }),
    z.strictObject({
      kind: z.literal('unique'),
      pattern: PromoPattern,
      count: z
        .number()
        .int({ error: 'Issue a whole number of codes.' })
        .min(1, { error: 'Issue at least one code.' })
        .max(MAX_PROMO_CODES, { error: `Issue at most ${MAX_PROMO_CODES.toLocaleString('en')} codes per campaign.` }),
    }),
  ])
  .meta({ id: 'PromoCodesSpec' });
export type PromoCodesSpec = z.infer<typeof PromoCodesSpec>;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
const WEEKDAY_RANGE = 'A day is 1 (Monday) to 7 (Sunday).';
export const Weekday = z.number({ error: WEEKDAY_RANGE }).int({ error: WEEKDAY_RANGE }).min(1, { error: WEEKDAY_RANGE }).max(7, { error: WEEKDAY_RANGE });
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time such as 09:30.' });

/** When in the day the campaign is valid, in its time zone; `until` before `from` runs past midnight. */
export const PromoHours = z
  .strictObject({ from: ClockTime, until: ClockTime })
  .refine(({ from, until }) => from !== until, { error: 'The hours cannot start and end at the same time.', path: ['until'] })
  .meta({ id: 'PromoHours' });
export type PromoHours = z.infer<typeof PromoHours>;

export const PromoPlace = z
  .strictObject({
    latitude: z.number().min(-90, { error: 'A latitude is between -90 and 90.' }).max(90, { error: 'A latitude is between -90 and 90.' }),
    longitude: z.number().min(-180, { error: 'A longitude is between -180 and 180.' }).max(180, { error: 'A longitude is between -180 and 180.' }),
    radius_m: z
      .number()
      .min(MIN_PROMO_RADIUS_M, { error: `A radius is at least ${MIN_PROMO_RADIUS_M} m.` })
      .max(MAX_PROMO_RADIUS_M, { error: `A radius is at most ${MAX_PROMO_RADIUS_M / 1000} km.` }),
  })
  .meta({ id: 'PromoPlace' });
export type PromoPlace = z.infer<typeof PromoPlace>;

const OfferText = z.string().trim().min(1, { error: 'Say what the visitor gets.' }).max(500);
/** What a redemption gives: words, a discount, or a reward handed over at the counter. */
export const PromoOffer = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('text'), text: OfferText }),
    z.strictObject({
      kind: z.literal('percent_off'),
      text: OfferText,
      percent: z.number().gt(0, { error: 'A discount is more than 0 %.' }).max(100, { error: 'A discount is at most 100 %.' }),
    }),
    z.strictObject({
      kind: z.literal('amount_off'),
      text: OfferText,
      amount: z
        .number()
        .gt(0, { error: 'An amount off is more than 0.' })
        .max(1_000_000, { error: 'An amount off is at most 1,000,000.' })
        .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
          error: 'An amount has at most two decimals.',
        }),
      currency: z.string().regex(/^[A-Z]{3}$/, { error: 'A currency is three capital letters (ISO 4217), e.g. EUR.' }),
    }),
    z.strictObject({ kind: z.literal('reward'), text: OfferText }),
  ])
  .meta({ id: 'PromoOffer' });
export type PromoOffer = z.infer<typeof PromoOffer>;

/**
 * A count of redemptions, or null for no limit. `.nullable()` rather than orNull: a union answers
 * "Invalid input" for 2.5 instead of the number's own message (and nothing here is a named schema).
 */
const Limit = (max: number, error: string) =>
  z
    .number({ error: 'A limit is a whole number.' })
    .int({ error: 'A limit is a whole number.' })
    .min(1, { error: 'A limit is at least 1.' })
    .max(max, { error })
    .nullable();

const IsoInstant = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-24T18:00:00Z.' });

/** Everything staff may change about a campaign after creating it: every edit carries all of it. */
export const PromoTerms = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'Give the campaign a name.' }).max(120),
    offer: PromoOffer,
    starts_at: orNull(IsoInstant).default(null),
    ends_at: orNull(IsoInstant).default(null),
    days: z
      .array(Weekday)
      .min(1, { error: 'Pick at least one day of the week.' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'Name each day once.' })
      .default([1, 2, 3, 4, 5, 6, 7]),
    hours: orNull(PromoHours).default(null),
    time_zone: TimeZone.default('UTC'),
    total_limit: Limit(MAX_PROMO_TOTAL_LIMIT, `A total limit is at most ${MAX_PROMO_TOTAL_LIMIT.toLocaleString('en')}.`).default(null),
    per_visitor_limit: Limit(MAX_PROMO_PER_VISITOR, `A per-visitor limit is at most ${MAX_PROMO_PER_VISITOR}.`).default(1),
    place: orNull(PromoPlace).default(null),
    /** Whether a visitor who refuses to share their location may still redeem where a place is set. */
    allow_without_location: z.boolean().default(false),
  })
  .refine(({ starts_at, ends_at }) => starts_at === null || ends_at === null || Date.parse(starts_at) < Date.parse(ends_at), {
    error: 'The end must be after the start.',
    path: ['ends_at'],
  })
  .meta({ id: 'PromoTerms' });
export type PromoTerms = z.infer<typeof PromoTerms>;

export const PromoCampaignId = z.uuid({ error: 'A campaign id is a UUID.' }).meta({ id: 'PromoCampaignId' });
export const PromoCampaignPath = z.strictObject({ campaign_id: PromoCampaignId });
export type PromoCampaignPath = z.infer<typeof PromoCampaignPath>;
/** The visitor's promo page is the QR code's: `/promo/:qr_id`. */
export const PublicPromoPath = z.strictObject({ qr_id: CodeId });
export type PublicPromoPath = z.infer<typeof PublicPromoPath>;
export const PromoMasterKeyId = z.uuid({ error: 'A master key id is a UUID.' }).meta({ id: 'PromoMasterKeyId' });
export const PromoMasterKeyPath = z.strictObject({ key_id: PromoMasterKeyId });
export type PromoMasterKeyPath = z.infer<typeof PromoMasterKeyPath>;

/** Spec §7 "create promo code": a campaign on one of the organisation's codes. */
export const CreatePromoCampaignBody = z
  .strictObject({
    org_id: z.uuid(),
    code_id: CodeId,
    codes: PromoCodesSpec,
    terms: PromoTerms,
    master_key_id: orNull(PromoMasterKeyId).default(null),
  })
  .meta({ id: 'CreatePromoCampaignBody' });
export type CreatePromoCampaignBody = z.infer<typeof CreatePromoCampaignBody>;
export type CreatePromoCampaignInput = z.input<typeof CreatePromoCampaignBody>;

export const UpdatePromoCampaignBody = z.strictObject({ terms: PromoTerms }).meta({ id: 'UpdatePromoCampaignBody' });
export type UpdatePromoCampaignBody = z.infer<typeof UpdatePromoCampaignBody>;

/** Spec §7 "master key set": the lock a campaign's codes need, or none. */
export const SetPromoMasterKeyBody = z.strictObject({ master_key_id: orNull(PromoMasterKeyId) }).meta({ id: 'SetPromoMasterKeyBody' });
export type SetPromoMasterKeyBody = z.infer<typeof SetPromoMasterKeyBody>;

export const PromoCampaignsQuery = z.strictObject({ org_id: z.uuid(), code_id: CodeId.optional() });
export type PromoCampaignsQuery = z.infer<typeof PromoCampaignsQuery>;

export const PromoCampaignView = z
  .object({
    campaign_id: PromoCampaignId,
    org_id: z.uuid(),
    code_id: CodeId,
    codes: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('shared'), promo_code: z.string() }),
      z.object({ kind: z.literal('unique'), pattern: PromoPattern, count: z.number().int() }),
    ]),
    terms: PromoTerms,
    master_key_id: orNull(PromoMasterKeyId),
    redeemed: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'PromoCampaignView' });
export type PromoCampaignView = z.infer<typeof PromoCampaignView>;

/** A page of a unique campaign's codes, for staff to hand out. */
export const PromoCodesPageQuery = paginatedQuery({}, 1000);
export type PromoCodesPageQuery = z.infer<typeof PromoCodesPageQuery>;
export const PromoCodeRow = z.object({ promo_code: z.string(), redeemed: z.boolean() }).meta({ id: 'PromoCodeRow' });
export const PromoCodesPage = paginatedList(PromoCodeRow).meta({ id: 'PromoCodesPage' });
export type PromoCodesPage = z.infer<typeof PromoCodesPage>;

// Master keys (promo locks).

/** What staff type at the counter: long enough not to be guessed at the till, short enough to type. */
export const PromoMasterSecret = z
  .string()
  .trim()
  .min(6, { error: 'A master key has at least 6 characters.' })
  .max(64, { error: 'A master key has at most 64 characters.' })
  .meta({ id: 'PromoMasterSecret' });

export const CreatePromoMasterKeyBody = z
  .strictObject({
    org_id: z.uuid(),
    name: z.string().trim().min(1, { error: 'Give the key a name.' }).max(80),
    secret: PromoMasterSecret.optional().meta({ description: 'Without it, the server draws one.' }),
  })
  .meta({ id: 'CreatePromoMasterKeyBody' });
export type CreatePromoMasterKeyBody = z.infer<typeof CreatePromoMasterKeyBody>;

export const UpdatePromoMasterKeyBody = z
  .strictObject({ name: z.string().trim().min(1, { error: 'Give the key a name.' }).max(80) })
  .meta({ id: 'UpdatePromoMasterKeyBody' });
export type UpdatePromoMasterKeyBody = z.infer<typeof UpdatePromoMasterKeyBody>;

/** A rotation replaces the secret; printed codes and pages stay as they are. */
export const RotatePromoMasterKeyBody = z
  .strictObject({ secret: PromoMasterSecret.optional().meta({ description: 'Without it, the server draws one.' }) })
  .meta({ id: 'RotatePromoMasterKeyBody' });
export type RotatePromoMasterKeyBody = z.infer<typeof RotatePromoMasterKeyBody>;

export const PromoMasterKeyView = z
  .object({
    key_id: PromoMasterKeyId,
    org_id: z.uuid(),
    name: z.string(),
    version: z.number().int(),
    /** Shown to staff who may change promos: the counter needs it typed. */
    secret: z.string(),
    campaign_count: z.number().int(),
    created_at: z.iso.datetime(),
    rotated_at: orNull(z.iso.datetime()),
  })
  .meta({ id: 'PromoMasterKeyView' });
export type PromoMasterKeyView = z.infer<typeof PromoMasterKeyView>;

// The visitor's side.

export const PromoRefusalReason = z.enum(PROMO_REFUSAL_REASONS).meta({ id: 'PromoRefusalReason' });
export type PromoRefusalReason = z.infer<typeof PromoRefusalReason>;

/** Spec §7 "get promo nonce": the page asks for one when it opens, and again after each answer. */
export const PromoNonceBody = z.strictObject({ qr_id: CodeId }).meta({ id: 'PromoNonceBody' });
export type PromoNonceBody = z.infer<typeof PromoNonceBody>;
export const PromoNonceView = z.object({ nonce: z.string(), issued_at: z.iso.datetime(), expires_at: z.iso.datetime() }).meta({ id: 'PromoNonceView' });
export type PromoNonceView = z.infer<typeof PromoNonceView>;

/** `.nullable()` rather than orNull, so that a coordinate sent as text is told it is not a number (see Limit). */
const Coordinate = (min: number, max: number, name: string) =>
  z
    .number({ error: `A ${name} is a number.` })
    .min(min, { error: `A ${name} is between ${min} and ${max}.` })
    .max(max, { error: `A ${name} is between ${min} and ${max}.` })
    .nullable()
    .default(null);

/**
 * Spec §7 "validate promo code" (spec §3 Promo: `promo_code`, `qr_id`, `latitude`, `longitude`).
 * A valid answer is the redemption. Without a location (the visitor refused it) latitude and
 * longitude are null.
 */
export const ValidatePromoBody = z
  .strictObject({
    promo_code: PromoCode,
    qr_id: CodeId,
    latitude: Coordinate(-90, 90, 'latitude'),
    longitude: Coordinate(-180, 180, 'longitude'),
    accuracy_m: orNull(z.number().min(0, { error: 'An accuracy is not negative.' }).max(1_000_000)).default(null),
    nonce: z
      .string({ error: 'Open the promo page again: its nonce is missing.' })
      .min(1, { error: 'Open the promo page again: its nonce is missing.' })
      .max(200),
    /** A random id the page keeps in the browser, so that per-visitor limits count this phone. */
    visitor_id: z.uuid().optional(),
    master_key: PromoMasterSecret.optional(),
  })
  .refine(({ latitude, longitude }) => (latitude === null) === (longitude === null), {
    error: 'Send latitude and longitude together, or neither.',
    path: ['longitude'],
  })
  .meta({ id: 'ValidatePromoBody' });
export type ValidatePromoBody = z.infer<typeof ValidatePromoBody>;
export type ValidatePromoInput = z.input<typeof ValidatePromoBody>;

export const PromoValidation = z
  .discriminatedUnion('valid', [
    z.object({ valid: z.literal(true), message: z.string(), offer: PromoOffer, campaign_name: z.string(), redemption_id: z.uuid() }),
    z.object({ valid: z.literal(false), reason: PromoRefusalReason, message: z.string() }),
  ])
  .meta({ id: 'PromoValidation' });
export type PromoValidation = z.infer<typeof PromoValidation>;

/** What the visitor's promo page shows before anything is typed: the code's campaigns, in words. */
export const PublicPromoView = z
  .object({
    qr_id: CodeId,
    campaigns: z.array(
      z.object({
        name: z.string(),
        offer: PromoOffer,
        starts_at: orNull(z.string()),
        ends_at: orNull(z.string()),
        needs_location: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'PublicPromoView' });
export type PublicPromoView = z.infer<typeof PublicPromoView>;

// Usage, analytics and export.

export const PromoUsageView = z
  .object({
    campaign_id: PromoCampaignId,
    validations: z.number().int(),
    redemptions: z.number().int(),
    refusals: z.record(PromoRefusalReason, z.number().int()),
    remaining: orNull(z.number().int()),
  })
  .meta({ id: 'PromoUsageView' });
export type PromoUsageView = z.infer<typeof PromoUsageView>;

export const PromoRedemptionView = z
  .object({
    redemption_id: z.uuid(),
    promo_code: z.string(),
    redeemed_at: z.iso.datetime(),
    latitude: orNull(z.number()),
    longitude: orNull(z.number()),
    accuracy_m: orNull(z.number()),
    distance_m: orNull(z.number()),
    unlocked_with: orNull(z.string().meta({ description: 'The master key’s name, when the code needed one.' })),
  })
  .meta({ id: 'PromoRedemptionView' });
export type PromoRedemptionView = z.infer<typeof PromoRedemptionView>;

export const PromoRedemptionsQuery = paginatedQuery({}, 100);
export type PromoRedemptionsQuery = z.infer<typeof PromoRedemptionsQuery>;
export const PromoRedemptionsPage = paginatedList(PromoRedemptionView).meta({ id: 'PromoRedemptionsPage' });
export type PromoRedemptionsPage = z.infer<typeof PromoRedemptionsPage>;

/** Spec §7 "promo analytics": the campaign's validations over one of the spec's periods. */
export const PromoAnalyticsQuery = z.strictObject({ period: AnalyticsPeriod }).meta({ id: 'PromoAnalyticsQuery' });
export type PromoAnalyticsQuery = z.infer<typeof PromoAnalyticsQuery>;

export const PromoAnalyticsPoint = z
  .object({
    start: z.iso.datetime({ offset: true }),
    validations: z.number().int(),
    redemptions: z.number().int(),
    refusals: z.number().int(),
  })
  .meta({ id: 'PromoAnalyticsPoint', description: 'One bucket, starting at `start` in the organisation’s time zone.' });
export type PromoAnalyticsPoint = z.infer<typeof PromoAnalyticsPoint>;

export const PromoAnalyticsView = z
  .object({
    campaign_id: PromoCampaignId,
    period: AnalyticsPeriod,
    time_zone: z.string(),
    bucket: z.enum(['hour', 'day', 'month']),
    totals: z.object({ validations: z.number().int(), redemptions: z.number().int(), refusals: z.record(PromoRefusalReason, z.number().int()) }),
    series: z.array(PromoAnalyticsPoint),
  })
  .meta({ id: 'PromoAnalyticsView' });
export type PromoAnalyticsView = z.infer<typeof PromoAnalyticsView>;

/** The columns of a promo export (spec §7: a CSV downloaded as `name_date.csv`), in order. */
export const PROMO_CSV_COLUMNS = [
  'redeemed_at',
  'promo_code',
  'outcome',
  'reason',
  'latitude',
  'longitude',
  'accuracy_m',
  'distance_m',
  'unlocked_with',
] as const;
