import { networkOf } from './referral-networks';

describe('the network a referral came from', () => {
  it('is the IPv4 /24 or the IPv6 /48 of the address, an IPv4 address mapped into IPv6 being the IPv4 one', () => {
    expect(
      ['192.0.2.77', '192.0.2.1', '::ffff:192.0.2.9', '::FFFF:c000:0205', '2001:db8:7::1', '2001:0db8:0007:ffff::2', '2001:db8::1', 'fe80::1%eth0', '::1'].map(
        networkOf,
      ),
    ).toEqual([
      '192.0.2.0/24',
      '192.0.2.0/24',
      '192.0.2.0/24',
      '192.0.2.0/24',
      '2001:db8:7::/48',
      '2001:db8:7::/48',
      '2001:db8:0::/48',
      'fe80:0:0::/48',
      '0:0:0::/48',
    ]);
  });

  it('is none for what is not an address', () => {
    expect(['', 'localhost', '300.1.1.1', 'not:an:address'].map(networkOf)).toEqual([null, null, null, null]);
  });
});
