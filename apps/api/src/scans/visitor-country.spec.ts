import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '@qr/platform';
import { geoipCountryDatabase } from './geoip-database.fixture';
import { VisitorCountry } from './visitor-country';

const request = (ip: string, headers: Record<string, string> = {}) => ({ ip, headers }) as unknown as FastifyRequest;

describe('where a scan’s country comes from', () => {
  let dir: string;
  let database: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'qr-geoip-'));
    database = join(dir, 'GeoLite2-Country.mmdb');
    writeFileSync(database, geoipCountryDatabase('203.0.113.0/24', 'NZ'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const countryReader = async (env: Record<string, string>) => {
    const country = new VisitorCountry(loadConfig(env));
    await country.onModuleInit();
    return country;
  };

  it('looks the visitor’s address up in the operator’s GeoIP database', async () => {
    const country = await countryReader({ GEOIP_DB: database });
    expect(country.of(request('203.0.113.7'))).toBe('NZ');
    expect(country.of(request('::ffff:203.0.113.200'))).toBe('NZ');
    // Outside the database's networks, an IPv6 address in an IPv4 database, or no address at all: no country, and no error.
    for (const ip of ['198.51.100.7', '2001:db8::1', '', 'not-an-ip']) expect(country.of(request(ip))).toBeNull();
  });

  it('believes the trusted proxy’s header over the database, since behind a proxy the address is the proxy’s', async () => {
    const country = await countryReader({ GEOIP_DB: database, TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' });
    expect(country.of(request('203.0.113.7', { 'cf-ipcountry': 'de' }))).toBe('DE');
    expect(country.of(request('203.0.113.7'))).toBeNull();
    expect(country.of(request('203.0.113.7', { 'cf-ipcountry': 'XX' }))).toBeNull();
  });

  it('looks up the address the trusted proxy names, when the operator says which header holds it', async () => {
    const country = await countryReader({ GEOIP_DB: database, TRUSTED_CLIENT_IP_HEADER: 'X-Forwarded-For' });
    // The proxy (10.0.0.2) appended the visitor it saw; what came before it, anyone could have written.
    expect(country.of(request('10.0.0.2', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }))).toBe('NZ');
    expect(country.of(request('10.0.0.2', { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' }))).toBeNull();
    // A direct connection, or a header that names no address, falls back to the connection's.
    expect(country.of(request('203.0.113.7'))).toBe('NZ');
    expect(country.of(request('203.0.113.7', { 'x-forwarded-for': 'unknown' }))).toBe('NZ');
  });

  it('records no country when the operator configured neither', async () => {
    expect((await countryReader({})).of(request('203.0.113.7', { 'cf-ipcountry': 'DE' }))).toBeNull();
  });

  it('refuses to start with a file that is no MaxMind database, naming the setting', async () => {
    const notADatabase = join(dir, 'notes.txt');
    writeFileSync(notADatabase, 'hello');
    await expect(countryReader({ GEOIP_DB: notADatabase })).rejects.toThrow(/GEOIP_DB: .*notes\.txt is not a MaxMind database/);
    expect(() => loadConfig({ GEOIP_DB: join(dir, 'missing.mmdb') })).toThrow('GEOIP_DB: must be the path of a readable MaxMind .mmdb file');
  });
});
