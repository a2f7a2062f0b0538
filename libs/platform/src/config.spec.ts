import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('starts with nothing set: PGlite in ./data on port 3000, printing localhost', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).toMatchObject({ OIDC_ISSUER: undefined, OIDC_CLIENT_ID: 'qr-web' });
  });

  it('points sign-in at an external issuer when told', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://sso.example.com/realms/qr-platform/', OIDC_CLIENT_ID: 'qr-dashboard' });
    expect(config).toMatchObject({ OIDC_ISSUER: 'https://sso.example.com/realms/qr-platform', OIDC_CLIENT_ID: 'qr-dashboard' });
    expect(() => loadConfig({ OIDC_ISSUER: 'sso.example.com' })).toThrow('OIDC_ISSUER: must be the http(s) URL of an OpenID Connect issuer');
    expect(() => loadConfig({ OIDC_ISSUER: 'ftp://sso.example.com/realms/qr-platform' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'ftp://sso.example.com/realms/qr-platform' })).toThrow('OIDC_ISSUER: must be the http(s) URL');
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'has spaces' })).toThrow('OIDC_CLIENT_ID: must be a client id');
  });

  it('reads the scan country from a trusted proxy header only when one is named', () => {
    expect(loadConfig({}).TRUSTED_COUNTRY_HEADER).toBeUndefined();
    expect(loadConfig({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' }).TRUSTED_COUNTRY_HEADER).toBe('cf-ipcountry');
    expect(() => loadConfig({ TRUSTED_COUNTRY_HEADER: 'bad header!' })).toThrow('TRUSTED_COUNTRY_HEADER: must be an HTTP header name');
  });

  it('believes a forwarded visitor address only from the header the operator names', () => {
    expect(loadConfig({}).TRUSTED_CLIENT_IP_HEADER).toBeUndefined();
    expect(loadConfig({ TRUSTED_CLIENT_IP_HEADER: 'CF-Connecting-IP' }).TRUSTED_CLIENT_IP_HEADER).toBe('cf-connecting-ip');
    expect(() => loadConfig({ TRUSTED_CLIENT_IP_HEADER: 'x forwarded' })).toThrow('TRUSTED_CLIENT_IP_HEADER: must be an HTTP header name');
  });

  it('publishes events to Kafka only when brokers are named, to qr.events unless told otherwise', () => {
    expect(loadConfig({}).KAFKA_BROKERS).toBeUndefined();
    expect(loadConfig({}).KAFKA_TOPIC).toBe('qr.events');
    expect(loadConfig({ KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092', KAFKA_TOPIC: 'acme.events' })).toMatchObject({
      KAFKA_BROKERS: ['kafka-1:9092', 'kafka-2:9092'],
      KAFKA_TOPIC: 'acme.events',
    });
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka://kafka-1' })).toThrow('KAFKA_BROKERS: must be host:port pairs');
    expect(() => loadConfig({ KAFKA_TOPIC: 'no spaces' })).toThrow('KAFKA_TOPIC: must be a Kafka topic name');
  });

  it('honours PORT, DATA_DIR and PUBLIC_URL, and treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/srv/qr', PUBLIC_URL: 'https://qr.example.com/', DATABASE_URL: '' });
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: '/srv/qr', PUBLIC_URL: 'https://qr.example.com' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('stops at boot naming every bad variable and what it got', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', PUBLIC_URL: 'qr.example.com', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: must be a whole number between 1 and 65535 (got "eighty")');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// connection URL (got "mysql://db")');
    expect(message).toContain('PUBLIC_URL: must be an http(s) URL');
    expect(message).toContain('LOG_LEVEL: must be one of');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT: must be a whole number between 1 and 65535 (got "70000")');
    expect(() => loadConfig({ ALT_HOST: 'https://qr.example/' })).toThrow('ALT_HOST: must be a host name such as qr.example');
  });
});
