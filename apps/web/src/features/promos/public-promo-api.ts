import type { FieldError, PromoNonceView, PromoValidation, PublicPromoView, ValidatePromoInput } from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import { publicFetch } from '../../api/api-fetch';

/**
 * The visitor's side of promos, without sign-in. Nor zod: a promo block sits on the landing page, a
 * phone's download, so answers are taken as the contract's types unparsed (as public-page-api does).
 */

/** The code has no promos to show: unknown, deleted, or a malformed id. */
export class PromosUnavailable extends Error {}

export async function fetchPublicPromo(qrId: string): Promise<PublicPromoView> {
  const response = await publicFetch(`/api/v1/public/promos/${encodeURIComponent(qrId)}`);
  if (response.ok) return (await response.json()) as PublicPromoView;
  if (response.status === 404 || response.status === 400) throw new PromosUnavailable();
  throw new Error(`The offers could not be loaded (${response.status}). Please try again.`);
}

/** A code's campaigns as visitors see them; the promo page and a page's promo block share one read. */
export const usePublicPromo = (qrId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['public-promo', qrId],
    queryFn: () => fetchPublicPromo(qrId),
    enabled,
    retry: (count, error) => !(error instanceof PromosUnavailable) && count < 3,
  });

/** A fresh nonce for this page: each validation spends one, so the page asks again after every answer. */
export async function requestNonce(qrId: string): Promise<string> {
  const response = await publicFetch('/api/v1/public/promos/nonce', { method: 'POST', body: JSON.stringify({ qr_id: qrId }) });
  if (!response.ok) throw new Error(`The promo page could not be prepared (${response.status}). Please try again.`);
  return ((await response.json()) as PromoNonceView).nonce;
}

/** What a validation came to, as the entry shows it. */
export type ValidationOutcome =
  | { kind: 'answered'; validation: PromoValidation }
  /** The nonce was too old, replayed or for another code: nothing was counted. */
  | { kind: 'nonce_invalid' }
  /** Too many failures from this phone or address: the lockout lasts this long. */
  | { kind: 'rate_limited'; retry_after_s: number }
  /** The input itself was refused, by field (`promo_code`, `master_key`) or as a whole (`''`). */
  | { kind: 'refused_input'; errors: Record<string, string> };

/** Retry-After in seconds (RFC 9110 allows a date too); a header that says neither means a minute. */
function retryAfterSeconds(header: string | null): number {
  if (header === null) return 60;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && header.trim() !== '') return Math.max(1, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60 : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

/** Spec §7 "validate promo code": a valid answer is the redemption itself. */
export async function validatePromo(body: ValidatePromoInput): Promise<ValidationOutcome> {
  const response = await publicFetch('/api/v1/public/promos/validate', { method: 'POST', body: JSON.stringify(body) });
  if (response.ok) return { kind: 'answered', validation: (await response.json()) as PromoValidation };
  if (response.status === 429) return { kind: 'rate_limited', retry_after_s: retryAfterSeconds(response.headers.get('Retry-After')) };
  const problem = (await response.json().catch(() => ({}))) as { code?: string; detail?: string; errors?: FieldError[] };
  if (problem.code === 'promo_nonce_invalid') return { kind: 'nonce_invalid' };
  if (response.status === 400) {
    const errors: Record<string, string> = {};
    for (const { field, message } of problem.errors ?? []) {
      const name = field.startsWith('body.') ? field.slice('body.'.length) : field;
      errors[name === 'promo_code' || name === 'master_key' ? name : ''] ??= message;
    }
    if (Object.keys(errors).length === 0) errors[''] = problem.detail ?? 'The code could not be checked. Please try again.';
    return { kind: 'refused_input', errors };
  }
  throw new Error(problem.detail ?? `The code could not be checked (${response.status}). Please try again.`);
}

const VISITOR_ID_KEY = 'qr-platform.promo-visitor';
/** Where storage is refused (a private window), the id lasts as long as the tab. */
let visitorIdOfThisTab: string | undefined;

/**
 * A random id kept on this phone, so that a per-visitor limit counts the phone and not the
 * request. It says nothing about the person; clearing the browser's data makes a new one.
 */
export function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_ID_KEY);
    if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(VISITOR_ID_KEY, made);
    return made;
  } catch {
    visitorIdOfThisTab ??= crypto.randomUUID();
    return visitorIdOfThisTab;
  }
}
