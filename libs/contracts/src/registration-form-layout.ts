import type { FormInput } from './registration-forms';

// Free of zod, for the landing page's bundle (as brand-style.ts is): importing a schema module
// would bring its schemas and zod with it.

/**
 * The label an input's answer goes by where its display name is empty (the default form's are):
 * its name in words, `last_name` as "Last name". Visitors see the same on the form.
 */
export const labelFromInputName = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');

/** The form's steps: page markers split it, and a marker with nothing after it makes no step. */
export function formSteps(form: readonly FormInput[]): FormInput[][] {
  const steps: FormInput[][] = [[]];
  for (const input of form) {
    if (input.input_type === 'page') steps.push([]);
    else steps.at(-1)!.push(input);
  }
  return steps.filter((step) => step.length > 0);
}

/**
 * A form sent by the browser itself, before or without the page's script, carries the submission id
 * and the step shown as hidden inputs, under names no form input can take (an input name starts
 * with a letter).
 */
export const FORM_POST_SUBMISSION_FIELD = '_submission_id';
export const FORM_POST_STEP_FIELD = '_step';
