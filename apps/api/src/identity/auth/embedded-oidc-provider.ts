import { errors, interactionPolicy, Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger, SqlClient } from '@qr/platform';
import type { Accounts } from './accounts';
import { errorPage, OUR_FAULT, signedOutPage, signOutPage } from './auth-pages';
import { SqlOidcAdapter } from './oidc-adapter';
import type { OidcKeys } from './oidc-keys';

/** The web app's client: public (no secret in a browser), code flow with PKCE only. */
export const EMBEDDED_CLIENT_ID = 'qr-web';
/** Where `npm run dev` serves the web app (Vite), allowed outside production only. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

const ONE_DAY = 24 * 60 * 60;
const ACCESS_TOKEN_TTL = 15 * 60;
/** The one scope of our API; tokens for it are JWTs the API verifies on its own. */
const API_SCOPE = 'api';

export const embeddedIssuer = (publicUrl: string) => `${publicUrl}/oidc`;
export const apiAudience = (publicUrl: string) => `${publicUrl}/api`;

export interface EmbeddedOidcOptions {
  publicUrl: string;
  /** Also accept the Vite dev server's redirect URIs (never in production). */
  allowDevOrigin: boolean;
  db: SqlClient;
  accounts: Accounts;
  keys: OidcKeys;
  logger: Logger;
}

/**
 * The embedded OpenID Connect provider (DESIGN.md §6): issuer `${PUBLIC_URL}/oidc`, one first-party
 * client whose consent is implicit, JWT access tokens for `${PUBLIC_URL}/api` carrying the email.
 */
export function createEmbeddedOidcProvider(options: EmbeddedOidcOptions): Provider {
  const { publicUrl, accounts, db, keys, logger } = options;
  const issuer = embeddedIssuer(publicUrl);
  const audience = apiAudience(publicUrl);
  const mountPath = new URL(issuer).pathname;
  const appOrigins = options.allowDevOrigin ? [publicUrl, VITE_DEV_ORIGIN] : [publicUrl];

  // The only prompt is sign-in: this is our own app, so there is nothing to consent to.
  const policy = interactionPolicy.base();
  policy.remove('consent');

  const configuration: Configuration = {
    adapter: (kind: string) => new SqlOidcAdapter(db, kind),
    jwks: keys.signing,
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_name: 'QR Platform',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: appOrigins.flatMap((origin) => [`${origin}/auth/login`, `${origin}/auth/silent-check-sso.html`]),
        post_logout_redirect_uris: appOrigins.map((origin) => `${origin}/`),
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    // keycloak-js asks for `openid` alone, so the email and name come with it; the ID token carries
    // them (conformIdTokenClaims off) because the access token is for the API, not for userinfo.
    claims: { openid: ['sub', 'email', 'name'], email: ['email'], profile: ['name'] },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, subject) => {
      const account = await accounts.findBySubject(subject);
      return (
        account && {
          accountId: account.subject,
          claims: () => ({ sub: account.subject, email: account.email, name: account.displayName }),
        }
      );
    },
    extraTokenClaims: async (_ctx, token) => {
      const account = token.kind === 'AccessToken' && token.accountId ? await accounts.findBySubject(token.accountId) : undefined;
      return account && { email: account.email };
    },
    interactions: { policy, url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    loadExistingGrant: implicitConsent(audience),
    // keycloak-js keeps the user signed in by refreshing, with or without `offline_access`.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin, client) => (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return { scope: API_SCOPE, audience, accessTokenFormat: 'jwt', accessTokenTTL: ACCESS_TOKEN_TTL, jwt: { sign: { alg: 'RS256' } } };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => void (ctx.body = signOutPage(form)),
        postLogoutSuccessSource: (ctx) => void (ctx.body = signedOutPage()),
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      // Spec §9: the session cookie lives 1 day; a rotated refresh token keeps what its predecessor had left.
      Session: ONE_DAY,
      Grant: ONE_DAY,
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? ONE_DAY,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error === 'server_error' ? OUR_FAULT : (out.error_description ?? out.error));
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => logger.error({ err: error }, 'OpenID Connect provider failed'));
  return provider;
}

/**
 * Implicit consent for our own app: the grant covers whatever OpenID scopes were asked for and the
 * API. It is made or widened here, where oidc-provider would otherwise ask the user to consent.
 */
function implicitConsent(audience: string) {
  return async (ctx: KoaContextWithOIDC) => {
    const { client, session, provider } = ctx.oidc;
    const accountId = session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    const existing = grantId ? await provider.Grant.find(grantId) : undefined;
    const grant = existing?.accountId === accountId ? existing : new provider.Grant({ clientId: client.clientId, accountId });
    grant.addOIDCScope(ctx.oidc.requestParamOIDCScopes);
    grant.addResourceScope(audience, API_SCOPE);
    await grant.save();
    return grant;
  };
}
