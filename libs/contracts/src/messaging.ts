import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery, QrImageFormat } from './codes';
import { Email } from './identity';
import { E164Phone } from './loyalty';
import { orNull } from './openapi-shapes';
import { PublicOrganization } from './public-codes';

/**
 * The messaging context's HTTP contract (spec §1 "SMS, push and email-with-QR campaigns", §2
 * `/admin/sms-campaigns` and `/admin/campaigns`, §4 push result, §7 "Messaging"): campaigns to an
 * audience of consenting customers, single sends, SMS keywords and auto SMS, web push, email with
 * QR codes attached, provider connections, the outbox and the one consent ledger.
 */

export const MESSAGING_CHANNELS = ['email', 'sms', 'push'] as const;
export const MessagingChannel = z.enum(MESSAGING_CHANNELS).meta({ id: 'MessagingChannel' });
export type MessagingChannel = z.infer<typeof MessagingChannel>;

/** Most recipients one campaign reaches; a bigger audience is split into campaigns by its filters. */
export const MAX_CAMPAIGN_RECIPIENTS = 100_000;
/** Most one-time QR codes one email carries (spec §7 `amount`). */
export const MAX_EMAIL_QR_AMOUNT = 20;
/** An SMS of more than ten segments is a letter, not a text. */
export const MAX_SMS_LENGTH = 1_600;
/** How far ahead a send may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366;
/** A schedule this close to now counts as "now": the form's clock and the server's differ by a little. */
export const SCHEDULE_GRACE_MS = 60_000;

/** Spec §4 push result and §5, §8: the words the web client looks for, and its two messages. */
export const PUSH_SENT_WORD = 'sent';
export const PUSH_SCHEDULED_WORD = 'Scheduled';
export const PUSH_NO_BODY_MESSAGE = 'Invalid response received from the server.';
export const PUSH_FAILURE_MESSAGE = 'Failed to send notifications.';

/**
 * The personal fields a message may name as `{{field}}`. `code_url` is the recipient's own link
 * (their one-time code's, or the campaign code's); `unsubscribe_url` the link that withdraws consent.
 */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'name', 'email', 'phone', 'organization_name', 'code_url', 'unsubscribe_url'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type PersonalValues = Partial<Record<PersonalField, string>>;

const FIELD_REFERENCE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The fields a template names, in order of first use. */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(FIELD_REFERENCE)].map((match) => match[1]!))];
}

/** The fields a template names that no recipient has: a typo that would reach every phone. */
export function unknownTemplateFields(template: string): string[] {
  const known: readonly string[] = PERSONAL_FIELDS;
  return templateFields(template).filter((field) => !known.includes(field));
}

/** A template with each known field replaced by the recipient's value (empty when they have none). */
export function renderTemplate(template: string, values: PersonalValues): string {
  return template.replace(FIELD_REFERENCE, (whole, field: string) =>
    (PERSONAL_FIELDS as readonly string[]).includes(field) ? (values[field as PersonalField] ?? '') : whole,
  );
}

