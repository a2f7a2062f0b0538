import type { WifiNetwork } from './codes';

/** A phone number as `tel:`, `sms:` and `SMSTO:` take it: digits and a leading plus. */
export const dialable = (phone: string): string => phone.replace(/[^\d+]/g, '');

/**
 * A `mailto:` link (RFC 6068) for the visitor pages and for codes printed with their content: the
 * address as written, and the query percent-encoded, since mail apps show a "+" as a plus.
 */
export function mailtoLink(to: string, fields: { subject?: string; body?: string } = {}): string {
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}${query ? `?${query}` : ''}`;
}

/** The network format's special characters (ZXing's WIFI: syntax) are escaped with a backslash. */
const wifiEscaped = (value: string) => value.replace(/[\\;,":]/g, (c) => `\\${c}`);

/**
 * `WIFI:T:…;S:…;P:…;H:…;;`, the form iOS and Android cameras offer to join: for codes printed with
 * their content, and for the QR a visitor's Wi-Fi page shows to a second phone.
 */
export function wifiJoinText(network: WifiNetwork): string {
  const fields = [`T:${network.encryption}`, `S:${wifiEscaped(network.ssid)}`];
  if (network.encryption !== 'nopass' && network.password) fields.push(`P:${wifiEscaped(network.password)}`);
  if (network.hidden) fields.push('H:true');
  return `WIFI:${fields.join(';')};;`;
}
