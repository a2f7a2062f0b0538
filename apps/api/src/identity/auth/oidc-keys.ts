import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JSONWebKeySet } from 'jose';
import { z } from 'zod';
import type { SqlClient } from '@qr/platform';

/** A private RSA signing key as a JWK; every member is a base64url string. */
const PrivateSigningKey = z.object({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
  d: z.string(),
  p: z.string(),
  q: z.string(),
  dp: z.string(),
  dq: z.string(),
  qi: z.string(),
});
const SigningKeySet = z.object({ keys: z.array(PrivateSigningKey).min(1) });
const CookieKeys = z.array(z.string().min(32)).min(1);

export type SigningKeySet = z.infer<typeof SigningKeySet>;

export interface OidcKeys {
  /** Private: handed to oidc-provider only. */
  signing: SigningKeySet;
  /** Sign the provider's cookies; the first signs, all verify, so a key can be rotated in. */
  cookieKeys: string[];
}

/**
 * The provider's key material, made on the first start and then read back, so tokens and sign-in
 * sessions stay valid across restarts and across servers sharing one PostgreSQL. Two servers
 * starting at once both insert-if-absent and then read whichever row won.
 */
export async function loadOrCreateOidcKeys(db: SqlClient): Promise<OidcKeys> {
  const stored = await readKeys(db);
  if (stored.signing && stored.cookies) return parseKeys(stored);
  await db.query(`INSERT INTO oidc_keys (name, material) VALUES ('signing', $1::jsonb), ('cookies', $2::jsonb) ON CONFLICT (name) DO NOTHING`, [
    JSON.stringify({ keys: [await newSigningKey()] }),
    JSON.stringify([randomBytes(32).toString('base64url')]),
  ]);
  return parseKeys(await readKeys(db));
}

async function readKeys(db: SqlClient): Promise<{ signing?: unknown; cookies?: unknown }> {
  const { rows } = await db.query<{ name: string; material: unknown }>(`SELECT name, material FROM oidc_keys WHERE name IN ('signing', 'cookies')`);
  return Object.fromEntries(rows.map((row) => [row.name, row.material]));
}

function parseKeys(stored: { signing?: unknown; cookies?: unknown }): OidcKeys {
  return { signing: SigningKeySet.parse(stored.signing), cookieKeys: CookieKeys.parse(stored.cookies) };
}

/** The public half of each signing key (modulus and exponent): what the JWKS endpoint publishes and the verifier trusts. */
export function publicKeySet(signing: SigningKeySet): JSONWebKeySet {
  return { keys: signing.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}

async function newSigningKey(): Promise<z.infer<typeof PrivateSigningKey>> {
  // RS256 because every OpenID Connect client must support it (OIDC Core §15.1). The key leaves the
  // generation as DER and is read back before it is exported as a JWK: exporting the generated
  // KeyObject itself deadlocked Node 20 when a garbage collection during the export freed the
  // generation's job, which locks the key the export holds (a CI run hung in a futex; reading the key
  // back from DER never does).
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  const exported = createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  const jwk = PrivateSigningKey.omit({ kid: true, alg: true, use: true }).parse(exported);
  return { ...jwk, kid: await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e }), alg: 'RS256', use: 'sig' };
}
