import { z } from 'zod';
import { paginatedList, paginatedQuery } from './codes';
import { Latitude, Longitude } from './experiences';
import { CardId, ProgrammeId } from './loyalty';
import { orNull } from './openapi-shapes';
import { PageId } from './pages';
import { PromoCampaignId } from './promos';
import { HexColour } from './qr-design';
import { BlobId } from './uploads';

/**
 * The passes context's HTTP contract (spec §3 Pass, §7 "Pass service (second base)" and
 * "Integrations: get wallet URL"): pass designs for a loyalty programme's cards, a promo campaign's
 * codes or an event page's tickets; passes issued from them to Apple Wallet and Google Wallet; the
 * organisation's issuers (the certificates and the service account that sign them). The pass
 * service's routes live under its own base (`PASS_BASE_URL`), served by the API process by default.
 */

/** What a design is for, and the wallet pass style each wallet shows it as. */
export const PASS_KINDS = ['loyalty_card', 'promo_code', 'event_ticket'] as const;
export const PassKind = z.enum(PASS_KINDS).meta({ id: 'PassKind' });
export type PassKind = z.infer<typeof PassKind>;

/** Apple's pass style for each kind (pass.json's top-level key). */
export const APPLE_PASS_STYLE: Record<PassKind, 'storeCard' | 'coupon' | 'eventTicket'> = {
  loyalty_card: 'storeCard',
  promo_code: 'coupon',
  event_ticket: 'eventTicket',
};

/**
 * The values a field's text may name as `{{field}}`, per kind; filled in when the pass is made, so
 * a balance change makes a new version of the pass.
 */
export const PASS_TEMPLATE_FIELDS: Record<PassKind, readonly string[]> = {
  loyalty_card: ['organization_name', 'programme', 'name', 'balance', 'lifetime', 'tier', 'next_tier', 'stamps_required'],
  promo_code: ['organization_name', 'campaign', 'promo_code', 'offer', 'ends_at'],
  event_ticket: ['organization_name', 'event', 'holder', 'starts_at', 'ends_at', 'place'],
};

/** What the designer's live preview fills a design's `{{fields}}` with. */
export const PASS_SAMPLE_VALUES: Record<PassKind, Readonly<Record<string, string>>> = {
  loyalty_card: {
    organization_name: 'Café Terrasse',
    programme: 'Coffee card',
    name: 'Ada Lovelace',
    balance: '7',
    lifetime: '23',
    tier: 'Gold',
    next_tier: 'Platinum',
    stamps_required: '10',
  },
  promo_code: {
    organization_name: 'Café Terrasse',
    campaign: 'Winter offer',
    promo_code: 'WINTER-7K2Q',
    offer: '20 % off a hot drink',
    ends_at: '31 Jan 2027',
  },
  event_ticket: {
    organization_name: 'Café Terrasse',
    event: 'Jazz night',
    holder: 'Ada Lovelace',
    starts_at: '24 Dec 2026, 19:00',
    ends_at: '24 Dec 2026, 23:00',
    place: '48.85661, 2.35222',
  },
};

/** The pass type of an organisation's passes while no Apple issuer is connected: the pass service's paths still name one. */
export const UNSIGNED_PASS_TYPE = 'pass.unsigned';

/**
 * How many fields each part of the front holds (Apple's pass design guide: up to three header
 * fields, one primary field, four secondary and four auxiliary fields); the back scrolls.
 */
