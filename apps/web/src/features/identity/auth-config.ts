import { AuthConfigView } from '@qr/contracts';

/** The API hosts its OpenID Connect provider here unless OIDC_ISSUER points elsewhere. */
export const EMBEDDED_PROVIDER_PATH = '/oidc';
/** The one client the embedded provider knows (PKCE S256, no secret). */
const EMBEDDED_CLIENT_ID = 'qr-web';

const embedded = (): AuthConfigView => ({
  issuer: `${window.location.origin}${EMBEDDED_PROVIDER_PATH}`,
  client_id: EMBEDDED_CLIENT_ID,
  embedded: true,
});

/**
 * Where to sign in, asked of the API at run time so one build serves the embedded provider and a
 * Keycloak realm alike. If the API cannot say (an older server, a network blip), the embedded
 * provider is the answer that works on every fresh install.
 */
export async function loadAuthConfig(): Promise<AuthConfigView> {
  try {
    const response = await fetch('/api/v1/auth/config');
    if (!response.ok) return embedded();
    const parsed = AuthConfigView.safeParse(await response.json());
    return parsed.success ? parsed.data : embedded();
  } catch {
    return embedded();
  }
}
