import type { CodeContent } from '@qr/contracts';

type WifiContent = Extract<CodeContent, { type: 'wifi' }>;

/** The network format's special characters (ZXing's WIFI: syntax) are escaped with a backslash. */
const escaped = (value: string) => value.replace(/[\\;,":]/g, (c) => `\\${c}`);

/**
 * What a QR holds to offer "Join this network" when a phone's camera reads it: the de facto
 * `WIFI:T:…;S:…;P:…;H:…;;` that iOS and Android cameras read. A code printed with it joins at once,
 * but can not be changed after printing, and its scans never reach the platform.
 */
export function wifiNetworkText(network: WifiContent): string {
  const fields = [`T:${network.encryption}`, `S:${escaped(network.ssid)}`];
  if (network.encryption !== 'nopass' && network.password) fields.push(`P:${escaped(network.password)}`);
  if (network.hidden) fields.push('H:true');
  return `WIFI:${fields.join(';')};;`;
}