export const PASS_FIELD_LIMITS = { header_fields: 3, primary_fields: 1, secondary_fields: 4, auxiliary_fields: 4, back_fields: 20 } as const;
export type PassFieldArea = keyof typeof PASS_FIELD_LIMITS;
export const PASS_FIELD_AREAS = Object.keys(PASS_FIELD_LIMITS) as PassFieldArea[];
/** Apple shows at most ten locations and one relevant text per location on the lock screen. */
export const MAX_PASS_LOCATIONS = 10;
export const MAX_PASS_LABEL = 40;
export const MAX_PASS_VALUE = 500;
export const MAX_PASS_BACK_VALUE = 2_000;
/** Apple's image sizes at @2x (pass design guide): a logo fits 320 × 100, a strip 750 × 246, an icon is 58 × 58. */
export const PASS_IMAGE_SIZES = {
  logo: { width: 320, height: 100 },
  strip: { width: 750, height: 246 },
  icon: { width: 58, height: 58 },
} as const;
export type PassImageRole = keyof typeof PASS_IMAGE_SIZES;
/** A pass's whole bundle as a wallet accepts it; an image over this is refused before signing. */
export const MAX_PASS_IMAGE_BYTES = 512 * 1024;
/** Days before a certificate's end at which its issuer's health check warns. */
export const ISSUER_EXPIRY_WARNING_DAYS = 30;
/** Google Wallet delivers at most three notifying updates per pass per day; more are applied silently. */
export const GOOGLE_NOTIFYING_UPDATES_PER_DAY = 3;
/** A "Save to Google Wallet" link longer than this fails in some browsers: the skinny JWT keeps it short. */
export const GOOGLE_SAVE_LINK_MAX = 1_800;

/** The media type Safari hands to Wallet. */
export const PKPASS_MEDIA_TYPE = 'application/vnd.apple.pkpass';

const templateText = (kind: PassKind, text: string): string[] => {
  const known = PASS_TEMPLATE_FIELDS[kind];
  return [...new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1]!))].filter((field) => !known.includes(field));
};

/** A field's `{{names}}` filled with the pass's values; an unknown name stays as typed (the design refuses them). */
export function fillPassText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, field: string) => values[field] ?? whole);
}

export const PassField = z
  .strictObject({
    key: z
      .string({ error: 'Give the field a key.' })
      .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'A field key is up to 30 small letters, digits or underscores, starting with a letter.' }),
    label: z
      .string()
      .trim()
      .max(MAX_PASS_LABEL, { error: `A label has at most ${MAX_PASS_LABEL} characters.` })
      .default(''),
    value: z
      .string({ error: 'Give the field a value.' })
      .trim()
      .min(1, { error: 'Give the field a value.' })
      .max(MAX_PASS_BACK_VALUE, { error: `A value has at most ${MAX_PASS_BACK_VALUE.toLocaleString('en')} characters.` }),
  })
  .meta({ id: 'PassField' });
export type PassField = z.infer<typeof PassField>;

export const PassLocation = z
  .strictObject({
    latitude: Latitude,
    longitude: Longitude,
    relevant_text: z
      .string()
      .trim()
      .max(MAX_PASS_LABEL * 2, { error: `A lock-screen text has at most ${MAX_PASS_LABEL * 2} characters.` })
      .default(''),
  })
  .meta({ id: 'PassLocation' });
export type PassLocation = z.infer<typeof PassLocation>;

export const PassBarcodeFormat = z.enum(['qr', 'pdf417', 'aztec', 'code128']).meta({ id: 'PassBarcodeFormat' });
export type PassBarcodeFormat = z.infer<typeof PassBarcodeFormat>;

const IsoInstant = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-24T18:00:00Z.' });

