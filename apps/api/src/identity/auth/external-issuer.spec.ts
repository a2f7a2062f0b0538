import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from 'jose';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { callerOf } from '../organization-api.fixture';

/** A stand-in for a Keycloak realm: its discovery document and key set on loopback. */
async function startFakeIssuer(publicKey: CryptoKey): Promise<{ issuer: string; server: Server }> {
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'realm-key', alg: 'RS256', use: 'sig' }] };
  let issuer = '';
  const server = createServer((request, response) => {
    const body =
      request.url === '/realms/qr-platform/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }
        : request.url === '/realms/qr-platform/protocol/openid-connect/certs'
          ? jwks
          : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/qr-platform`;
  return { issuer, server };
}

describe('signing in with an external OpenID Connect issuer (OIDC_ISSUER, e.g. Keycloak)', () => {
  let t: TestApp;
  let issuer: string;
  let server: Server;
  let realmKey: CryptoKey;
  let strangerKey: CryptoKey;

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256');
    realmKey = keys.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    ({ issuer, server } = await startFakeIssuer(keys.publicKey));
    t = await startTestApp({ env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'qr-web' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A token as Keycloak issues it: `aud: account`, the client in `azp`, the email claim. */
  const token = (claims: JWTPayload = {}, options: { iss?: string; key?: CryptoKey; expiresAt?: string | number; aud?: string[] } = {}) =>
    new SignJWT({ email: 'kim@example.com', azp: 'qr-web', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'realm-key' })
      .setSubject('f:realm:kim')
      .setIssuer(options.iss ?? issuer)
      .setAudience(options.aud ?? 'account')
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? '5m')
      .sign(options.key ?? realmKey);

  it('tells the web app where to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(res.json()).toEqual({ issuer, client_id: 'qr-web', embedded: false });
  });

  it('accepts the realm’s tokens for our client, as the member the email names', async () => {
    const kim = callerOf(t.app, await token());
    const created = await kim('POST', '/api/v1/organizations', { organization_name: 'Realm Café' });
    expect(created.statusCode).toBe(201);
    expect((await kim('GET', '/api/v1/organizations')).json()).toEqual([expect.objectContaining({ organization_name: 'Realm Café', role: 'owner' })]);
    expect((await kim('GET', '/api/v1/profile')).json()).toEqual({ email: 'kim@example.com', display_name: null, local_account: false, created_at: null });
    // A realm that lists our client in `aud` (the shipped realm's audience mapper) is accepted too.
    expect((await callerOf(t.app, await token({ azp: 'other' }, { aud: ['account', 'qr-web'] }))('GET', '/api/v1/organizations')).statusCode).toBe(200);
  });

  it('allows spec §9’s 60 seconds of clock leeway on expiry, and no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    const justExpired = await token({}, { expiresAt: now - 30 });
    const longExpired = await token({}, { expiresAt: now - 90 });
    expect((await callerOf(t.app, justExpired)('GET', '/api/v1/organizations')).statusCode).toBe(200);
    expect((await callerOf(t.app, longExpired)('GET', '/api/v1/organizations')).statusCode).toBe(401);
  });

  it('refuses tokens for another client, from another issuer, expired, signed by another key, HS256 or unsigned', async () => {
    const hs256 = await new SignJWT({ email: 'kim@example.com', azp: 'qr-web' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a shared secret nobody should trust'));
    const unsigned = new UnsecuredJWT({ email: 'kim@example.com', azp: 'qr-web' }).setIssuer(issuer).setExpirationTime('5m').encode();
    const refused = [
      await token({ azp: 'another-client' }),
      await token({}, { iss: `${issuer}-evil` }),
      await token({}, { expiresAt: '-5m' }),
      await token({}, { key: strangerKey }),
      hs256,
      unsigned,
    ];
    for (const credential of refused) {
      const res = await callerOf(t.app, credential)('GET', '/api/v1/organizations');
      expect([res.statusCode, res.headers['content-type'], res.json().code]).toEqual([
        401,
        expect.stringContaining('application/problem+json'),
        'unauthenticated',
      ]);
    }
  });

  it('hosts no sign-in service of its own', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
  });
});
