import type { FieldError } from '@qr/contracts';
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

/**
 * The server's field errors (`body.name`, `body.design.logo`) keyed as `contractFieldErrors` keys
 * its own: by the contract's field, so a form shows them in the same places. The server refuses a
 * few things the contract cannot see, such as text the database cannot store.
 */
export function fieldErrorsByName(errors: readonly FieldError[]): Record<string, string> {
  const byName: Record<string, string> = {};
  for (const { field, message } of errors) byName[field.split('.')[1] ?? field] ??= message;
  return byName;
}
