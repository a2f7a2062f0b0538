import { unwrapRefreshToken, wrapRefreshToken } from './opaque-refresh-token';

/** The public client the API's own OpenID Connect provider knows (PKCE S256, no secret). */
export const WEB_CLIENT_ID = 'qr-web';
/** Spec §9: the token request times out after 10 seconds. */
export const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

export interface TokenEndpointOptions {
  /** The issuer's token endpoint, absolute. */
  tokenUrl: string;
  /** Our embedded provider's refresh tokens are opaque; keycloak-js needs them JWT-shaped (see opaque-refresh-token.ts). */
  opaqueRefreshTokens: boolean;
}

export class TokenRequestTimeout extends Error {
  constructor() {
    super(`The sign-in service did not answer within ${TOKEN_REQUEST_TIMEOUT_MS / 1000} seconds. Please try again.`);
    this.name = 'TokenRequestTimeout';
  }
}

function requestUrl(input: RequestInfo | URL): string {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, window.location.href).href;
}

/** Aborts the request after the spec's 10 seconds, keeping any signal the caller passed. */
async function fetchWithTimeout(originalFetch: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(init?.signal?.reason);
  init?.signal?.addEventListener('abort', abortFromCaller);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TOKEN_REQUEST_TIMEOUT_MS);
  try {
    return await originalFetch(input, { ...init, signal: controller.signal });
  } catch (error) {
    throw timedOut ? new TokenRequestTimeout() : error;
  } finally {
    clearTimeout(timer);
    init?.signal?.removeEventListener('abort', abortFromCaller);
  }
}

async function withWrappedRefreshToken(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const payload = (await response
    .clone()
    .json()
    .catch(() => null)) as { refresh_token?: unknown } | null;
  if (payload === null || typeof payload.refresh_token !== 'string') return response;
  return new Response(JSON.stringify({ ...payload, refresh_token: wrapRefreshToken(payload.refresh_token) }), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

let installed = false;

/**
 * keycloak-js calls the token endpoint (code exchange and refresh) with the global `fetch` and
 * offers no timeout, so this wraps `fetch` for that one URL: a 10 s limit, and for our embedded
 * provider the refresh-token envelope. Every other request passes through untouched. Once per page.
 */
export function guardTokenEndpoint(options: TokenEndpointOptions): void {
  if (installed || typeof window.fetch !== 'function') return;
  installed = true;
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (requestUrl(input) !== options.tokenUrl) return originalFetch(input, init);
    if (options.opaqueRefreshTokens && init?.body instanceof URLSearchParams) {
      const refreshToken = init.body.get('refresh_token');
      if (refreshToken !== null) init.body.set('refresh_token', unwrapRefreshToken(refreshToken));
    }
    const response = await fetchWithTimeout(originalFetch, input, init);
    return options.opaqueRefreshTokens ? withWrappedRefreshToken(response) : response;
  };
}
