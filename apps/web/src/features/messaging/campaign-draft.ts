import type { AudienceFilter, CampaignView, MessagingChannel, PersonalValues, QrImageFormat } from '@qr/contracts';

/**
 * What the campaign editor holds while staff type: strings and flags as the inputs give them,
 * turned into the contract's body only when saved, so a half-typed number never becomes 0.
 */
export interface CampaignDraft {
  channel: MessagingChannel;
  name: string;
  /** The campaign's code ('' for none): its link is `{{code_url}}`, and an email's QR codes are its one-time codes. */
  code_id: string;
  /** The audience's filters, '' for "any". */
  audience_code_id: string;
  page_id: string;
  programme_id: string;
  tier: string;
  active_within_days: number | string;
  subject: string;
  message: string;
  qr_enabled: boolean;
  qr_type: QrImageFormat;
  qr_width: number | string;
  qr_height: number | string;
  qr_placement: 'inline' | 'attachment';
  send_mode: 'now' | 'later';
  /** A `datetime-local` value, in the browser's time. */
  send_at: string;
}

export const emptyDraft = (channel: MessagingChannel, codeId = ''): CampaignDraft => ({
  channel,
  name: '',
  code_id: codeId,
  audience_code_id: codeId,
  page_id: '',
  programme_id: '',
  tier: '',
  active_within_days: '',
  subject: '',
  message: '',
  qr_enabled: false,
  qr_type: 'png',
  qr_width: 300,
  qr_height: 300,
  qr_placement: 'inline',
  send_mode: 'now',
  send_at: '',
});

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` value in the browser's time. */
export function localOf(instant: string | null): string {
  if (instant === null) return '';
  const at = new Date(instant);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A saved campaign back in the editor's shape. */
export function draftOf(campaign: CampaignView): CampaignDraft {
  const { audience, qr } = campaign;
  return {
    ...emptyDraft(campaign.channel, campaign.code_id ?? ''),
    name: campaign.name,
    audience_code_id: audience.code_id ?? '',
    page_id: audience.page_id ?? '',
    programme_id: audience.programme_id ?? '',
    tier: audience.tier ?? '',
    active_within_days: audience.active_within_days ?? '',
    subject: campaign.subject,
    message: campaign.message,
    qr_enabled: qr !== null,
    qr_type: qr?.type ?? 'png',
    qr_width: qr?.width ?? 300,
    qr_height: qr?.height ?? 300,
    qr_placement: qr?.placement ?? 'inline',
    send_mode: campaign.send_at ? 'later' : 'now',
    send_at: localOf(campaign.send_at),
  };
}

const optional = (text: string) => (text === '' ? undefined : text);
const numberOr = (value: number | string) => (value === '' ? undefined : Number(value));

/** The audience filters in the contract's shape; an unset filter is left out, which means "any". */
export function audienceOf(draft: CampaignDraft): AudienceFilter {
  // Push subscriptions are browsers, not customers: only the code they subscribed on narrows them.
  if (draft.channel === 'push') return draft.audience_code_id === '' ? {} : { code_id: draft.audience_code_id };
  const filter: Record<string, string | number | undefined> = {
    code_id: optional(draft.audience_code_id),
    page_id: optional(draft.page_id),
    programme_id: optional(draft.programme_id),
    tier: optional(draft.tier),
    active_within_days: numberOr(draft.active_within_days),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as AudienceFilter;
}

/** The draft in the shape of UpdateCampaignBody's input (CreateCampaignBody's with `org_id`), for the contract to check. */
export function contentOf(draft: CampaignDraft): Record<string, unknown> {
  return {
    channel: draft.channel,
    name: draft.name,
    ...(draft.code_id === '' ? {} : { code_id: draft.code_id }),
    audience: audienceOf(draft),
    subject: draft.channel === 'sms' ? '' : draft.subject,
    message: draft.message,
    ...(draft.channel === 'email' && draft.qr_enabled
      ? { qr: { type: draft.qr_type, width: numberOr(draft.qr_width), height: numberOr(draft.qr_height), placement: draft.qr_placement } }
      : {}),
  };
}

/** `send_at` of ScheduleCampaignBody: none for "now". */
export function scheduleOf(draft: CampaignDraft): { send_at?: string } {
  if (draft.send_mode === 'now') return {};
  const at = new Date(draft.send_at);
  // An unreadable time is sent as typed, so the contract refuses it by name.
  return { send_at: Number.isNaN(at.getTime()) ? draft.send_at : at.toISOString() };
}

/** Inserts `{{field}}` at the caret (or at the end), returning the text and where the caret goes next. */
export function insertField(text: string, field: string, caret: number | null): { text: string; caret: number } {
  const at = caret ?? text.length;
  const token = `{{${field}}}`;
  return { text: `${text.slice(0, at)}${token}${text.slice(at)}`, caret: at + token.length };
}

/**
 * The values the preview fills the message with: the audience's first recipient where there is one,
 * made-up ones otherwise, so staff see the message as a customer will.
 */
export function sampleValues(
  channel: MessagingChannel,
  sample: { recipient: string; name: string | null } | undefined,
  organizationName: string,
  codeUrl: string,
): PersonalValues {
  const name = sample?.name ?? 'Ada Lovelace';
  const [first_name = '', ...rest] = name.split(' ');
  const recipient = sample?.recipient;
  return {
    name,
    first_name,
    last_name: rest.join(' '),
    email: channel === 'email' ? (recipient ?? 'ada@example.com') : '',
    phone: channel === 'sms' ? (recipient ?? '+442079460958') : '',
    organization_name: organizationName,
    code_url: codeUrl,
    unsubscribe_url: `${window.location.origin}/unsubscribe`,
  };
}

// GSM 03.38: its basic set costs one septet a character, its extension table two; anything else makes the whole text UCS-2.
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How long a text message is on the wire and how many segments it takes (160/153 GSM-7 characters, or 70/67 in UCS-2). */
export function smsLength(text: string): { characters: number; segments: number; encoding: 'GSM-7' | 'UCS-2' } {
  const characters = [...text];
  const gsm = characters.every((character) => GSM_BASIC.includes(character) || GSM_EXTENDED.includes(character));
  if (gsm) {
    const septets = characters.reduce((sum, character) => sum + (GSM_EXTENDED.includes(character) ? 2 : 1), 0);
    return { characters: septets, segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153), encoding: 'GSM-7' };
  }
  // UCS-2 counts UTF-16 code units: an emoji is two.
  const units = text.length;
  return { characters: units, segments: units <= 70 ? 1 : Math.ceil(units / 67), encoding: 'UCS-2' };
}
