import {
  countRandom,
  leastRandomFor,
  promoPatternSpace,
  type PromoCampaignView,
  type PromoCharset,
  type PromoOffer,
  type PromoTerms,
  type FieldError,
} from '@qr/contracts';
import type { z } from 'zod';
import { ApiProblem } from '../../api/api-problem';

/**
 * What the campaign form holds while staff type: strings and flags as the inputs give them. It is
 * turned into the contract's body only on submit, so a half-typed number never becomes 0.
 */
export interface TermsDraft {
  name: string;
  offer_kind: PromoOffer['kind'];
  offer_text: string;
  percent: number | string;
  amount: number | string;
  currency: string;
  /** `datetime-local` values, in the browser's time: empty for "no start" or "no end". */
  starts_at: string;
  ends_at: string;
  /** ISO weekdays as strings, as a checkbox group gives them. */
  days: string[];
  has_hours: boolean;
  hours_from: string;
  hours_until: string;
  time_zone: string;
  total_limit: number | string;
  per_visitor_limit: number | string;
  has_place: boolean;
  latitude: number | string;
  longitude: number | string;
  radius_m: number | string;
  allow_without_location: boolean;
}

export interface CodesDraft {
  kind: 'shared' | 'unique';
  promo_code: string;
  prefix: string;
  postfix: string;
  charset: PromoCharset;
  mask: string;
  count: number | string;
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const emptyTerms = (): TermsDraft => ({
  name: '',
  offer_kind: 'text',
  offer_text: '',
  percent: '',
  amount: '',
  currency: 'EUR',
  starts_at: '',
  ends_at: '',
  days: ['1', '2', '3', '4', '5', '6', '7'],
  has_hours: false,
  hours_from: '09:00',
  hours_until: '17:00',
  time_zone: browserTimeZone(),
  total_limit: '',
  per_visitor_limit: 1,
  has_place: false,
  latitude: '',
  longitude: '',
  radius_m: 200,
  allow_without_location: false,
});

export const emptyCodes = (): CodesDraft => ({
  kind: 'shared',
  promo_code: '',
  prefix: '',
  postfix: '',
  charset: 'alphanumeric',
  mask: '####-####',
  count: 100,
});

/** An empty input is "none" (null) where the contract allows none, and missing (so refused by name) where it does not. */
const numberOr = <Empty>(value: number | string, empty: Empty): number | Empty => (value === '' ? empty : Number(value));
/** A `datetime-local` value back as an instant; empty is none. */
export const instantOf = (local: string): string | null => (local === '' ? null : new Date(local).toISOString());
const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` value in the browser's time. */
export function localOf(instant: string | null): string {
  if (instant === null) return '';
  const at = new Date(instant);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function offerOf(draft: TermsDraft): unknown {
  const text = draft.offer_text;
  if (draft.offer_kind === 'percent_off') return { kind: 'percent_off', text, percent: numberOr(draft.percent, undefined) };
  if (draft.offer_kind === 'amount_off')
    return { kind: 'amount_off', text, amount: numberOr(draft.amount, undefined), currency: draft.currency.trim().toUpperCase() };
  return { kind: draft.offer_kind, text };
}

/** The draft in the shape of PromoTerms' input, for the contract to check. */
export function termsOf(draft: TermsDraft): unknown {
  return {
    name: draft.name,
    offer: offerOf(draft),
    starts_at: instantOf(draft.starts_at),
    ends_at: instantOf(draft.ends_at),
    days: draft.days.map(Number).sort((a, b) => a - b),
    hours: draft.has_hours ? { from: draft.hours_from, until: draft.hours_until } : null,
    time_zone: draft.time_zone,
    total_limit: numberOr(draft.total_limit, null),
    per_visitor_limit: numberOr(draft.per_visitor_limit, null),
    place: draft.has_place
      ? { latitude: numberOr(draft.latitude, undefined), longitude: numberOr(draft.longitude, undefined), radius_m: numberOr(draft.radius_m, undefined) }
      : null,
    allow_without_location: draft.has_place && draft.allow_without_location,
  };
}

export function codesOf(draft: CodesDraft): unknown {
  if (draft.kind === 'shared') return { kind: 'shared', promo_code: draft.promo_code };
  return {
    kind: 'unique',
    pattern: { prefix: draft.prefix, postfix: draft.postfix, charset: draft.charset, mask: draft.mask },
    count: numberOr(draft.count, undefined),
  };
}

/** A saved campaign's terms, back in the form's shape for editing. */
export function draftOf(terms: PromoTerms): TermsDraft {
  const { offer } = terms;
  return {
    ...emptyTerms(),
    name: terms.name,
    offer_kind: offer.kind,
    offer_text: offer.text,
    percent: offer.kind === 'percent_off' ? offer.percent : '',
    amount: offer.kind === 'amount_off' ? offer.amount : '',
    currency: offer.kind === 'amount_off' ? offer.currency : 'EUR',
    starts_at: localOf(terms.starts_at),
    ends_at: localOf(terms.ends_at),
    days: terms.days.map(String),
    has_hours: terms.hours !== null,
    hours_from: terms.hours?.from ?? '09:00',
    hours_until: terms.hours?.until ?? '17:00',
    time_zone: terms.time_zone,
    total_limit: terms.total_limit ?? '',
    per_visitor_limit: terms.per_visitor_limit ?? '',
    has_place: terms.place !== null,
    latitude: terms.place?.latitude ?? '',
    longitude: terms.place?.longitude ?? '',
    radius_m: terms.place?.radius_m ?? 200,
    allow_without_location: terms.allow_without_location,
  };
}

/** Errors keyed by their whole path (`terms.offer.percent`), so each shows next to its own input. */
export type FormErrors = Record<string, string>;

export function checked<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { data: z.infer<Schema>; errors: null } | { data: null; errors: FormErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return { data: null, errors };
}

/** The server's field errors (`body.terms.name`) keyed as `checked` keys its own. */
export function serverErrors(error: unknown): FormErrors {
  const errors: FormErrors = {};
  const fields: readonly FieldError[] = error instanceof ApiProblem ? error.errors : [];
  for (const { field, message } of fields) errors[field.replace(/^body\./, '')] ??= message;
  return errors;
}

/** What a pattern can make, and whether it is enough for the codes asked: said before the server refuses. */
export function patternSpace(draft: CodesDraft): { combinations: bigint; needed: number | null; tooSmall: boolean } | null {
  if (!/^[#-]+$/.test(draft.mask) || countRandom(draft.mask) === 0) return null;
  const combinations = promoPatternSpace({ charset: draft.charset, mask: draft.mask });
  const count = Number(draft.count);
  if (!Number.isInteger(count) || count < 1) return { combinations, needed: null, tooSmall: false };
  const needed = leastRandomFor(draft.charset, count);
  return { combinations, needed, tooSmall: needed === null || countRandom(draft.mask) < needed };
}

/** How a list names a campaign's codes: the shared one, or how many unique ones. */
export function codesLabel(codes: PromoCampaignView['codes']): string {
  return codes.kind === 'shared' ? codes.promo_code : `${codes.count.toLocaleString('en')} unique codes`;
}
