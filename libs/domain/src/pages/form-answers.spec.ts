import { ADDRESS_INPUTS, DEFAULT_REGISTRATION_FORM, RegistrationForm, type FormInputSpec } from '@qr/contracts';
import { checkAnswers } from './form-answers';

const valid = { first_name: ' Ada ', last_name: 'Lovelace', email: 'Ada@Example.com', phone: '555 555 5555' };

describe('the default registration form', () => {
  it('is the spec’s: the Page1 marker, then first name, last name, email and phone, all required text', () => {
    expect(DEFAULT_REGISTRATION_FORM.map((input) => [input.name, input.input_display_name, input.input_type, input.required])).toEqual([
      ['page', 'Page1', 'page', false],
      ['first_name', '', 'text', true],
      ['last_name', '', 'text', true],
      ['email', '', 'text', true],
      ['phone', '', 'text', true],
    ]);
    expect(DEFAULT_REGISTRATION_FORM.find((input) => input.name === 'phone')!.placeholder_text).toMatch(/^\d{10}$/);
    expect(ADDRESS_INPUTS.map((input) => [input.name, input.required])).toEqual([
      ['address1', true],
      ['address2', false],
      ['city', true],
      ['country', true],
      ['province', true],
      ['zip', true],
    ]);
    expect(RegistrationForm.safeParse([...DEFAULT_REGISTRATION_FORM, ...ADDRESS_INPUTS]).success).toBe(true);
  });

  it('keeps its page marker first, its names unique and its choice lists non-empty', () => {
    const [marker, ...rest] = DEFAULT_REGISTRATION_FORM;
    const problems = (form: FormInputSpec[]) => RegistrationForm.safeParse(form).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(problems(rest)).toEqual([['0', 'The form starts with the page marker "page", which cannot be removed.']]);
    expect(problems([marker!, ...rest, { name: 'email', input_type: 'email' }])).toEqual([['5.name', 'Two inputs are named "email".']]);
    expect(problems([marker!, { name: 'size', input_type: 'select' }])).toEqual([['1.options', 'A choice list needs at least one choice.']]);
    expect(problems([marker!, { name: 'Bad Name', input_type: 'text' }])?.[0]?.[0]).toBe('1.name');
  });
});

describe('checking a visitor’s answers', () => {
  it('accepts a complete default form, trimmed, with the email lower-cased', () => {
    expect(checkAnswers(DEFAULT_REGISTRATION_FORM, valid)).toEqual({
      ok: true,
      values: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '555 555 5555' },
    });
  });

  it('checks the default form’s email and phone, which the spec declares as text, as an email and a phone number', () => {
    const checked = checkAnswers(DEFAULT_REGISTRATION_FORM, { ...valid, email: 'ada at example', phone: 'ring twice' });
    expect(checked.ok ? [] : checked.problems.map((problem) => problem.field)).toEqual(['email', 'phone']);
  });

  it('reports every missing required answer and every unknown field at once, by name', () => {
    const checked = checkAnswers(DEFAULT_REGISTRATION_FORM, { first_name: '  ', email: 'ada@example.com', favourite: 'x' });
    expect(checked).toEqual({
      ok: false,
      problems: [
        { field: 'favourite', message: 'This form has no such field.' },
        { field: 'first_name', message: 'Please enter first name.' },
        { field: 'last_name', message: 'Please enter last name.' },
        { field: 'phone', message: 'Please enter phone.' },
      ],
    });
  });

  it('checks each answer against its input type, length and the spec’s date bounds', () => {
    const form = RegistrationForm.parse([
      DEFAULT_REGISTRATION_FORM[0],
      { name: 'email', input_type: 'email', required: true },
      { name: 'phone', input_type: 'phone' },
      { name: 'guests', input_type: 'number' },
      { name: 'birthday', input_display_name: 'Birthday', input_type: 'date' },
      { name: 'size', input_type: 'select', options: ['S', 'M', 'L'] },
      { name: 'news', input_type: 'checkbox' },
      { name: 'privacy', input_type: 'consent', required: true },
      { name: 'note', input_type: 'text' },
    ]);
    const problems = (answers: Record<string, string | boolean>) => {
      const checked = checkAnswers(form, { email: 'a@b.co', privacy: true, ...answers });
      return checked.ok ? [] : checked.problems.map((problem) => problem.field);
    };
    expect(problems({})).toEqual([]);
    expect(problems({ email: 'not-an-email' })).toEqual(['email']);
    expect(problems({ phone: 'call me' })).toEqual(['phone']);
    expect(problems({ guests: '2 or 3' })).toEqual(['guests']);
    for (const day of ['1899-12-31', '2100-01-01', '2023-02-31', '31/12/2000']) expect(problems({ birthday: day })).toEqual(['birthday']);
    expect(problems({ birthday: '1900-01-01' })).toEqual([]);
    expect(problems({ size: 'XL' })).toEqual(['size']);
    expect(problems({ news: 'yes' })).toEqual(['news']);
    expect(problems({ privacy: false })).toEqual(['privacy']);
    expect(problems({ note: 'x'.repeat(501) })).toEqual(['note']);
    expect(problems({ email: true })).toEqual(['email']);
  });

  it('takes no answer for a page marker, and leaves unanswered optional inputs out', () => {
    const form = RegistrationForm.parse([DEFAULT_REGISTRATION_FORM[0], { name: 'note', input_type: 'text' }, { name: 'page2', input_type: 'page' }]);
    expect(checkAnswers(form, {})).toEqual({ ok: true, values: {} });
    expect(checkAnswers(form, { page2: 'x' })).toEqual({ ok: false, problems: [{ field: 'page2', message: 'This form has no such field.' }] });
  });
});
