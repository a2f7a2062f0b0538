import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { lazyServerSecret, type Config, type SqlClient } from '@qr/platform';
import { clientAddress, type Visit } from '../http/client-address';
import { CONFIG, SQL_CLIENT } from '../infrastructure';

const SECRET_NAME = 'loyalty_referral_networks';
/** 132 bits of the HMAC: two networks never share a count, and the hash says nothing of the address. */
const NETWORK_KEY_LENGTH = 22;

/** The eight 16-bit groups of an IPv6 address, with an embedded IPv4 tail (`::ffff:192.0.2.1`) as two groups. */
function groupsOf(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [before, after] = [parse(head), tail === undefined ? [] : parse(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The network an address belongs to as one household or office has it: its IPv4 /24 or its IPv6
 * /48 (what a provider hands one site). An IPv4 address mapped into IPv6 is the IPv4 one.
 */
export function networkOf(address: string): string | null {
  const bare = address.split('%')[0] ?? '';
  const version = isIP(bare);
  if (version === 4) return `${bare.split('.').slice(0, 3).join('.')}.0/24`;
  if (version !== 6) return null;
  const groups = groupsOf(bare.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/**
 * The referral's network for the burst rule (issue 54: many referrals from one network in a week
 * are flagged), as a keyed hash under a server secret: the programme's stream never holds an
 * address, and a leaked log does not tell which networks referred by hashing guessed ones. The
 * client's address is read as the rate limit and the scans read it.
 */
@Injectable()
export class ReferralNetworks {
  private readonly key: () => Promise<Buffer>;

  constructor(
    @Inject(SQL_CLIENT) db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.key = lazyServerSecret(db, SECRET_NAME);
  }

  /** Null when the request names no address (a test's inject without one, say): the burst rule then cannot count it. */
  async of(visit: Visit): Promise<string | null> {
    const address = clientAddress(visit.headers, visit.ip, this.config.TRUSTED_CLIENT_IP_HEADER);
    const network = address === undefined ? null : networkOf(address);
    if (network === null) return null;
    return createHmac('sha256', await this.key())
      .update(network)
      .digest('base64url')
      .slice(0, NETWORK_KEY_LENGTH);
  }
}
