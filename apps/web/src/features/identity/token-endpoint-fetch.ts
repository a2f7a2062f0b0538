import { unwrapRefreshToken, wrapRefreshToken } from './opaque-refresh-token';

/** Spec §9: the token request times out after 10 seconds. */
export const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

export interface TokenEndpointOptions {
  /** Our embedded provider's refresh tokens are opaque; keycloak-js needs them JWT-shaped (see opaque-refresh-token.ts). */
  opaqueRefreshTokens: boolean;
}

export class TokenRequestTimeout extends Error {
  constructor() {
    super(`The sign-in service did not answer within ${TOKEN_REQUEST_TIMEOUT_MS / 1000} seconds. Please try again.`);
    this.name = 'TokenRequestTimeout';
  }
}

/**
 * A token request is a form post with a `grant_type` (RFC 6749 §4.1.3, §6): keycloak-js's code
 * exchange and refreshes, and nothing else this app sends. Recognising the request rather than the
 * URL lets keycloak-js discover the token endpoint itself, from whichever issuer the API names.
 */
function tokenRequestBody(init: RequestInit | undefined): URLSearchParams | null {
  return init?.body instanceof URLSearchParams && init.body.has('grant_type') ? init.body : null;
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
 * offers no timeout, so this wraps `fetch` for token requests only: a 10 s limit, and for our
 * embedded provider the refresh-token envelope. Every other request passes through untouched.
 * Once per page.
 */
export function guardTokenEndpoint(options: TokenEndpointOptions): void {
  if (installed || typeof window.fetch !== 'function') return;
  installed = true;
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const form = tokenRequestBody(init);
    if (!form) return originalFetch(input, init);
    const refreshToken = form.get('refresh_token');
    if (options.opaqueRefreshTokens && refreshToken !== null) form.set('refresh_token', unwrapRefreshToken(refreshToken));
    const response = await fetchWithTimeout(originalFetch, input, init);
    return options.opaqueRefreshTokens ? withWrappedRefreshToken(response) : response;
  };
}
