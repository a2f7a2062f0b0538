import type { FieldError } from '@qr/contracts';

export const NUL_MESSAGE = 'Text cannot hold the character U+0000.';
export const BROKEN_CHARACTER_MESSAGE = 'This text holds half of a character (an unpaired UTF-16 surrogate).';

/** Why PostgreSQL would refuse this text, if it would. */
function refusalOf(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (!text.isWellFormed()) return BROKEN_CHARACTER_MESSAGE;
  return undefined;
}

/**
 * The strings of a request that PostgreSQL cannot store: U+0000 in `text` and `jsonb`, and a lone
 * surrogate (`"\ud800"` is valid JSON) in `jsonb`. Each would fail the write with a 500 after
 * validation let it through, so they are refused with the other field errors. Walked with a stack
 * rather than recursion: JSON nested a hundred thousand deep parses, and must not overflow here.
 */
export function unstorableTextIn(value: unknown, location: string): FieldError[] {
  const errors: FieldError[] = [];
  const pending: { value: unknown; field: string }[] = [{ value, field: location }];
  while (pending.length > 0) {
    const { value, field } = pending.pop()!;
    if (typeof value === 'string') {
      const message = refusalOf(value);
      if (message) errors.push({ field, message });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, field: `${field}.${index}` }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const keyRefusal = refusalOf(key);
        if (keyRefusal) errors.push({ field, message: `A field name: ${keyRefusal}` });
        else pending.push({ value: item, field: `${field}.${key}` });
      }
    }
  }
  return errors.reverse();
}