/** Everything staff may change about a design: every edit carries all of it. */
export const PassDesignTerms = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'Give the design a name.' }).max(120),
    /** What VoiceOver reads and Google shows as the class's name. */
    description: z.string().trim().min(1, { error: 'Describe the pass in a few words.' }).max(200),
    logo_text: z
      .string()
      .trim()
      .max(MAX_PASS_LABEL, { error: `The logo text has at most ${MAX_PASS_LABEL} characters.` })
      .default(''),
    background_color: HexColour,
    foreground_color: HexColour,
    label_color: HexColour,
    logo_blob_id: orNull(BlobId).default(null),
    strip_blob_id: orNull(BlobId).default(null),
    icon_blob_id: orNull(BlobId).default(null),
    header_fields: z
      .array(PassField)
      .max(PASS_FIELD_LIMITS.header_fields, { error: `A pass has at most ${PASS_FIELD_LIMITS.header_fields} header fields.` })
      .default([]),
    primary_fields: z
      .array(PassField)
      .max(PASS_FIELD_LIMITS.primary_fields, { error: `A pass has at most ${PASS_FIELD_LIMITS.primary_fields} primary field.` })
      .default([]),
    secondary_fields: z
      .array(PassField)
      .max(PASS_FIELD_LIMITS.secondary_fields, { error: `A pass has at most ${PASS_FIELD_LIMITS.secondary_fields} secondary fields.` })
      .default([]),
    auxiliary_fields: z
      .array(PassField)
      .max(PASS_FIELD_LIMITS.auxiliary_fields, { error: `A pass has at most ${PASS_FIELD_LIMITS.auxiliary_fields} auxiliary fields.` })
      .default([]),
    back_fields: z
      .array(PassField)
      .max(PASS_FIELD_LIMITS.back_fields, { error: `A pass has at most ${PASS_FIELD_LIMITS.back_fields} back fields.` })
      .default([]),
    barcode_format: PassBarcodeFormat.default('qr'),
    /** Whether the barcode's text is printed under it, for a till that types it in. */
    barcode_alt_text: z.boolean().default(true),
    locations: z
      .array(PassLocation)
      .max(MAX_PASS_LOCATIONS, { error: `A pass has at most ${MAX_PASS_LOCATIONS} locations.` })
      .default([]),
    relevant_date: orNull(IsoInstant).default(null),
    expiration_date: orNull(IsoInstant).default(null),
  })
  .superRefine((terms, ctx) => {
    const front = [...terms.header_fields, ...terms.primary_fields, ...terms.secondary_fields, ...terms.auxiliary_fields, ...terms.back_fields];
    const seen = new Set<string>();
    front.forEach((field) => {
      if (seen.has(field.key))
        ctx.addIssue({ code: 'custom', message: `Two fields have the key "${field.key}": each key is used once.`, path: ['header_fields'] });
      seen.add(field.key);
    });
    for (const area of PASS_FIELD_AREAS) {
      if (area === 'back_fields') continue;
      terms[area].forEach((field, index) => {
        if (field.value.length > MAX_PASS_VALUE)
          ctx.addIssue({ code: 'custom', message: `A front field's value has at most ${MAX_PASS_VALUE} characters.`, path: [area, index, 'value'] });
      });
    }
  })
  .meta({ id: 'PassDesignTerms' });
export type PassDesignTerms = z.infer<typeof PassDesignTerms>;
export type PassDesignTermsInput = z.input<typeof PassDesignTerms>;

/** Which programme, campaign or event page a design issues passes for. */
export const PassSource = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('loyalty_card'), programme_id: ProgrammeId }),
    z.strictObject({ kind: z.literal('promo_code'), campaign_id: PromoCampaignId }),
    z.strictObject({ kind: z.literal('event_ticket'), page_id: PageId }),
  ])
  .meta({ id: 'PassSource' });
export type PassSource = z.infer<typeof PassSource>;
export const passSourceId = (source: PassSource): string =>
  source.kind === 'loyalty_card' ? source.programme_id : source.kind === 'promo_code' ? source.campaign_id : source.page_id;

/** Refuses a field naming a value its kind has not got, naming the field. */
const withKnownFields = <T extends z.ZodType<{ source: PassSource; terms: PassDesignTerms }>>(schema: T) =>
  schema.superRefine((body, ctx) => {
    for (const area of PASS_FIELD_AREAS) {
      body.terms[area].forEach((field, index) => {
        const unknown = templateText(body.source.kind, field.value);
        if (unknown.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: `A ${body.source.kind.replace('_', ' ')} has no ${unknown.map((name) => `{{${name}}}`).join(', ')}: use ${PASS_TEMPLATE_FIELDS[body.source.kind].map((name) => `{{${name}}}`).join(', ')}.`,
            path: ['terms', area, index, 'value'],
          });
      });
    }
  });

