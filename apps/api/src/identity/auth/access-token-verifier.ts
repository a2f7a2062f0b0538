import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DomainError } from '@qr/contracts';

export interface VerifiedIdentity {
  email: string;
  subject: string;
}

export interface AccessTokenVerifierOptions {
  /** The `iss` every token must carry: `${PUBLIC_URL}/oidc` embedded, OIDC_ISSUER otherwise. */
  issuer: string;
  /** The `aud` naming this API, so a token minted for another service is refused here. */
  audience: string;
  /** The issuer's public keys: `createLocalJWKSet` embedded, `createRemoteJWKSet(jwks_uri)` otherwise. */
  keys: JWTVerifyGetKey;
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
      const { payload } = await jwtVerify(token, this.options.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      // A key set that can not be fetched is the issuer's outage, not the caller's bad token.
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
        throw new DomainError('service_unavailable', 'The sign-in service can not be reached');
      }
      if (error instanceof errors.JWTExpired) throw new DomainError('unauthenticated', 'The access token has expired');
      if (error instanceof errors.JOSEError) throw new DomainError('unauthenticated', 'The access token is not valid');
      throw error;
    }
  }
}
