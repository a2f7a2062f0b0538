import { z } from 'zod';

/**
 * A landing page's registration form (spec §3 "Default registration form definition"): an ordered
 * list of inputs, each with the spec's five fields. Inputs of type `page` are markers that split the
 * form into steps; the first input is always the marker `page` ("Page1"), which staff cannot remove.
 */

export const FORM_INPUT_TYPES = ['page', 'text', 'email', 'phone', 'number', 'date', 'select', 'checkbox', 'consent'] as const;
export const FormInputType = z.enum(FORM_INPUT_TYPES).meta({ id: 'FormInputType' });
export type FormInputType = z.infer<typeof FormInputType>;

/** Spec §5's date bounds for a date input, as the visitor's answer is checked against them. */
export const FORM_DATE_MIN = '1900-01-01';
export const FORM_DATE_MAX = '2099-12-31';
/** Longest answer to a text-like input; a longer one is refused rather than cut. */
export const MAX_ANSWER_LENGTH = 500;
export const MAX_FORM_INPUTS = 60;
export const FIRST_PAGE_MARKER = 'page';

export const FormInput = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'An input name is lower-case letters, digits and _, starting with a letter.' })
      .meta({ description: 'The key the visitor’s answer is stored under.' }),
    input_display_name: z.string().trim().max(80).default(''),
    placeholder_text: z.string().trim().max(120).default(''),
    required: z.boolean().default(false),
    input_type: FormInputType,
    options: z.array(z.string().trim().min(1).max(80)).max(50).optional().meta({ description: 'The choices of a `select` input.' }),
  })
  .meta({ id: 'FormInput' });
export type FormInput = z.infer<typeof FormInput>;
export type FormInputSpec = z.input<typeof FormInput>;

/** The form a new page starts with, exactly as spec §3 lists it. */
export const DEFAULT_REGISTRATION_FORM: readonly FormInput[] = [
  { name: FIRST_PAGE_MARKER, input_display_name: 'Page1', placeholder_text: '', required: false, input_type: 'page' },
  { name: 'first_name', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'last_name', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'email', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'phone', input_display_name: '', placeholder_text: '5555555555', required: true, input_type: 'text' },
];

/** The optional address set staff can add in one go (spec §3): all text, only address2 optional. */
export const ADDRESS_INPUTS: readonly FormInput[] = [
  { name: 'address1', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'address2', input_display_name: '', placeholder_text: '', required: false, input_type: 'text' },
  { name: 'city', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'country', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'province', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
  { name: 'zip', input_display_name: '', placeholder_text: '', required: true, input_type: 'text' },
];

/** A whole form as staff save it: the page marker first, names unique, every select with choices. */
export const RegistrationForm = z
  .array(FormInput)
  .min(1)
  .max(MAX_FORM_INPUTS)
  .superRefine((inputs, context) => {
    const first = inputs[0];
    if (first && (first.name !== FIRST_PAGE_MARKER || first.input_type !== 'page')) {
      context.addIssue({ code: 'custom', path: [0], message: `The form starts with the page marker "${FIRST_PAGE_MARKER}", which cannot be removed.` });
    }
    const seen = new Set<string>();
    inputs.forEach((input, index) => {
      if (seen.has(input.name)) context.addIssue({ code: 'custom', path: [index, 'name'], message: `Two inputs are named "${input.name}".` });
      seen.add(input.name);
      if (input.input_type === 'select' && !input.options?.length) {
        context.addIssue({ code: 'custom', path: [index, 'options'], message: 'A choice list needs at least one choice.' });
      }
    });
  })
  .meta({ id: 'RegistrationForm' });
export type RegistrationForm = z.infer<typeof RegistrationForm>;

/** What a visitor sends: answers by input name (text as strings, checkboxes and consents as booleans). */
export const FormAnswers = z.record(z.string().max(40), z.union([z.string().max(MAX_ANSWER_LENGTH * 4), z.boolean()])).meta({ id: 'FormAnswers' });
export type FormAnswers = z.infer<typeof FormAnswers>;

/**
 * The fields of a form sent by the browser itself (`application/x-www-form-urlencoded`, before or
 * without the page's script): its inputs by name, and the hidden ones of registration-form-layout.ts.
 */
export const FormPostFields = z.record(z.string().max(40), z.union([z.string(), z.array(z.string())]));
export type FormPostFields = z.infer<typeof FormPostFields>;

/**
 * A natively posted form's answers in FormAnswers' shape, as the page's script would send them: a
 * ticked box arrives as "on" and an unticked one not at all; fields the form lacks are left out.
 */
export function answersOfPost(form: readonly FormInput[], fields: FormPostFields): FormAnswers {
  const answers: FormAnswers = {};
  for (const input of form) {
    if (input.input_type === 'page') continue;
    const sent = fields[input.name];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (input.input_type === 'checkbox' || input.input_type === 'consent') answers[input.name] = value === 'on';
    else if (value !== undefined) answers[input.name] = value;
  }
  return answers;
}