/** A message text whose `{{fields}}` are all known, naming the unknown ones when not. */
const TemplateText = (max: number, what: string) =>
  z
    .string({ error: `Write the ${what}.` })
    .trim()
    .min(1, { error: `Write the ${what}.` })
    .max(max, { error: `The ${what} has at most ${max.toLocaleString('en')} characters.` })
    .superRefine((text, ctx) => {
      const unknown = unknownTemplateFields(text);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((field) => `{{${field}}}`).join(', ')}: use ${PERSONAL_FIELDS.map((field) => `{{${field}}}`).join(', ')}.`,
        });
      }
    });

/**
 * A phone number as the SMS channel and its consent ledger hold it: E.164. People type national
 * numbers into forms; the spec's default form asks for a ten-digit number, so ten digits (or eleven
 * starting with 1) are read as North American. Anything else without a `+` cannot be texted: null.
 */
export function smsAddress(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  const e164 = digits.startsWith('+') ? digits : /^\d{10}$/.test(digits) ? `+1${digits}` : /^1\d{10}$/.test(digits) ? `+${digits}` : null;
  return e164 !== null && /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null;
}

export const CampaignId = z.uuid({ error: 'A campaign id is a UUID.' }).meta({ id: 'CampaignId' });
export const CampaignPath = z.strictObject({ campaign_id: CampaignId });
export type CampaignPath = z.infer<typeof CampaignPath>;

/**
 * Who a campaign reaches: the organisation's customers who consented on the campaign's channel,
 * narrowed by the code or form they came through, a loyalty programme's tier, or recent activity.
 * Push campaigns reach the browsers subscribed on the organisation's pages, narrowed by code.
 */
export const AudienceFilter = z
  .strictObject({
    code_id: CodeId.optional(),
    page_id: z.uuid({ error: 'A page id is a UUID.' }).optional(),
    programme_id: z.uuid({ error: 'A programme id is a UUID.' }).optional(),
    tier: z.string().trim().min(1).max(80).optional(),
    active_within_days: z.number().int().min(1).max(3650).optional(),
  })
  .refine((filter) => filter.tier === undefined || filter.programme_id !== undefined, {
    message: 'A tier belongs to a loyalty programme: choose the programme too.',
    path: ['tier'],
  })
  .meta({ id: 'AudienceFilter' });
export type AudienceFilter = z.infer<typeof AudienceFilter>;

/** How an email campaign's QR codes travel: one one-time code of `code_id` per recipient, as spec §7 "send email with QR codes". */
export const EmailQrOptions = z
  .strictObject({
    type: QrImageFormat.default('png'),
    width: z.number().int().min(64, { error: 'A QR image is at least 64 px wide.' }).max(2048, { error: 'A QR image is at most 2048 px wide.' }).default(300),
    height: z.number().int().min(64, { error: 'A QR image is at least 64 px high.' }).max(2048, { error: 'A QR image is at most 2048 px high.' }).default(300),
    /** `inline` shows the code in the message's body (a `cid:` image); `attachment` attaches it as a file. */
    placement: z.enum(['inline', 'attachment']).default('inline'),
  })
  .meta({ id: 'EmailQrOptions' });
export type EmailQrOptions = z.infer<typeof EmailQrOptions>;

/** A send time at least now (less a minute's grace) and at most a year ahead; absent means "now". */
export const SendAt = z.iso
  .datetime({ offset: true, error: 'Give the time as an ISO date and time, such as 2026-12-24T09:00:00Z.' })
  .refine((at) => Date.parse(at) >= Date.now() - SCHEDULE_GRACE_MS, { message: 'That time has passed: choose a time from now on.' })
  .refine((at) => Date.parse(at) <= Date.now() + MAX_SCHEDULE_DAYS * 86_400_000, { message: `Schedule at most ${MAX_SCHEDULE_DAYS} days ahead.` })
  .meta({ id: 'SendAt' });

const CampaignName = z.string().trim().min(1, { error: 'Give the campaign a name.' }).max(120, { error: 'A name has at most 120 characters.' });

const campaignFields = {
  name: CampaignName,
  /** The code the campaign is about: its link is `{{code_url}}`, and an email campaign attaches one of its one-time codes per recipient. */
  code_id: CodeId.optional(),
  audience: AudienceFilter.default({}),
  /** The email's subject or the push notification's title; SMS has none. */
  subject: z.string().trim().max(200, { error: 'A subject has at most 200 characters.' }).default(''),
  message: TemplateText(10_000, 'message'),
  /** Email only: attach one one-time QR code of `code_id` per recipient. */
  qr: EmailQrOptions.optional(),
};

/** Rules that span fields: SMS length, an email's subject, QR codes need a code. Issues name the field. */
function checkCampaign(
  body: { channel: MessagingChannel; subject: string; message: string; code_id?: string; qr?: EmailQrOptions },
  ctx: z.RefinementCtx,
): void {
  if (body.channel === 'sms' && body.message.length > MAX_SMS_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['message'], message: `A text message has at most ${MAX_SMS_LENGTH.toLocaleString('en')} characters.` });
  }
  if (body.channel !== 'sms' && body.subject === '') {
    ctx.addIssue({ code: 'custom', path: ['subject'], message: body.channel === 'email' ? 'Write the subject.' : 'Write the title.' });
  }
  if (body.qr && body.channel !== 'email') ctx.addIssue({ code: 'custom', path: ['qr'], message: 'Only an email carries QR codes.' });
  if (body.qr && !body.code_id) ctx.addIssue({ code: 'custom', path: ['code_id'], message: 'Choose the code whose one-time QR codes the emails carry.' });
  const unknown = unknownTemplateFields(body.subject);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', path: ['subject'], message: `Unknown field ${unknown.map((field) => `{{${field}}}`).join(', ')}.` });
}

export const CreateCampaignBody = z
  .strictObject({ org_id: z.uuid(), channel: MessagingChannel, ...campaignFields })
  .superRefine(checkCampaign)
  .meta({ id: 'CreateCampaignBody' });
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;
export type CreateCampaignInput = z.input<typeof CreateCampaignBody>;

/** A draft's whole content after the change; the channel stays. */
export const UpdateCampaignBody = z
  .strictObject({ channel: MessagingChannel, ...campaignFields })
  .superRefine(checkCampaign)
  .meta({ id: 'UpdateCampaignBody' });
export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBody>;

/** Send now (no `send_at`) or at a time. */
export const ScheduleCampaignBody = z.strictObject({ send_at: SendAt.optional() }).meta({ id: 'ScheduleCampaignBody' });
export type ScheduleCampaignBody = z.infer<typeof ScheduleCampaignBody>;

/** A test send goes to one address of the sender's choosing, outside the ledger's audience, marked as a test. */
export const TestCampaignBody = z
  .strictObject({ to: z.string().trim().min(1, { error: 'Give an address to send the test to.' }).max(254) })
  .meta({ id: 'TestCampaignBody' });
export type TestCampaignBody = z.infer<typeof TestCampaignBody>;

export const CampaignStatus = z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']).meta({ id: 'CampaignStatus' });
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** Each recipient's delivery: `opted_out` were in the audience and withdrew before their turn; nothing was sent to them. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'opted_out'] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES).meta({ id: 'DeliveryStatus' });
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryCounts = z
  .object(Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, z.number().int()])) as Record<DeliveryStatus, z.ZodNumber>)
  .meta({ id: 'DeliveryCounts' });
export type DeliveryCounts = z.infer<typeof DeliveryCounts>;

export const CampaignView = z
  .object({
    campaign_id: CampaignId,
    org_id: z.uuid(),
    channel: MessagingChannel,
    name: z.string(),
    code_id: orNull(CodeId),
    audience: AudienceFilter,
    subject: z.string(),
    message: z.string(),
    qr: orNull(EmailQrOptions),
    status: CampaignStatus,
    send_at: orNull(z.string()),
    created_at: z.string(),
    created_by: z.string(),
    /** Recipients chosen when the sending began; 0 before. */
    recipients: z.number().int(),
    deliveries: DeliveryCounts,
    finished_at: orNull(z.string()),
  })
  .meta({ id: 'Campaign' });
export type CampaignView = z.infer<typeof CampaignView>;

export const ListCampaignsQuery = paginatedQuery({
  org_id: z.uuid(),
  channel: MessagingChannel.optional(),
  code_id: CodeId.optional(),
}).meta({ id: 'ListCampaignsQuery' });
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuery>;
export const CampaignListView = paginatedList(CampaignView).meta({ id: 'CampaignList' });
export type CampaignListView = z.infer<typeof CampaignListView>;

export const DeliveryView = z
  .object({
    recipient: z.string().meta({ description: 'The email, the phone number, or the push subscription’s browser.' }),
    name: orNull(z.string()),
    status: DeliveryStatus,
    /** The provider's reason for a failure, or why nothing was sent. */
    reason: orNull(z.string()),
    provider_id: orNull(z.string()),
    updated_at: z.string(),
  })
  .meta({ id: 'Delivery' });
export type DeliveryView = z.infer<typeof DeliveryView>;

export const ListDeliveriesQuery = paginatedQuery({ status: DeliveryStatus.optional() }, 200).meta({ id: 'ListDeliveriesQuery' });
export type ListDeliveriesQuery = z.infer<typeof ListDeliveriesQuery>;
export const DeliveryListView = paginatedList(DeliveryView).meta({ id: 'DeliveryList' });
export type DeliveryListView = z.infer<typeof DeliveryListView>;

/** Who a filter reaches on a channel now: a count and the first few, for the campaign screen. */
export const AudiencePreviewBody = z
  .strictObject({ org_id: z.uuid(), channel: MessagingChannel, audience: AudienceFilter.default({}) })
  .meta({ id: 'AudiencePreviewBody' });
export type AudiencePreviewBody = z.infer<typeof AudiencePreviewBody>;
export const AudiencePreviewView = z
  .object({
    count: z.number().int(),
    /** Customers the filters match who have not consented (or withdrew) on this channel: not messaged. */
    without_consent: z.number().int(),
    sample: z.array(z.object({ recipient: z.string(), name: orNull(z.string()) })),
  })
  .meta({ id: 'AudiencePreview' });
export type AudiencePreviewView = z.infer<typeof AudiencePreviewView>;

// ——— The consent ledger ———

export const ConsentStatus = z.enum(['given', 'withdrawn']).meta({ id: 'ConsentStatus' });
export type ConsentStatus = z.infer<typeof ConsentStatus>;

/** Where a consent or its withdrawal came from: each is a line of the ledger. */
export const CONSENT_SOURCES = ['form', 'sms_keyword', 'unsubscribe_link', 'list_unsubscribe', 'push_subscription', 'staff'] as const;
export const ConsentSource = z.enum(CONSENT_SOURCES).meta({ id: 'ConsentSource' });
export type ConsentSource = z.infer<typeof ConsentSource>;

/** An email or a phone number: which one is told by its shape. */
export const MessagingAddress = z
  .string()
  .trim()
  .min(1, { error: 'Give an email or a phone number.' })
  .max(254)
  .transform((text, ctx) => {
    if (text.includes('@')) {
      const email = Email.safeParse(text);
      if (email.success) return { channel: 'email' as const, address: email.data };
      ctx.addIssue({ code: 'custom', message: 'That is not an email address.' });
      return z.NEVER;
    }
    const phone = E164Phone.safeParse(text);
    if (phone.success) return { channel: 'sms' as const, address: phone.data };
    ctx.addIssue({ code: 'custom', message: phone.error.issues[0]!.message });
    return z.NEVER;
  });

export const ConsentQuery = z.strictObject({ org_id: z.uuid(), address: MessagingAddress }).meta({ id: 'ConsentQuery' });
export type ConsentQuery = z.infer<typeof ConsentQuery>;

export const RecordConsentBody = z
  .strictObject({ org_id: z.uuid(), address: MessagingAddress, status: ConsentStatus, note: z.string().trim().max(500).default('') })
  .meta({ id: 'RecordConsentBody' });
export type RecordConsentBody = z.infer<typeof RecordConsentBody>;

export const ConsentEntryView = z
  .object({ status: ConsentStatus, source: ConsentSource, note: orNull(z.string()), at: z.string() })
  .meta({ id: 'ConsentEntry' });
export const ConsentView = z
  .object({
    channel: MessagingChannel,
    address: z.string(),
    /** `unknown`: never asked; a campaign does not reach them, a single transactional send does. */
    status: z.enum(['given', 'withdrawn', 'unknown']),
    history: z.array(ConsentEntryView),
  })
  .meta({ id: 'Consent' });
export type ConsentView = z.infer<typeof ConsentView>;

// ——— Spec §7 "Messaging" single sends ———

export const SendSmsBody = z
  .strictObject({ org_id: z.uuid(), to: E164Phone, message: z.string().trim().min(1, { error: 'Write the message.' }).max(MAX_SMS_LENGTH) })
  .meta({ id: 'SendSmsBody' });
export type SendSmsBody = z.infer<typeof SendSmsBody>;

/** Spec §7 "send email with QR codes attached": `amount` one-time codes of `base_code_id`, named `name`, each `width` × `height` in `type`. */
export const SendEmailQrBody = z
  .strictObject({
    org_id: z.uuid(),
    base_code_id: CodeId,
    name: z.string().trim().min(1, { error: 'Name the batch of codes.' }).max(120),
    type: QrImageFormat.default('png'),
    width: z.number().int().min(64).max(2048).default(300),
    height: z.number().int().min(64).max(2048).default(300),
    amount: z
      .number()
      .int()
      .min(1, { error: 'Send at least one code.' })
      .max(MAX_EMAIL_QR_AMOUNT, { error: `An email carries at most ${MAX_EMAIL_QR_AMOUNT} codes.` }),
    to: Email,
    subject: z.string().trim().min(1).max(200).default('Your QR codes'),
    message: TemplateText(10_000, 'message').default('Here are your QR codes.'),
  })
  .meta({ id: 'SendEmailQrBody' });
export type SendEmailQrBody = z.infer<typeof SendEmailQrBody>;

/** What a single send did: the delivery as the queue holds it. */
export const SendResultView = z
  .object({ message: z.enum(['success', 'error']), error: z.boolean(), delivery_id: z.uuid(), status: DeliveryStatus, outbox: z.boolean() })
  .meta({ id: 'SendResult' });
export type SendResultView = z.infer<typeof SendResultView>;

/** Spec §7 "campaign invitation message": a draft campaign inviting customers to a code's `action`. */
export const INVITATION_ACTIONS = ['visit', 'join_loyalty', 'refer_friend', 'claim_promo'] as const;
export const InvitationBody = z
  .strictObject({ org_id: z.uuid(), code_id: CodeId, action: z.enum(INVITATION_ACTIONS), channel: MessagingChannel.default('sms') })
  .meta({ id: 'InvitationBody' });
export type InvitationBody = z.infer<typeof InvitationBody>;

// ——— SMS keywords, auto SMS, numbers and verification ———

/** Words that withdraw SMS consent, and that give it again (CTIA's and Twilio's standard set). */
export const SMS_OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const SMS_OPT_IN_WORDS = ['START', 'YES', 'UNSTOP'] as const;

const Keyword = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}$/, { error: 'A keyword is 2 to 20 letters or digits, such as JOIN or PIZZA.' })
  .refine((word) => !([...SMS_OPT_OUT_WORDS, ...SMS_OPT_IN_WORDS, 'HELP', 'INFO'] as readonly string[]).includes(word), {
    message: 'That word is reserved for opting out, in or for help.',
  });

/** Spec §7 "send SMS campaign keys": a word people text in to join the audience or to get a reward. */
export const CampaignKeyBody = z
  .strictObject({
    org_id: z.uuid(),
    keyword: Keyword,
    action: z.enum(['join', 'reward']),
    reply: TemplateText(MAX_SMS_LENGTH, 'reply'),
    code_id: CodeId.optional(),
  })
  .meta({ id: 'CampaignKeyBody' });
export type CampaignKeyBody = z.infer<typeof CampaignKeyBody>;

export const CampaignKeyView = z
  .object({
    keyword: z.string(),
    action: z.enum(['join', 'reward']),
    reply: z.string(),
    code_id: orNull(CodeId),
    uses: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'CampaignKey' });
export type CampaignKeyView = z.infer<typeof CampaignKeyView>;
export const CampaignKeyPath = z.strictObject({ keyword: Keyword }).meta({ id: 'CampaignKeyPath' });
export type CampaignKeyPath = z.infer<typeof CampaignKeyPath>;

/** Spec §7 "send SMS campaign": an SMS campaign drafted and scheduled in one call, now or at `send_at`. */
export const SmsCampaignBody = z
  .strictObject({ org_id: z.uuid(), channel: z.literal('sms').default('sms'), ...campaignFields, send_at: SendAt.optional() })
  .superRefine(checkCampaign)
  .meta({ id: 'SmsCampaignBody' });
export type SmsCampaignBody = z.infer<typeof SmsCampaignBody>;

/** Spec §7 "auto SMS": a text sent when something happens on a code. */
export const AUTO_SMS_TRIGGERS = ['form_submitted', 'reward_redeemed', 'referral_converted'] as const;
export const AutoSmsBody = z
  .strictObject({
    org_id: z.uuid(),
    trigger: z.enum(AUTO_SMS_TRIGGERS),
    code_id: CodeId.optional(),
    message: TemplateText(MAX_SMS_LENGTH, 'message'),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'AutoSmsBody' });
export type AutoSmsBody = z.infer<typeof AutoSmsBody>;
export const AutoSmsView = z
  .object({ rule_id: z.uuid(), trigger: z.enum(AUTO_SMS_TRIGGERS), code_id: orNull(CodeId), message: z.string(), enabled: z.boolean(), sent: z.number().int() })
  .meta({ id: 'AutoSms' });
export type AutoSmsView = z.infer<typeof AutoSmsView>;
export const AutoSmsPath = z.strictObject({ rule_id: z.uuid({ error: 'A rule id is a UUID.' }) }).meta({ id: 'AutoSmsPath' });
export type AutoSmsPath = z.infer<typeof AutoSmsPath>;
/** A rule's whole content after the change; its organisation stays. */
export const UpdateAutoSmsBody = AutoSmsBody.omit({ org_id: true }).meta({ id: 'UpdateAutoSmsBody' });
export type UpdateAutoSmsBody = z.infer<typeof UpdateAutoSmsBody>;

export const AvailableNumbersBody = z
  .strictObject({
    org_id: z.uuid(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'A country is its two-letter code, such as US or GB.' })
      .default('US'),
    area_code: z
      .string()
      .regex(/^\d{2,5}$/, { error: 'An area code is 2 to 5 digits.' })
      .optional(),
  })
  .meta({ id: 'AvailableNumbersBody' });
export type AvailableNumbersBody = z.infer<typeof AvailableNumbersBody>;
export const AvailableNumberView = z
  .object({ phone_number: z.string(), friendly_name: z.string(), locality: orNull(z.string()), region: orNull(z.string()) })
  .meta({ id: 'AvailableNumber' });
export type AvailableNumberView = z.infer<typeof AvailableNumberView>;

export const PurchaseNumberBody = z.strictObject({ org_id: z.uuid(), phone_number: E164Phone }).meta({ id: 'PurchaseNumberBody' });
export type PurchaseNumberBody = z.infer<typeof PurchaseNumberBody>;
export const PurchasedNumberView = z.object({ phone_number: z.string(), provider_sid: z.string(), purchased_at: z.string() }).meta({ id: 'PurchasedNumber' });
export type PurchasedNumberView = z.infer<typeof PurchasedNumberView>;

/** Spec §7 "phone-number verification": a one-time code by SMS, then its check. */
export const StartVerificationBody = z.strictObject({ org_id: z.uuid(), phone: E164Phone }).meta({ id: 'StartVerificationBody' });
export type StartVerificationBody = z.infer<typeof StartVerificationBody>;
export const CheckVerificationBody = z
  .strictObject({ org_id: z.uuid(), phone: E164Phone, code: z.string().regex(/^\d{6}$/, { error: 'The code is the six digits the text message gave.' }) })
  .meta({ id: 'CheckVerificationBody' });
export type CheckVerificationBody = z.infer<typeof CheckVerificationBody>;
export const VerificationView = z.object({ phone: z.string(), status: z.enum(['pending', 'approved']) }).meta({ id: 'Verification' });
export type VerificationView = z.infer<typeof VerificationView>;

/**
 * Twilio's incoming-message webhook, form-encoded: the fields this product reads. Twilio sends
 * more (MessageSid, NumMedia, FromCity…), kept as they came, since its signature covers them all.
 */
export const InboundSmsForm = z
  .looseObject({
    From: z.string({ error: 'From is the sender’s number.' }).min(1).max(64),
    To: z.string({ error: 'To is the number texted.' }).min(1).max(64),
    Body: z.string().max(MAX_SMS_LENGTH).default(''),
  })
  .meta({ id: 'InboundSmsForm' });
export type InboundSmsForm = z.infer<typeof InboundSmsForm>;

/** Twilio's status callback for a message sent here: its final states mark the delivery delivered or failed. */
export const SmsStatusForm = z
  .looseObject({
    MessageSid: z.string({ error: 'MessageSid names the message.' }).min(1).max(64),
    MessageStatus: z.string({ error: 'MessageStatus is the message’s state.' }).min(1).max(32),
    ErrorCode: z.string().max(16).optional(),
  })
  .meta({ id: 'SmsStatusForm' });
export type SmsStatusForm = z.infer<typeof SmsStatusForm>;
/** The organisation whose message it is: part of the signed URL Twilio was given. */
export const SmsStatusQuery = z.strictObject({ org_id: z.uuid() }).meta({ id: 'SmsStatusQuery' });
export type SmsStatusQuery = z.infer<typeof SmsStatusQuery>;

// ——— Web push ———

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionJson = z
  .strictObject({
    // Browsers' push services are all https, and the push library speaks nothing else.
    endpoint: z.url({ protocol: /^https$/, error: 'A push endpoint is an https web address.' }).max(2048),
    expirationTime: z.number().nullable().optional(),
    // RFC 8291 §3: the browser's P-256 public key, uncompressed (65 bytes), and a 16-byte auth secret, both base64url.
    keys: z.strictObject({
      p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: 'p256dh is the browser’s P-256 public key: 65 bytes, base64url.' }),
      auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'auth is the browser’s 16-byte secret, base64url.' }),
    }),
  })
  .meta({ id: 'PushSubscriptionJson' });
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

export const PushSubscribeBody = z.strictObject({ code_id: CodeId, subscription: PushSubscriptionJson }).meta({ id: 'PushSubscribeBody' });
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;
export const PushUnsubscribeBody = z.strictObject({ endpoint: z.url().max(2048) }).meta({ id: 'PushUnsubscribeBody' });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

/** The server's VAPID public key, for `pushManager.subscribe`. */
export const PushKeyView = z.object({ public_key: z.string() }).meta({ id: 'PushKey' });
export type PushKeyView = z.infer<typeof PushKeyView>;

/** Spec §7 "send push notification": now, or at `send_at`. */
export const SendPushBody = z
  .strictObject({
    org_id: z.uuid(),
    title: z.string().trim().min(1, { error: 'Write the title.' }).max(120),
    body: z.string().trim().min(1, { error: 'Write the message.' }).max(500),
    /** Whose subscribers; a tap opens this code's link (without one, the code each browser subscribed on). */
    code_id: CodeId.optional(),
    send_at: SendAt.optional(),
  })
  .meta({ id: 'SendPushBody' });
export type SendPushBody = z.infer<typeof SendPushBody>;

/** Spec §4: `message` contains 'sent' when sent immediately and 'Scheduled' when scheduled. */
export const SendPushView = z.object({ message: z.string(), campaign_id: CampaignId, subscribers: z.number().int() }).meta({ id: 'SendPushResult' });
export type SendPushView = z.infer<typeof SendPushView>;

// ——— Provider connections and the outbox ———

export const MESSAGING_PROVIDERS = ['smtp', 'twilio'] as const;
export const MessagingProvider = z.enum(MESSAGING_PROVIDERS).meta({ id: 'MessagingProvider' });
export type MessagingProvider = z.infer<typeof MessagingProvider>;
export const ProviderPath = z.strictObject({ provider: MessagingProvider });
export type ProviderPath = z.infer<typeof ProviderPath>;

export const SmtpConnectionBody = z
  .strictObject({
    org_id: z.uuid(),
    host: z.string().trim().min(1, { error: 'Give the SMTP server’s host name.' }).max(253),
    port: z.number().int().min(1).max(65535).default(587),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    secure: z.boolean().default(false),
    user: z.string().trim().max(254).default(''),
    password: z.string().max(1024).default(''),
    from: Email,
    from_name: z.string().trim().max(120).default(''),
    /** Most messages a second through this server. */
    rate_per_second: z.number().int().min(1).max(1000).default(20),
  })
  .meta({ id: 'SmtpConnectionBody' });
export type SmtpConnectionBody = z.infer<typeof SmtpConnectionBody>;

export const TwilioConnectionBody = z
  .strictObject({
    org_id: z.uuid(),
    account_sid: z.string().regex(/^AC[0-9a-fA-F]{32}$/, { error: 'An account SID is AC and 32 hexadecimal digits.' }),
    auth_token: z.string().min(16, { error: 'Paste the auth token from the Twilio console.' }).max(128),
    from: E164Phone,
    /** A Verify service for phone-number verification (VA…); without one the product sends its own codes. */
    verify_service_sid: z
      .string()
      .regex(/^VA[0-9a-fA-F]{32}$/, { error: 'A Verify service SID is VA and 32 hexadecimal digits.' })
      .optional(),
  })
  .meta({ id: 'TwilioConnectionBody' });
export type TwilioConnectionBody = z.infer<typeof TwilioConnectionBody>;

/** A connection as staff see it: never its password or token. */
export const ConnectionView = z
  .object({
    provider: MessagingProvider,
    connected: z.boolean(),
    /** What is connected, secrets left out: host and from, or account SID and number. */
    summary: orNull(z.string()),
    updated_at: orNull(z.string()),
    /** Without a connection, messages go to the outbox: this says how to connect. */
    hint: z.string(),
  })
  .meta({ id: 'Connection' });
export type ConnectionView = z.infer<typeof ConnectionView>;
export const ConnectionsView = z.object({ connections: z.array(ConnectionView), push_public_key: z.string() }).meta({ id: 'Connections' });
export type ConnectionsView = z.infer<typeof ConnectionsView>;

export const OutboxQuery = paginatedQuery({ org_id: z.uuid(), channel: MessagingChannel.optional() }).meta({ id: 'OutboxQuery' });
export type OutboxQuery = z.infer<typeof OutboxQuery>;
export const OutboxMessageView = z
  .object({
    message_id: z.uuid(),
    channel: MessagingChannel,
    recipient: z.string(),
    subject: orNull(z.string()),
    text: z.string(),
    /** The email's HTML with its inline images as data: URLs, for the admin's preview. */
    html: orNull(z.string()),
    attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
    campaign_id: orNull(CampaignId),
    created_at: z.string(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessageView = z.infer<typeof OutboxMessageView>;
export const OutboxListView = paginatedList(OutboxMessageView).meta({ id: 'OutboxList' });
export type OutboxListView = z.infer<typeof OutboxListView>;

/** Where an email's unsubscribe link points: the token names the organisation, channel and address, signed. */
export const UnsubscribeQuery = z.strictObject({ token: z.string().min(10).max(500) }).meta({ id: 'UnsubscribeQuery' });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;
/** Whose messages the link stops, in their brand, and whether the address still gets them. */
export const UnsubscribeView = z.object({ organization: PublicOrganization, address: z.string(), status: ConsentStatus }).meta({ id: 'Unsubscribe' });
export type UnsubscribeView = z.infer<typeof UnsubscribeView>;
