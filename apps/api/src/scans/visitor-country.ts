import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';
import { ConfigError, type Config } from '@qr/platform';
import { clientAddress } from '../http/client-address';
import { CONFIG } from '../infrastructure';
import type { Visit } from './visitor-facts';

const COUNTRY = /^[A-Z]{2}$/;
/** Cloudflare sends XX for unknown and T1 for Tor: neither is a country. */
const NOT_COUNTRIES = new Set(['XX', 'T1']);

const countryOrNull = (code: string | undefined): string | null => {
  const upper = code?.slice(0, 8).toUpperCase() ?? '';
  return COUNTRY.test(upper) && !NOT_COUNTRIES.has(upper) ? upper : null;
};

/**
 * Where a scan's country comes from, in this order (docs/decisions/017-trusted-proxy-headers.md):
 * the header a trusted proxy sets (TRUSTED_COUNTRY_HEADER), else a MaxMind database (GEOIP_DB)
 * looked up by the visitor's address (the connection's, or TRUSTED_CLIENT_IP_HEADER's behind a
 * proxy), else nothing. The country header wins: the database is not asked when one is configured.
 */
@Injectable()
export class VisitorCountry implements OnModuleInit {
  private geoip: Reader<CountryResponse> | undefined;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /** Opened at boot (the whole file into memory), so a corrupt file stops the start with its reason, not the first scan. */
  async onModuleInit(): Promise<void> {
    const file = this.config.GEOIP_DB;
    if (!file || this.config.TRUSTED_COUNTRY_HEADER) return;
    try {
      this.geoip = await maxmind.open<CountryResponse>(file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError([{ variable: 'GEOIP_DB', message: `${file} is not a MaxMind database (${reason})` }]);
    }
  }

  of(visit: Visit): string | null {
    const header = this.config.TRUSTED_COUNTRY_HEADER;
    if (header) {
      const value = visit.headers[header];
      return countryOrNull(Array.isArray(value) ? value[0] : value);
    }
    const ip = clientAddress(visit.headers, visit.ip, this.config.TRUSTED_CLIENT_IP_HEADER);
    if (!this.geoip || ip === undefined) return null;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; IPv4-only databases want a.b.c.d.
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (!maxmind.validate(address)) return null;
    try {
      return countryOrNull(this.geoip.get(address)?.country?.iso_code);
    } catch {
      // An IPv6 address in an IPv4-only database, for one: no country rather than no scan.
      return null;
    }
  }
}
