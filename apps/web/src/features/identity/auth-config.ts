import { AuthConfigView } from '@qr/contracts';
import { operationOf, readAnswer } from '../../api/api-call';
import { publicFetch } from '../../api/api-fetch';

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
    const path = '/api/v1/auth/config';
    const response = await publicFetch(path);
    return response.ok ? await readAnswer(AuthConfigView, response, operationOf(path)) : embedded();
  } catch {
    return embedded();
  }
}