export const PassDesignId = z.uuid({ error: 'A design id is a UUID.' }).meta({ id: 'PassDesignId' });
export const PassDesignPath = z.strictObject({ design_id: PassDesignId });
export type PassDesignPath = z.infer<typeof PassDesignPath>;

export const CreatePassDesignBody = withKnownFields(z.strictObject({ org_id: z.uuid(), source: PassSource, terms: PassDesignTerms })).meta({
  id: 'CreatePassDesignBody',
});
export type CreatePassDesignBody = z.infer<typeof CreatePassDesignBody>;
export type CreatePassDesignInput = z.input<typeof CreatePassDesignBody>;
/** An edit names the source it keeps, so the same check of `{{fields}}` applies. */
export const UpdatePassDesignBody = withKnownFields(z.strictObject({ source: PassSource, terms: PassDesignTerms })).meta({ id: 'UpdatePassDesignBody' });
export type UpdatePassDesignBody = z.infer<typeof UpdatePassDesignBody>;

export const PassDesignsQuery = z
  .strictObject({ org_id: z.uuid(), kind: PassKind.optional(), source_id: z.uuid().optional() })
  .meta({ id: 'PassDesignsQuery' });
export type PassDesignsQuery = z.infer<typeof PassDesignsQuery>;

export const PassDesignView = z
  .object({
    design_id: PassDesignId,
    org_id: z.uuid(),
    source: PassSource,
    source_name: z.string().meta({ description: 'The programme’s, campaign’s or event page’s name, as the list shows it.' }),
    terms: PassDesignTerms,
    passes: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'PassDesignView' });
export type PassDesignView = z.infer<typeof PassDesignView>;

// The pass service (spec §7, second base).

/** Whom a pass is for, within its design's source: a card of the programme, a code of the campaign, a ticket holder of the event. */
export const PassHolder = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('loyalty_card'), card_id: CardId }),
    z.strictObject({
      kind: z.literal('promo_code'),
      promo_code: z.string({ error: 'Give the promo code.' }).trim().min(1, { error: 'Give the promo code.' }).max(40),
    }),
    z.strictObject({
      kind: z.literal('event_ticket'),
      holder: z.string({ error: 'Give the ticket holder’s name.' }).trim().min(1, { error: 'Give the ticket holder’s name.' }).max(80),
    }),
  ])
  .meta({ id: 'PassHolder' });
export type PassHolder = z.infer<typeof PassHolder>;

/**
 * Spec §7 "create pass": a pass of a design for one holder. The same design and holder always
 * name the same pass, so pressing "Add to Apple Wallet" twice gives one pass, not two.
 */
export const CreatePassBody = z.strictObject({ design_id: PassDesignId, holder: PassHolder }).meta({ id: 'CreatePassBody' });
export type CreatePassBody = z.infer<typeof CreatePassBody>;

export const PassId = z.uuid({ error: 'A pass id is a UUID.' }).meta({ id: 'PassId' });
export const PassPath = z.strictObject({ pass_id: PassId });
export type PassPath = z.infer<typeof PassPath>;

/** Apple's pass type identifier (reverse DNS, starting with `pass.`), as the certificate names it. */
export const PassTypeIdentifier = z
  .string({ error: 'Give the pass type identifier.' })
  .regex(/^pass(\.[A-Za-z0-9-]+)+$/, { error: 'A pass type identifier reads like pass.com.example.loyalty.' })
  .max(255)
  .meta({ id: 'PassTypeIdentifier' });

/** Spec §7 "pkpass download by passTypeIdentifier and serialNumber". */
export const PkpassPath = z.strictObject({ passTypeIdentifier: PassTypeIdentifier, serialNumber: PassId });
export type PkpassPath = z.infer<typeof PkpassPath>;
/** Spec §7 "pass update by passTypeId and serialNumber". */
export const PassUpdatePath = z.strictObject({ passTypeId: PassTypeIdentifier, serialNumber: PassId });
export type PassUpdatePath = z.infer<typeof PassUpdatePath>;

