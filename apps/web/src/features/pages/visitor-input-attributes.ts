import type { FormInput } from '@qr/contracts';
// The app's own copy of the spec's date bounds: importing the contracts' would bring zod into a visitor's download.
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../../app/date-bounds';

/** What a visitor's input tells the phone: which keyboard to show, and what autofill may offer. */
export interface VisitorInputAttributes {
  type?: 'email' | 'tel' | 'date';
  inputMode?: 'email' | 'tel' | 'decimal';
  autoComplete?: string;
  min?: string;
  max?: string;
}

const EMAIL: VisitorInputAttributes = { type: 'email', inputMode: 'email', autoComplete: 'email' };
const PHONE: VisitorInputAttributes = { type: 'tel', inputMode: 'tel', autoComplete: 'tel' };

/**
 * What an input's key says it asks for. The spec's default form asks for email and phone with inputs
 * of type `text` (spec §3), so the key, not only the type, decides the keyboard and the autofill.
 */
const BY_KEY: Record<string, VisitorInputAttributes> = {
  email: EMAIL,
  email_address: EMAIL,
  phone: PHONE,
  phone_number: PHONE,
  mobile: PHONE,
  telephone: PHONE,
  first_name: { autoComplete: 'given-name' },
  given_name: { autoComplete: 'given-name' },
  last_name: { autoComplete: 'family-name' },
  family_name: { autoComplete: 'family-name' },
  surname: { autoComplete: 'family-name' },
  name: { autoComplete: 'name' },
  full_name: { autoComplete: 'name' },
  company: { autoComplete: 'organization' },
  organisation: { autoComplete: 'organization' },
  organization: { autoComplete: 'organization' },
  address1: { autoComplete: 'address-line1' },
  address2: { autoComplete: 'address-line2' },
  city: { autoComplete: 'address-level2' },
  town: { autoComplete: 'address-level2' },
  province: { autoComplete: 'address-level1' },
  state: { autoComplete: 'address-level1' },
  region: { autoComplete: 'address-level1' },
  county: { autoComplete: 'address-level1' },
  // Postcodes have letters in many countries: the keyboard stays a text one.
  zip: { autoComplete: 'postal-code' },
  postcode: { autoComplete: 'postal-code' },
  postal_code: { autoComplete: 'postal-code' },
  country: { autoComplete: 'country-name' },
  birthday: { autoComplete: 'bday' },
  date_of_birth: { autoComplete: 'bday' },
};

const BY_TYPE: Partial<Record<FormInput['input_type'], VisitorInputAttributes>> = {
  email: EMAIL,
  phone: PHONE,
  number: { inputMode: 'decimal' },
  date: { type: 'date', min: DATE_PICKER_MIN, max: DATE_PICKER_MAX },
};

/** The attributes of a visitor's text-like input: a `text` input's come from its key; any other type's from the type, with a birthday's autofill for a date. */
export function visitorInputAttributes(input: Pick<FormInput, 'name' | 'input_type'>): VisitorInputAttributes {
  const byKey = BY_KEY[input.name];
  if (input.input_type === 'text') return { ...byKey };
  return { ...BY_TYPE[input.input_type], ...(input.input_type === 'date' && byKey?.autoComplete === 'bday' ? { autoComplete: 'bday' } : {}) };
}
