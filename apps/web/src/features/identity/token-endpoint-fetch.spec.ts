import type * as TokenEndpointFetch from './token-endpoint-fetch';

const TOKEN_URL = 'http://localhost/oidc/token';

/** A network that never answers, but stops waiting when the request is aborted, as fetch does. */
const hangingFetch = jest.fn(
  (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
);

/** A fresh copy of the module guarding a fresh `fetch`, as on a page that has just loaded. */
function guardedPage(options: TokenEndpointFetch.TokenEndpointOptions): typeof TokenEndpointFetch {
  window.fetch = hangingFetch as unknown as typeof fetch;
  let loaded: typeof TokenEndpointFetch | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof TokenEndpointFetch>('./token-endpoint-fetch');
  });
  loaded!.guardTokenEndpoint(options);
  return loaded!;
}

beforeEach(() => {
  hangingFetch.mockClear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe.each([
  ['the embedded provider', { opaqueRefreshTokens: true }],
  ['an external issuer', { opaqueRefreshTokens: false }],
])('token requests to %s', (_issuer, options) => {
  it.each([
    ['code exchange', { grant_type: 'authorization_code', code: 'c', client_id: 'qr-web' }],
    ['refresh', { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'qr-web' }],
  ])('a %s that hangs fails after 10 seconds with a sign-in message, and not before', async (_kind, form) => {
    const { TOKEN_REQUEST_TIMEOUT_MS, TokenRequestTimeout } = guardedPage(options);
    let outcome: unknown = 'pending';
    window.fetch(TOKEN_URL, { method: 'POST', body: new URLSearchParams(form) }).then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = error),
    );

    await jest.advanceTimersByTimeAsync(TOKEN_REQUEST_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(TokenRequestTimeout);
    expect((outcome as Error).message).toBe('The sign-in service did not answer within 10 seconds. Please try again.');
  });
});

test('other requests are left alone: no time limit is added', async () => {
  guardedPage({ opaqueRefreshTokens: true });
  void window.fetch('http://localhost/api/v1/organizations').catch(() => undefined);
  void window.fetch('http://localhost/api/v1/organizations', { method: 'POST', body: '{"organization_name":"Café"}' }).catch(() => undefined);
  expect(hangingFetch.mock.calls.map(([, init]) => init?.signal)).toEqual([undefined, undefined]);
});

test('only the embedded provider’s opaque refresh token is unwrapped on its way out', async () => {
  const refresh = () => new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'opaque.e30.Xy12' });
  const sentRefreshToken = () => (hangingFetch.mock.calls.at(-1)?.[1]?.body as URLSearchParams).get('refresh_token');

  guardedPage({ opaqueRefreshTokens: true });
  void window.fetch(TOKEN_URL, { method: 'POST', body: refresh() }).catch(() => undefined);
  expect(sentRefreshToken()).toBe('Xy12');

  guardedPage({ opaqueRefreshTokens: false });
  void window.fetch(TOKEN_URL, { method: 'POST', body: refresh() }).catch(() => undefined);
  expect(sentRefreshToken()).toBe('opaque.e30.Xy12');
  await jest.advanceTimersByTimeAsync(10_000);
});
