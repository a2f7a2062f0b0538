import { wifiNetworkText } from './wifi-network';

test('a network is written as phones read it, with the format’s special characters escaped', () => {
  expect(wifiNetworkText({ type: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA', hidden: false })).toBe('WIFI:T:WPA;S:Cafe;P:espresso42;;');
  expect(wifiNetworkText({ type: 'wifi', ssid: 'Back;office', password: 'a\\b,c:"d"', encryption: 'WEP', hidden: true })).toBe('WIFI:T:WEP;S:Back\\;office;P:a\\\\b\\,c\\:\\"d\\";H:true;;');
});

test('an open network carries no password, even one left over from before', () => {
  expect(wifiNetworkText({ type: 'wifi', ssid: 'Guests', password: 'old', encryption: 'nopass', hidden: false })).toBe('WIFI:T:nopass;S:Guests;;');
});
