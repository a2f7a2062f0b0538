import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DomainError } from '@qr/contracts';

export interface VerifiedIdentity {
  email: string;
  subject: string;
}

export interface AccessTokenVerifierOptions {
  /** The `iss` every token must carry: `${PUBLIC_URL}/oidc` embedded, OIDC_ISSUER otherwise. */
  issuer: string;
  /**
   * Embedded: the `aud` naming this API, so a token minted for another service is refused here.
   * External issuers: `{ clientId }`. Keycloak puts `account` in `aud` unless a mapper adds more,
   * and always names the client the token was issued to in `azp`; a token is ours when either the
   * audience lists our client or `azp` is our client.
   */
  audience: { api: string } | { clientId: string };
  /** The issuer's public keys: `createLocalJWKSet` embedded, `discoveredKeySet(issuer)` otherwise. */
  keys: JWTVerifyGetKey;
}

const DISCOVERY_TIMEOUT_MS = 5000;

/**
 * An external issuer's key set, found through its discovery document on first use rather than at
 * boot, so the API starts while the issuer is still starting; a failed discovery is tried again on
 * the next request. jose caches and refreshes the keys themselves.
 */
export function discoveredKeySet(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keySet ??= discover(issuer).catch((error: unknown) => {
      keySet = undefined;
      throw error;
    });
    return (await keySet)(header, token);
  };
}

async function discover(issuer: string): Promise<JWTVerifyGetKey> {
  const unavailable = () => new DomainError('service_unavailable', 'The sign-in service cannot be reached');
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) }).catch(() => {
    throw unavailable();
  });
  if (!response.ok) throw unavailable();
  const metadata = (await response.json().catch(() => ({}))) as { issuer?: unknown; jwks_uri?: unknown };
  // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
  if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') throw unavailable();
  return createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS });
}

/**
 * Asymmetric only: with a symmetric algorithm allowed, anyone holding the public key could sign a
 * token as HS256 with it (algorithm confusion), and `none` is no signature at all.
 */
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];
/** Spec §9: sign-in token checks allow 60 seconds of leeway. */
const CLOCK_TOLERANCE_SECONDS = 60;

/** Checks a bearer access token (a JWT) and says who it belongs to. */
export class AccessTokenVerifier {
  constructor(private readonly options: AccessTokenVerifierOptions) {}

  async verify(token: string): Promise<VerifiedIdentity> {
    const payload = await this.verifiedClaims(token);
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new DomainError('unauthenticated', 'The access token does not name an account');
    }
    return { email: payload.email, subject: payload.sub };
  }

  private async verifiedClaims(token: string): Promise<JWTPayload> {
    try {
      const { audience } = this.options;
      const { payload } = await jwtVerify(token, this.options.keys, {
        issuer: this.options.issuer,
        audience: 'api' in audience ? audience.api : undefined,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp'],
      });
      if ('clientId' in audience && !issuedFor(payload, audience.clientId)) {
        throw new DomainError('unauthenticated', 'The access token was not issued for this app');
      }
      return payload;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // A key set that cannot be fetched is the issuer's outage, not the caller's bad token.
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
        throw new DomainError('service_unavailable', 'The sign-in service cannot be reached');
      }
      if (error instanceof errors.JWTExpired) throw new DomainError('unauthenticated', 'The access token has expired');
      if (error instanceof errors.JOSEError) throw new DomainError('unauthenticated', 'The access token is not valid');
      throw error;
    }
  }
}

function issuedFor(payload: JWTPayload, clientId: string): boolean {
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  return payload['azp'] === clientId || audiences.includes(clientId);
}