/** Spec §7 "pass update": staff void a pass (it shows as voided in both wallets) or bring it back. */
export const UpdatePassBody = z.strictObject({ voided: z.boolean() }).meta({ id: 'UpdatePassBody' });
export type UpdatePassBody = z.infer<typeof UpdatePassBody>;

export const PassesQuery = paginatedQuery({ org_id: z.uuid(), design_id: PassDesignId.optional() }, 100);
export type PassesQuery = z.infer<typeof PassesQuery>;

export const PassView = z
  .object({
    pass_id: PassId,
    passTypeIdentifier: z.string().meta({ description: 'The Apple issuer’s pass type, or pass.unsigned while none is connected.' }),
    serialNumber: PassId,
    design_id: PassDesignId,
    kind: PassKind,
    holder: z.string().meta({ description: 'The card’s holder, the promo code or the ticket holder, as staff read it.' }),
    voided: z.boolean(),
    devices: z.number().int().meta({ description: 'Apple devices that keep the pass up to date.' }),
    issued_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    apple_url: orNull(z.string()).meta({ description: 'The .pkpass download, while an Apple issuer is connected.' }),
    google_ready: z.boolean().meta({ description: 'Whether "get wallet URL" can give a Google Wallet link.' }),
  })
  .meta({ id: 'PassView' });
export type PassView = z.infer<typeof PassView>;
export const PassesPage = paginatedList(PassView).meta({ id: 'PassesPage' });
export type PassesPage = z.infer<typeof PassesPage>;

/** Spec §7 "push": what a push of one pass reached. */
export const PassPushView = z.object({ pass_id: PassId, apple_devices: z.number().int(), google: z.boolean() }).meta({ id: 'PassPushView' });
export type PassPushView = z.infer<typeof PassPushView>;

/** Spec §7 "Integrations: get wallet URL": the "Save to Google Wallet" link of a pass. */
export const WalletUrlBody = z.strictObject({ pass_id: PassId }).meta({ id: 'WalletUrlBody' });
export type WalletUrlBody = z.infer<typeof WalletUrlBody>;
export const WalletUrlView = z.object({ url: z.string() }).meta({ id: 'WalletUrlView' });
export type WalletUrlView = z.infer<typeof WalletUrlView>;

/** What a visitor's page asks: whether this programme, campaign or event offers a pass, and in which wallets. */
export const PassOfferQuery = z.strictObject({ kind: PassKind, source_id: z.uuid() }).meta({ id: 'PassOfferQuery' });
export type PassOfferQuery = z.infer<typeof PassOfferQuery>;
export const PassOfferView = z.object({ design_id: orNull(PassDesignId), apple: z.boolean(), google: z.boolean() }).meta({ id: 'PassOfferView' });
export type PassOfferView = z.infer<typeof PassOfferView>;

// Issuers: the organisation's Apple certificates and Google service account.

export const WalletProvider = z.enum(['apple', 'google']).meta({ id: 'WalletProvider' });
export type WalletProvider = z.infer<typeof WalletProvider>;
export const WalletProviderPath = z.strictObject({ provider: WalletProvider });
export type WalletProviderPath = z.infer<typeof WalletProviderPath>;

const Pem = (what: string) =>
  z
    .string({ error: `Paste the ${what} (PEM).` })
    .trim()
    .min(1, { error: `Paste the ${what} (PEM).` })
    .max(20_000, { error: `The ${what} is too long for a PEM file.` });

