import { atLatestPosition, POSITION_HEADER, rememberPosition } from './read-position';

/** Where apiFetch gets its bearer token; the identity provider registers itself here once it loads. */
type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource | null = null;

export function setAccessTokenSource(source: AccessTokenSource | null): void {
  accessTokenSource = source;
}

/**
 * `fetch` against our API without sign-in, as a visitor's pages ask it (DESIGN.md §7): a query waits
 * for the latest change this tab made, and an answer's position is kept for the queries after it.
 */
export async function publicFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(atLatestPosition(path, init.method ?? 'GET'), { ...init, headers });
  rememberPosition(response.headers.get(POSITION_HEADER));
  return response;
}

/** `fetch` against our API, with the signed-in user's access token (refreshed when nearly expired). */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = accessTokenSource ? await accessTokenSource() : null;
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  return publicFetch(path, { ...init, headers });
}
