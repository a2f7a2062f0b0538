import { createLocalJWKSet, exportJWK, exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from 'jose';
import { DomainError } from '@qr/contracts';
import { AccessTokenVerifier } from './access-token-verifier';

const ISSUER = 'https://qr.example.com/oidc';
const AUDIENCE = 'https://qr.example.com/api';
const SUBJECT = '5f0c8a5e-2f3b-4d7e-9a51-0c7f6f1d2e3a';

describe('checking the access token on an API request', () => {
  const keys: Record<'rs' | 'ps' | 'es' | 'stranger', { privateKey: CryptoKey; publicKey: CryptoKey }> = {} as never;
  let verifier: AccessTokenVerifier;

  beforeAll(async () => {
    keys.rs = await generateKeyPair('RS256', { extractable: true });
    keys.ps = await generateKeyPair('PS256', { extractable: true });
    keys.es = await generateKeyPair('ES256', { extractable: true });
    keys.stranger = await generateKeyPair('RS256', { extractable: true });
    const jwks = {
      keys: [
        { ...(await exportJWK(keys.rs.publicKey)), kid: 'rs', alg: 'RS256', use: 'sig' },
        { ...(await exportJWK(keys.ps.publicKey)), kid: 'ps', alg: 'PS256', use: 'sig' },
        { ...(await exportJWK(keys.es.publicKey)), kid: 'es', alg: 'ES256', use: 'sig' },
      ],
    };
    verifier = new AccessTokenVerifier({ issuer: ISSUER, audience: { api: AUDIENCE }, keys: createLocalJWKSet(jwks) });
  });

  const claims = (extra: JWTPayload = {}): JWTPayload => ({ sub: SUBJECT, email: 'ada@example.com', ...extra });

  function sign(payload: JWTPayload, options: { key?: CryptoKey; alg?: string; kid?: string; expiresAt?: number; iss?: string; aud?: string } = {}) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'rs', typ: 'at+jwt' })
      .setIssuer(options.iss ?? ISSUER)
      .setAudience(options.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 900)
      .sign(options.key ?? keys.rs.privateKey);
  }

  async function expectRefused(token: string | Promise<string>, message = 'The access token is not valid') {
    const error = await verifier.verify(await token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'unauthenticated', message });
  }

  it('accepts a token from our issuer for our API and says whose it is', async () => {
    await expect(verifier.verify(await sign(claims()))).resolves.toEqual({ email: 'ada@example.com', subject: SUBJECT });
  });

  it('accepts the other asymmetric algorithms an issuer may use (PS256, ES256)', async () => {
    await expect(verifier.verify(await sign(claims(), { alg: 'PS256', kid: 'ps', key: keys.ps.privateKey }))).resolves.toMatchObject({ subject: SUBJECT });
    await expect(verifier.verify(await sign(claims(), { alg: 'ES256', kid: 'es', key: keys.es.privateKey }))).resolves.toMatchObject({ subject: SUBJECT });
  });

  it('refuses a token signed with someone else’s key, even under our key id', async () => {
    await expectRefused(sign(claims(), { key: keys.stranger.privateKey }));
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await sign(claims())).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims({ email: 'admin@example.com' }), iss: ISSUER, aud: AUDIENCE, exp: 9999999999 })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${forged}.${signature}`);
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused(sign(claims(), { iss: 'https://evil.example/oidc' }));
  });

  it('refuses a token meant for another API', async () => {
    await expectRefused(sign(claims(), { aud: 'https://other.example/api' }));
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const unsigned = new UnsecuredJWT(claims()).setIssuer(ISSUER).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('15m').encode();
    await expectRefused(unsigned);
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const publicPem = new TextEncoder().encode(await exportSPKI(keys.rs.publicKey));
    const confused = new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: 'rs' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('15m')
      .sign(publicPem);
    await expectRefused(confused);
  });

  it('allows 60 seconds of clock difference, then refuses the expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verifier.verify(await sign(claims(), { expiresAt: now - 30 }))).resolves.toMatchObject({ subject: SUBJECT });
    await expectRefused(sign(claims(), { expiresAt: now - 120 }), 'The access token has expired');
  });

  it('refuses a token that names no account', async () => {
    await expectRefused(sign({ sub: SUBJECT }), 'The access token does not name an account');
  });

  it('refuses something that is not a token at all', async () => {
    await expectRefused('not-a-token');
  });
});
