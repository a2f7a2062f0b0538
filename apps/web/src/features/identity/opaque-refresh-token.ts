/**
 * keycloak-js 26 decodes the refresh token as a JWT (keycloak/keycloak-js#149, open), but the API's
 * OpenID Connect provider issues opaque refresh tokens, as OAuth allows. Until keycloak-js accepts
 * them, this wraps the token endpoint's refresh token in a JWT-shaped envelope with an empty payload
 * on the way in and unwraps it on the way out, only for requests to our provider's token endpoint.
 */
const ENVELOPE = 'opaque.e30.'; // "e30" is base64url for "{}"

export function wrapRefreshToken(token: string): string {
  return token.split('.').length === 3 ? token : `${ENVELOPE}${token}`;
}

export function unwrapRefreshToken(token: string): string {
  return token.startsWith(ENVELOPE) ? token.slice(ENVELOPE.length) : token;
}

function requestUrl(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, window.location.href);
}

let installed = false;

/** Installs the envelope around `fetch` for `${origin}${tokenPath}`; once per page. */
export function handleOpaqueRefreshTokens(tokenPath: string): void {
  if (installed || typeof window.fetch !== 'function') return;
  installed = true;
  const originalFetch = window.fetch.bind(window);

  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = requestUrl(input);
    if (url.origin !== window.location.origin || url.pathname !== tokenPath) return originalFetch(input, init);

    const body = init?.body;
    if (body instanceof URLSearchParams) {
      const refreshToken = body.get('refresh_token');
      if (refreshToken !== null) body.set('refresh_token', unwrapRefreshToken(refreshToken));
    }

    const response = await originalFetch(input, init);
    if (!response.ok) return response;
    const payload = (await response
      .clone()
      .json()
      .catch(() => null)) as { refresh_token?: unknown } | null;
    if (payload === null || typeof payload.refresh_token !== 'string') return response;

    const wrapped = { ...payload, refresh_token: wrapRefreshToken(payload.refresh_token) };
    return new Response(JSON.stringify(wrapped), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
