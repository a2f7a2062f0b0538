import type { CodeType, CodeView } from '@qr/contracts';
import { field } from '../visitor';

/** One input of a type's content form; `name` is the contract's field name. */
export interface ContentField {
  name: string;
  label: string;
  /** `image`: an upload to the organization, stored as its file id. */
  /** `web`: a web address, to which `https://` is added when it is typed without a scheme. */
  kind?: 'text' | 'web' | 'textarea' | 'password' | 'select' | 'checkbox' | 'image';
  options?: { value: string; label: string }[];
  placeholder?: string;
}

const phone = (name: string, label: string): ContentField => ({ name, label, placeholder: '+1 555 010 1234' });

/** The inputs of each type, in the order a person fills them in; rules come from the contract. */
export const CONTENT_FIELDS: Record<CodeType, ContentField[]> = {
  url: [{ name: 'url', label: 'Web address', kind: 'web', placeholder: 'https://example.com/menu' }],
  vcard: [
    { name: 'first_name', label: 'First name' },
    { name: 'last_name', label: 'Last name' },
    { name: 'organization', label: 'Organisation' },
    { name: 'job_title', label: 'Job title' },
    phone('phone', 'Phone'),
    phone('mobile', 'Mobile'),
    { name: 'email', label: 'Email', placeholder: 'name@example.com' },
    { name: 'website', label: 'Website', kind: 'web', placeholder: 'https://example.com' },
    { name: 'street', label: 'Street' },
    { name: 'city', label: 'City' },
    { name: 'zip', label: 'Postcode' },
    { name: 'country', label: 'Country' },
    { name: 'note', label: 'Note', kind: 'textarea' },
    { name: 'photo_blob_id', label: 'Photo', kind: 'image' },
  ],
  note: [
    { name: 'title', label: 'Title' },
    { name: 'text', label: 'Note', kind: 'textarea' },
  ],
  text: [{ name: 'text', label: 'Text', kind: 'textarea' }],
  wifi: [
    { name: 'ssid', label: 'Network name (SSID)' },
    { name: 'password', label: 'Password', kind: 'password' },
    {
      name: 'encryption',
      label: 'Security',
      kind: 'select',
      options: [
        { value: 'WPA', label: 'WPA/WPA2/WPA3' },
        { value: 'WEP', label: 'WEP' },
        { value: 'nopass', label: 'None (open network)' },
      ],
    },
    { name: 'hidden', label: 'Hidden network', kind: 'checkbox' },
  ],
  email: [
    { name: 'to', label: 'To', placeholder: 'hello@example.com' },
    { name: 'subject', label: 'Subject' },
    { name: 'body', label: 'Message', kind: 'textarea' },
  ],
  sms: [phone('phone', 'Phone number'), { name: 'message', label: 'Message', kind: 'textarea' }],
  phone: [phone('phone', 'Phone number')],
  page: [],
};

/** What a visitor who scans the code gets, in a line for its owner; `link`, a web address, follows the text. */
export function destinationOf(code: CodeView): { text: string; link?: string } {
  const value = (name: string) => field(code, name) ?? '';
  switch (code.type) {
    case 'url':
      return { text: 'Sends visitors to', link: value('url') };
    case 'vcard':
      return { text: `Shows the business card of ${[value('first_name'), value('last_name')].filter(Boolean).join(' ')}, with “Add to contacts”` };
    case 'note':
      return { text: value('title') ? `Shows the note “${value('title')}”` : 'Shows a note' };
    case 'text':
      return { text: `Shows the text “${shorten(value('text'))}”` };
    case 'wifi':
      return { text: `Shows the Wi-Fi network ${value('ssid')}${code['encryption'] === 'nopass' ? '' : ' and its password'}` };
    case 'email':
      return { text: `Offers to write an email to ${value('to')}` };
    case 'sms':
      return { text: `Offers to send a text message to ${value('phone')}` };
    case 'phone':
      return { text: `Offers to call ${value('phone')}` };
    case 'page':
      return { text: 'Opens its landing page' };
  }
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
