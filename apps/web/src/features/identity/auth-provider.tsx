import Keycloak, { type KeycloakConfig } from 'keycloak-js';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthConfigView } from '@qr/contracts';
import { setAccessTokenSource } from '../../api/api-fetch';
import { AuthContext, type Auth, type SignedInUser, type SignInState } from './auth-context';
import { EMBEDDED_PROVIDER_PATH, loadAuthConfig } from './auth-config';
import { clearTokens, readTokens, saveReturnPath, saveTokens } from './token-cache';
import { guardTokenEndpoint } from './token-endpoint-fetch';

/** Spec §9: token checks allow 60 seconds of leeway. */
export const TOKEN_LEEWAY_SECONDS = 60;
/** Spec §9: the popup wait is 60 seconds. */
export const POPUP_WAIT_MS = 60_000;

const signInPath = '/auth/login';

/**
 * One Keycloak instance and one init for the page's lifetime: keycloak-js refuses a second init,
 * and React (StrictMode, route changes) may mount the provider more than once.
 */
let session: Promise<Keycloak> | null = null;
let state: SignInState = { authenticated: false, loading: true, user: null, error: null };
const listeners = new Set<() => void>();

function publish(next: SignInState): void {
  state = next;
  for (const listener of listeners) listener();
}

function userOf(kc: Keycloak): SignedInUser | null {
  const claims = kc.idTokenParsed as { email?: unknown; name?: unknown } | undefined;
  if (!claims) return null;
  const email = typeof claims.email === 'string' ? claims.email : '';
  const name = typeof claims.name === 'string' && claims.name !== '' ? claims.name : email;
  return { email, name };
}

/** Mirrors keycloak-js's in-memory tokens to the local-storage cache and to React. */
function sync(kc: Keycloak): void {
  if (kc.authenticated && kc.token && kc.refreshToken) {
    saveTokens({ token: kc.token, refreshToken: kc.refreshToken, idToken: kc.idToken });
  } else {
    clearTokens();
  }
  publish({ authenticated: Boolean(kc.authenticated && kc.token), loading: false, user: userOf(kc), error: null });
}

function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { error: code, error_description: description } = error as { error?: unknown; error_description?: unknown };
    if (typeof description === 'string' && description) return description;
    if (typeof code === 'string' && code) return code;
  }
  return 'Sign-in failed. Please try again.';
}

function isCallback(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * Our own provider lives on the origin that served this page; an external issuer at its own URL.
 * keycloak-js reads either's discovery document, token endpoint included.
 */
function providerOf(config: AuthConfigView): KeycloakConfig {
  const oidcProvider = config.embedded ? `${window.location.origin}${EMBEDDED_PROVIDER_PATH}` : config.issuer;
  return { clientId: config.client_id, oidcProvider };
}

async function startSession(): Promise<Keycloak> {
  const config = await loadAuthConfig();
  guardTokenEndpoint({ opaqueRefreshTokens: config.embedded });
  const kc = new Keycloak(providerOf(config));
  kc.onAuthSuccess = () => sync(kc);
  kc.onAuthRefreshSuccess = () => sync(kc);
  kc.onAuthLogout = () => sync(kc);

  const cached = readTokens();
  const returningFromProvider = isCallback();
  try {
    await kc.init({
      pkceMethod: 'S256',
      checkLoginIframe: false,
      responseMode: 'query',
      redirectUri: `${window.location.origin}${signInPath}`,
      messageReceiveTimeout: POPUP_WAIT_MS,
      ...(cached ?? {}),
    });
    sync(kc);
  } catch (error) {
    if (kc.token) kc.clearToken();
    clearTokens();
    // A cached session that no longer refreshes just means signing in again; a failed return
    // from the provider is worth telling the user about.
    const message = cached && !returningFromProvider ? null : describe(error);
    publish({ authenticated: false, loading: false, user: null, error: message });
  }
  return kc;
}

function start(): Promise<Keycloak> {
  if (session) return session;
  session = startSession().catch((error: unknown) => {
    publish({ authenticated: false, loading: false, user: null, error: describe(error) });
    throw error;
  });
  // The failure is already shown through the sign-in state; callers that await the session see it too.
  session.catch(() => undefined);
  setAccessTokenSource(() => accessToken());
  return session;
}

async function accessToken(): Promise<string | null> {
  const kc = await session?.catch(() => null);
  if (!kc?.authenticated) return null;
  try {
    await kc.updateToken(TOKEN_LEEWAY_SECONDS);
  } catch {
    return null;
  }
  return kc.token ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): SignInState {
  return state;
}

/** The sign-in state for the /admin and /auth routes; lazy-loaded so visitor pages skip keycloak-js. */
export default function AuthProvider({ children }: { children: ReactNode }) {
  const started = start();
  const signIn = useSyncExternalStore(subscribe, snapshot);

  const auth = useMemo<Auth>(
    () => ({
      ...signIn,
      login: async (returnPath) => {
        const { pathname, search, hash } = window.location;
        saveReturnPath(returnPath ?? `${pathname}${search}${hash}`);
        await (await started).login({ redirectUri: `${window.location.origin}${signInPath}` });
      },
      logout: async () => {
        clearTokens();
        await (await started).logout({ redirectUri: `${window.location.origin}/` });
      },
      getAccessToken: accessToken,
    }),
    [signIn, started],
  );

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
