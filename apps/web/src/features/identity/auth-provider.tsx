import Keycloak from 'keycloak-js';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { setAccessTokenSource } from '../../api/api-fetch';
import { handleOpaqueRefreshTokens } from './opaque-refresh-token';
import { AuthContext, type Auth, type SignedInUser, type SignInState } from './auth-context';
import { clearTokens, readTokens, saveReturnPath, saveTokens } from './token-cache';

/** The public client the API's OpenID Connect provider knows (PKCE S256, no secret). */
export const WEB_CLIENT_ID = 'qr-web';
/** Spec §9: token checks allow 60 seconds of leeway. */
export const TOKEN_LEEWAY_SECONDS = 60;
/** Spec §9: the popup wait is 60 seconds. */
export const POPUP_WAIT_MS = 60_000;

const signInPath = '/auth/login';
/** The API hosts its OpenID Connect provider here. */
const providerPath = '/oidc';

/**
 * One Keycloak instance and one init for the page's lifetime: keycloak-js refuses a second init,
 * and React (StrictMode, route changes) may mount the provider more than once.
 */
let keycloak: Keycloak | null = null;
let ready: Promise<void> | null = null;
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

function start(): { kc: Keycloak; ready: Promise<void> } {
  if (keycloak && ready) return { kc: keycloak, ready };
  handleOpaqueRefreshTokens(`${providerPath}/token`);
  const kc = new Keycloak({ clientId: WEB_CLIENT_ID, oidcProvider: `${window.location.origin}${providerPath}` });
  keycloak = kc;
  kc.onAuthSuccess = () => sync(kc);
  kc.onAuthRefreshSuccess = () => sync(kc);
  kc.onAuthLogout = () => sync(kc);

  const cached = readTokens();
  const returningFromProvider = isCallback();
  ready = kc
    .init({
      pkceMethod: 'S256',
      checkLoginIframe: false,
      responseMode: 'query',
      redirectUri: `${window.location.origin}${signInPath}`,
      messageReceiveTimeout: POPUP_WAIT_MS,
      ...(cached ?? {}),
    })
    .then(
      () => sync(kc),
      (error: unknown) => {
        if (kc.token) kc.clearToken();
        clearTokens();
        // A cached session that no longer refreshes just means signing in again; a failed return
        // from the provider is worth telling the user about.
        const message = cached && !returningFromProvider ? null : describe(error);
        publish({ authenticated: false, loading: false, user: null, error: message });
      },
    );

  setAccessTokenSource(() => accessToken(kc));
  return { kc, ready };
}

async function accessToken(kc: Keycloak): Promise<string | null> {
  await ready;
  if (!kc.authenticated) return null;
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
  const { kc } = start();
  const signIn = useSyncExternalStore(subscribe, snapshot);

  const auth = useMemo<Auth>(
    () => ({
      ...signIn,
      login: async (returnPath) => {
        const { pathname, search, hash } = window.location;
        saveReturnPath(returnPath ?? `${pathname}${search}${hash}`);
        await ready;
        await kc.login({ redirectUri: `${window.location.origin}${signInPath}` });
      },
      logout: async () => {
        clearTokens();
        await kc.logout({ redirectUri: `${window.location.origin}/` });
      },
      getAccessToken: () => accessToken(kc),
    }),
    [signIn, kc],
  );

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
