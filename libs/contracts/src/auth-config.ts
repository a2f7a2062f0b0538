import { z } from 'zod';

/** Where the web app signs in, read at run time so one build serves the embedded provider and Keycloak alike. */
export const AuthConfigView = z
  .object({
    issuer: z.url().meta({ description: 'The OpenID Connect issuer: `${PUBLIC_URL}/oidc` embedded, or OIDC_ISSUER.' }),
    client_id: z.string().meta({ description: 'The public client the web app signs in as (authorization code + PKCE).' }),
    embedded: z.boolean().meta({ description: 'True when this server is the issuer (local accounts).' }),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfigView = z.infer<typeof AuthConfigView>;
