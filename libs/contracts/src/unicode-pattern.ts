import type { z } from 'zod';

/**
 * `.regex()` for a pattern that needs the `u` flag (`\p{…}` classes). The OpenAPI generator prints a
 * regex with its flags into the document (`…$/u`, a pattern no string matches), so the document gets
 * the pattern's source instead: JSON Schema reads every pattern as Unicode already.
 */
export const matchingUnicode = (text: z.ZodString, pattern: RegExp, error: string): z.ZodString => text.regex(pattern, { error }).meta({ pattern: pattern.source });
