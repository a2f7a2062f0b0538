import { z } from 'zod';

/*
 * Two shapes the OpenAPI generator would render wrong, written so that the document says what the
 * schema takes. Each is the same schema to zod.
 */

/**
 * `.regex()` for a pattern that needs the `u` flag (`\p{…}` classes). The generator prints a regex
 * with its flags into the document (`…$/u`, a pattern no string matches), so the document gets the
 * pattern's source instead: JSON Schema reads every pattern as Unicode already.
 */
export const matchingUnicode = (text: z.ZodString, pattern: RegExp, error: string): z.ZodString =>
  text.regex(pattern, { error }).meta({ pattern: pattern.source });

/** A named schema or null. `.nullable()` of a named schema comes out as `allOf` of it and a nullable type, which null never satisfies. */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
