import { guardTokenEndpoint, TOKEN_REQUEST_TIMEOUT_MS, TokenRequestTimeout } from './token-endpoint-fetch';

const TOKEN_URL = 'http://localhost/oidc/token';

/** A network that never answers, but stops waiting when the request is aborted, as fetch does. */
const hangingFetch = jest.fn(
  (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
);

beforeAll(() => {
  window.fetch = hangingFetch as unknown as typeof fetch;
  guardTokenEndpoint({ tokenUrl: TOKEN_URL, opaqueRefreshTokens: true });
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a token request that hangs fails after 10 seconds with a sign-in message, and not before', async () => {
  let outcome: unknown = 'pending';
  window.fetch(TOKEN_URL, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token' }) }).then(
    () => (outcome = 'answered'),
    (error: unknown) => (outcome = error),
  );

  await jest.advanceTimersByTimeAsync(TOKEN_REQUEST_TIMEOUT_MS - 1);
  expect(outcome).toBe('pending');
  await jest.advanceTimersByTimeAsync(1);
  expect(outcome).toBeInstanceOf(TokenRequestTimeout);
  expect((outcome as Error).message).toBe('The sign-in service did not answer within 10 seconds. Please try again.');
});

test('other requests are left alone: no time limit is added', async () => {
  hangingFetch.mockClear();
  void window.fetch('http://localhost/api/v1/organizations').catch(() => undefined);
  expect(hangingFetch.mock.calls[0]?.[1]).toBeUndefined();
});

test('the embedded provider’s opaque refresh token leaves the page unwrapped', async () => {
  hangingFetch.mockClear();
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'opaque.e30.Xy12' });
  void window.fetch(TOKEN_URL, { method: 'POST', body }).catch(() => undefined);
  expect((hangingFetch.mock.calls[0]?.[1]?.body as URLSearchParams).get('refresh_token')).toBe('Xy12');
  await jest.advanceTimersByTimeAsync(TOKEN_REQUEST_TIMEOUT_MS);
});
