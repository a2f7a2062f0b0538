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
