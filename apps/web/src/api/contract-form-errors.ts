import type { z } from 'zod';

/**
 * Checks form values against the API's own zod contract before sending, so a form shows the
 * messages the server would answer with, next to the field. Keys are the contract's field names.
 */
export function contractFieldErrors<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { data: z.infer<Schema>; errors: null } | { data: null; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
