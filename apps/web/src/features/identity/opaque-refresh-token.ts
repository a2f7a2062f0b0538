/**
 * keycloak-js 26 decodes the refresh token as a JWT (keycloak/keycloak-js#149, open), but the API's
 * OpenID Connect provider issues opaque refresh tokens, as OAuth allows. Until keycloak-js accepts
 * them, this wraps the token endpoint's refresh token in a JWT-shaped envelope with an empty payload
 * on the way in and unwraps it on the way out, only for requests to our provider's token endpoint
 * (token-endpoint-fetch.ts applies it).
 */
const ENVELOPE = 'opaque.e30.'; // "e30" is base64url for "{}"

export function wrapRefreshToken(token: string): string {
  return token.split('.').length === 3 ? token : `${ENVELOPE}${token}`;
}

export function unwrapRefreshToken(token: string): string {
  return token.startsWith(ENVELOPE) ? token.slice(ENVELOPE.length) : token;
}
