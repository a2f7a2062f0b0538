import { CODE_TYPES, CodeContent, QrDesign, type CodeType } from '@qr/contracts';
import { pixelsOf, QR_DECODERS, readQrWith, renderQrPng } from '@qr/qr-render';
import { SCRIPT_SAMPLES, transmissionOf, utf8EciTransmission } from '@qr/qr-render/testing';
import { contentTextOf } from './code-content-text';

test('a Wi-Fi network is written as phones read it, the format’s special characters escaped, an open one without a password', () => {
  expect(contentTextOf({ type: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA', hidden: false })).toBe('WIFI:T:WPA;S:Cafe;P:espresso42;;');
  expect(contentTextOf({ type: 'wifi', ssid: 'Back;office', password: 'a\\b,c:"d"', encryption: 'WEP', hidden: true })).toBe(
    'WIFI:T:WEP;S:Back\\;office;P:a\\\\b\\,c\\:\\"d\\";H:true;;',
  );
  expect(contentTextOf({ type: 'wifi', ssid: 'Guests', password: 'old', encryption: 'nopass', hidden: false })).toBe('WIFI:T:nopass;S:Guests;;');
});

test('calls, texts and emails are the links a camera hands to the phone, the mail, the messages app', () => {
  expect(contentTextOf({ type: 'phone', phone: '+1 (555) 010-1234' })).toBe('tel:+15550101234');
  expect(contentTextOf({ type: 'sms', phone: '+1 555 010 1234', message: 'JOIN now' })).toBe('SMSTO:+15550101234:JOIN now');
  expect(contentTextOf({ type: 'email', to: 'hi@example.com', subject: 'Table 4', body: 'More bread, please' })).toBe(
    'mailto:hi@example.com?subject=Table%204&body=More%20bread%2C%20please',
  );
  expect(contentTextOf({ type: 'email', to: 'hi@example.com' })).toBe('mailto:hi@example.com');
});

test('a web address, a text and a note are themselves; a business card is its vCard; a landing page has no such form', () => {
  expect(contentTextOf({ type: 'url', url: 'https://example.com/menu' })).toBe('https://example.com/menu');
  expect(contentTextOf({ type: 'note', title: 'Closed', text: 'Back at 3' })).toBe('Closed\n\nBack at 3');
  expect(contentTextOf({ type: 'vcard', first_name: 'Ada', last_name: 'Lovelace' })).toContain('FN:Ada Lovelace');
  expect(contentTextOf({ type: 'page' })).toBeUndefined();
});

/** A content of each type that can hold its content, carrying `sample` wherever the type takes free text. */
function contentsCarrying(sample: string): Record<Exclude<CodeType, 'page'>, CodeContent> {
  return {
    url: CodeContent.parse({ type: 'url', url: `https://example.com/${sample}` }),
    vcard: CodeContent.parse({ type: 'vcard', first_name: sample, last_name: sample, organization: sample, city: sample, note: `${sample}\n${sample}` }),
    note: CodeContent.parse({ type: 'note', title: sample, text: `${sample}\n${sample}` }),
    text: CodeContent.parse({ type: 'text', text: sample }),
    wifi: CodeContent.parse({ type: 'wifi', ssid: sample, password: sample }),
    email: CodeContent.parse({ type: 'email', to: 'hi@example.com', subject: sample, body: sample }),
    sms: CodeContent.parse({ type: 'sms', phone: '+1 555 010 1234', message: sample }),
    phone: CodeContent.parse({ type: 'phone', phone: '+1 555 010 1234' }),
  };
}

/** An email's fields are percent-encoded in its mailto: link and a phone number is digits: both stay ASCII. */
const ALWAYS_ASCII: readonly CodeType[] = ['email', 'phone'];

test('every content type printed with its content, in every script, reads back exactly with zxing and zbar, behind the UTF-8 ECI', async () => {
  for (const [script, sample] of Object.entries(SCRIPT_SAMPLES)) {
    const contents = contentsCarrying(sample);
    expect(Object.keys(contents).sort()).toEqual(CODE_TYPES.filter((type) => type !== 'page').sort());
    for (const [type, content] of Object.entries(contents)) {
      const text = contentTextOf(content)!;
      const png = renderQrPng(text, QrDesign.parse({}));
      const pixels = await pixelsOf(png);
      const read = Object.fromEntries(await Promise.all(QR_DECODERS.map(async (decoder) => [decoder, await readQrWith(decoder, pixels)])));
      const transmitted = ALWAYS_ASCII.includes(type as CodeType) ? `]Q1${text}` : utf8EciTransmission(text);
      expect({ script, type, read, transmitted: await transmissionOf(png) }).toEqual({ script, type, read: { zxing: [text], zbar: [text] }, transmitted });
    }
  }
});
