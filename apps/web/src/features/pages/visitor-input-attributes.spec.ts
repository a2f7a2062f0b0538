import { ADDRESS_INPUTS, DEFAULT_REGISTRATION_FORM } from '@qr/contracts';
import { visitorInputAttributes } from './visitor-input-attributes';

const byName = (name: string) => DEFAULT_REGISTRATION_FORM.find((input) => input.name === name)!;

test('the default form’s email and phone ask phones for their keyboards, though the spec types them as text', () => {
  expect(byName('email').input_type).toBe('text');
  expect(visitorInputAttributes(byName('email'))).toEqual({ type: 'email', inputMode: 'email', autoComplete: 'email' });
  expect(visitorInputAttributes(byName('phone'))).toEqual({ type: 'tel', inputMode: 'tel', autoComplete: 'tel' });
});

test('names and addresses are offered from the phone’s autofill', () => {
  expect(visitorInputAttributes(byName('first_name')).autoComplete).toBe('given-name');
  expect(visitorInputAttributes(byName('last_name')).autoComplete).toBe('family-name');
  expect(ADDRESS_INPUTS.map((input) => visitorInputAttributes(input).autoComplete)).toEqual([
    'address-line1',
    'address-line2',
    'address-level2',
    'country-name',
    'address-level1',
    'postal-code',
  ]);
});

test('an input’s type decides its keyboard whatever its key, and an unknown text input is left as it is', () => {
  expect(visitorInputAttributes({ name: 'work_address', input_type: 'email' })).toEqual({ type: 'email', inputMode: 'email', autoComplete: 'email' });
  expect(visitorInputAttributes({ name: 'mobile', input_type: 'phone' })).toEqual({ type: 'tel', inputMode: 'tel', autoComplete: 'tel' });
  expect(visitorInputAttributes({ name: 'tickets', input_type: 'number' })).toEqual({ inputMode: 'decimal' });
  expect(visitorInputAttributes({ name: 'date_of_birth', input_type: 'date' })).toMatchObject({ type: 'date', autoComplete: 'bday' });
  expect(visitorInputAttributes({ name: 'email', input_type: 'date' })).not.toHaveProperty('autoComplete');
  expect(visitorInputAttributes({ name: 'favourite_colour', input_type: 'text' })).toEqual({});
});
