import { z } from 'zod';
import { FORM_DATE_MAX, FORM_DATE_MIN, MAX_ANSWER_LENGTH, type FormAnswers, type FormInput } from '@qr/contracts';

export type Answer = string | boolean;

/** One problem with one answer, keyed by the input's name so the page shows it next to the input. */
export interface AnswerProblem {
  field: string;
  message: string;
}

export type CheckedAnswers = { ok: true; values: Record<string, Answer> } | { ok: false; problems: AnswerProblem[] };

const EMAIL = z.email();
const PHONE = /^\+?[0-9][0-9 ().-]{5,24}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const labelOf = (input: FormInput) => input.input_display_name || input.name.replaceAll('_', ' ');

/**
 * The spec's default form declares `email` and `phone` as text; a visitor still expects a typo in
 * either to be caught, so text inputs with those names are checked as what they are.
 */
function checkedTypeOf(input: FormInput): FormInput['input_type'] {
  if (input.input_type === 'text' && (input.name === 'email' || input.name === 'phone')) return input.name;
  return input.input_type;
}

/** A valid calendar day within the spec's bounds (the format alone lets 2023-02-31 through). */
function isDateInRange(value: string): boolean {
  if (!DATE.test(value) || value < FORM_DATE_MIN || value > FORM_DATE_MAX) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The answer as stored, or the reason it is refused; `undefined` for an unanswered optional input. */
function checkOne(input: FormInput, raw: Answer | undefined): { value?: Answer; problem?: string } {
  const label = labelOf(input);
  if (input.input_type === 'checkbox' || input.input_type === 'consent') {
    if (raw !== undefined && typeof raw !== 'boolean') return { problem: `Tick or untick ${label}.` };
    if (input.required && raw !== true) return { problem: input.input_type === 'consent' ? 'Please give your consent to continue.' : `Please tick ${label}.` };
    return { value: raw ?? false };
  }
  if (raw !== undefined && typeof raw !== 'string') return { problem: `Enter ${label} as text.` };
  const value = raw?.trim() ?? '';
  if (value === '') return input.required ? { problem: `Please enter ${label}.` } : {};
  if (value.length > MAX_ANSWER_LENGTH) return { problem: `${capitalised(label)} is at most ${MAX_ANSWER_LENGTH} characters.` };
  switch (checkedTypeOf(input)) {
    case 'email':
      return EMAIL.safeParse(value).success ? { value: value.toLowerCase() } : { problem: 'Enter an email address such as name@example.com.' };
    case 'phone':
      return PHONE.test(value) ? { value } : { problem: 'Enter a phone number such as 555 555 5555.' };
    case 'number':
      return NUMBER.test(value) ? { value } : { problem: `Enter ${label} as a number.` };
    case 'date':
      return isDateInRange(value) ? { value } : { problem: `Enter a date between ${FORM_DATE_MIN} and ${FORM_DATE_MAX}.` };
    case 'select':
      return input.options?.includes(value) ? { value } : { problem: `Choose one of the listed ${label} options.` };
    default:
      return { value };
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Checks a visitor's answers against the page's form: required inputs answered, each answer of its
 * input's type and length, no answer for an input the form does not have. Every problem is
 * reported at once, by input name; page markers take no answer.
 */
export function checkAnswers(form: readonly FormInput[], answers: FormAnswers): CheckedAnswers {
  const inputs = form.filter((input) => input.input_type !== 'page');
  const known = new Set(inputs.map((input) => input.name));
  const problems: AnswerProblem[] = Object.keys(answers)
    .filter((name) => !known.has(name))
    .map((name) => ({ field: name, message: 'This form has no such field.' }));
  const values: Record<string, Answer> = {};
  for (const input of inputs) {
    const { value, problem } = checkOne(input, answers[input.name]);
    if (problem) problems.push({ field: input.name, message: problem });
    else if (value !== undefined) values[input.name] = value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}