export const AppleIssuerBody = z
  .strictObject({
    org_id: z.uuid(),
    pass_type_identifier: PassTypeIdentifier,
    team_identifier: z.string({ error: 'Give the team id.' }).regex(/^[A-Z0-9]{10}$/, { error: 'A team id is ten capital letters or digits.' }),
    certificate_pem: Pem('pass type certificate'),
    private_key_pem: Pem('private key'),
    private_key_passphrase: z.string().max(200).optional(),
    wwdr_pem: Pem('Apple WWDR certificate'),
  })
  .meta({ id: 'AppleIssuerBody' });
export type AppleIssuerBody = z.infer<typeof AppleIssuerBody>;

export const GoogleIssuerBody = z
  .strictObject({
    org_id: z.uuid(),
    issuer_id: z
      .string({ error: 'Give the issuer id.' })
      .regex(/^\d{10,25}$/, { error: 'A Google Wallet issuer id is a long number, e.g. 3388000000022123456.' }),
    service_account_json: z
      .string({ error: 'Paste the service account key (JSON).' })
      .trim()
      .min(1, { error: 'Paste the service account key (JSON).' })
      .max(20_000),
  })
  .meta({ id: 'GoogleIssuerBody' });
export type GoogleIssuerBody = z.infer<typeof GoogleIssuerBody>;

export const IssuerProblem = z
  .object({
    level: z.enum(['warning', 'error']),
    code: z.enum([
      'certificate_malformed',
      'key_malformed',
      'wwdr_malformed',
      'key_mismatch',
      'certificate_expired',
      'certificate_expiring',
      'wwdr_expired',
      'wrong_wwdr',
      'team_mismatch',
      'pass_type_mismatch',
      'service_account_malformed',
    ]),
    message: z.string(),
  })
  .meta({ id: 'IssuerProblem' });
export type IssuerProblem = z.infer<typeof IssuerProblem>;

export const IssuerView = z
  .object({
    provider: WalletProvider,
    connected: z.boolean(),
    summary: orNull(z.string()),
    expires_at: orNull(z.iso.datetime()),
    problems: z.array(IssuerProblem).meta({ description: 'Warnings of a connected issuer; errors never get as far as being stored.' }),
    updated_at: orNull(z.iso.datetime()),
    hint: z.string(),
  })
  .meta({ id: 'IssuerView' });
export type IssuerView = z.infer<typeof IssuerView>;
export const IssuersView = z.object({ issuers: z.array(IssuerView) }).meta({ id: 'IssuersView' });
export type IssuersView = z.infer<typeof IssuersView>;

// The PassKit web service (Apple's routes under the pass base's /v1).

/** Apple's registration body: the device's push token for this pass. */
export const AppleRegistrationBody = z.object({ pushToken: z.string().min(1).max(200) }).meta({ id: 'AppleRegistrationBody' });
export type AppleRegistrationBody = z.infer<typeof AppleRegistrationBody>;
export const AppleLogBody = z.object({ logs: z.array(z.string().max(4_000)).max(100) }).meta({ id: 'AppleLogBody' });
export type AppleLogBody = z.infer<typeof AppleLogBody>;
export const AppleSerialsView = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }).meta({ id: 'AppleSerialsView' });
export type AppleSerialsView = z.infer<typeof AppleSerialsView>;
export const AppleDevicePath = z.strictObject({
  deviceLibraryIdentifier: z.string().regex(/^[A-Za-z0-9-]{1,128}$/, { error: 'A device library identifier is up to 128 letters, digits or dashes.' }),
  passTypeIdentifier: PassTypeIdentifier,
});
export type AppleDevicePath = z.infer<typeof AppleDevicePath>;
export const AppleRegistrationPath = AppleDevicePath.extend({ serialNumber: PassId });
export type AppleRegistrationPath = z.infer<typeof AppleRegistrationPath>;
export const ApplePassPath = z.strictObject({ passTypeIdentifier: PassTypeIdentifier, serialNumber: PassId });
export type ApplePassPath = z.infer<typeof ApplePassPath>;
export const AppleSerialsQuery = z.strictObject({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});
export type AppleSerialsQuery = z.infer<typeof AppleSerialsQuery>;
