/** A code id is 10 letters and digits (the contracts' CODE_ID_PATTERN; not imported, to keep zod out of the home screen). */
const CODE_ID = /^[0-9A-Za-z]{10}$/;

/**
 * The code id in what a visitor typed or scanned: the id itself, or a link whose last segment is one
 * (`https://qr.example/AbCd123456`, `…/code/AbCd123456`). Anything else is not one of ours.
 */
export function codeIdIn(text: string): string | undefined {
  const trimmed = text.trim();
  if (CODE_ID.test(trimmed)) return trimmed;
  try {
    const last = new URL(trimmed).pathname.split('/').filter(Boolean).pop() ?? '';
    return CODE_ID.test(last) ? last : undefined;
  } catch {
    return undefined;
  }
}
