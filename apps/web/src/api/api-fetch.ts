/** Where apiFetch gets its bearer token; the identity provider registers itself here once it loads. */
type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource | null = null;

export function setAccessTokenSource(source: AccessTokenSource | null): void {
  accessTokenSource = source;
}

/** `fetch` against our API, with the signed-in user's access token (refreshed when nearly expired). */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = accessTokenSource ? await accessTokenSource() : null;
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  if (init.body !== undefined && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  return fetch(path, { ...init, headers });
}
