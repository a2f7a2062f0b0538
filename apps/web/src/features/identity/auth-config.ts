import type { AuthConfigView } from '@qr/contracts';
import { WEB_CLIENT_ID } from './token-endpoint-fetch';

/** The API hosts its OpenID Connect provider here unless OIDC_ISSUER points elsewhere. */
export const EMBEDDED_PROVIDER_PATH = '/oidc';

const embedded = (): AuthConfigView => ({
  issuer: `${window.location.origin}${EMBEDDED_PROVIDER_PATH}`,
  client_id: WEB_CLIENT_ID,
  embedded: true,
});

/**
 * Where to sign in, asked of the API at run time so one build serves the embedded provider and a
 * Keycloak realm alike. If the API can not say (an older server, a network blip), the embedded
 * provider is the answer that works on every fresh install.
 */
export async function loadAuthConfig(): Promise<AuthConfigView> {
  try {
    const response = await fetch('/api/v1/auth/config');
    if (!response.ok) return embedded();
    const body = (await response.json()) as Partial<AuthConfigView>;
    return typeof body.issuer === 'string' && typeof body.client_id === 'string' && typeof body.embedded === 'boolean'
      ? { issuer: body.issuer, client_id: body.client_id, embedded: body.embedded }
      : embedded();
  } catch {
    return embedded();
  }
}
