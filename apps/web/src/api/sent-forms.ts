/**
 * The landing page forms this browser sent, kept so that a loyalty card on the same phone earns by
 * them (issue 54: points per form submission, campaign rewards for sending a code's form). The
 * server credits a submission only to the card whose email or phone sent it, and once; the browser
 * merely remembers which to ask about. Zod-free, since the landing page's own bundle writes it.
 */
const KEY = 'qr-platform.sent-forms';
/** Forms remembered at most, and for how long: a card is opened the same day, or not for this. */
const MAX_SENT = 20;
const KEPT_MS = 7 * 24 * 3600_000;

export interface SentForm {
  submission_id: string;
  sent_at: number;
}

export function sentForms(now = Date.now()): SentForm[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (form): form is SentForm => typeof form?.submission_id === 'string' && typeof form?.sent_at === 'number' && now - form.sent_at < KEPT_MS,
    );
  } catch {
    // Storage refused (a private window) or garbled: nothing is remembered.
    return [];
  }
}

export function rememberSentForm(submissionId: string, now = Date.now()): void {
  try {
    const kept = sentForms(now).filter((form) => form.submission_id !== submissionId);
    localStorage.setItem(KEY, JSON.stringify([...kept, { submission_id: submissionId, sent_at: now }].slice(-MAX_SENT)));
  } catch {
    // Without storage the form still counts for the page; only a card on this phone does not hear of it.
  }
}

/** Forgets those a card has been credited with (or that can never be its). */
export function forgetSentForms(submissionIds: readonly string[]): void {
  if (submissionIds.length === 0) return;
  try {
    const done = new Set(submissionIds);
    localStorage.setItem(KEY, JSON.stringify(sentForms().filter((form) => !done.has(form.submission_id))));
  } catch {
    // As above.
  }
}
