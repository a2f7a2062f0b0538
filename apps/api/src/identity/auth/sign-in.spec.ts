import { VITE_DEV_ORIGIN } from './embedded-oidc-provider';
import { AccessTokenVerifier } from './access-token-verifier';
import { PUBLIC_URL, startAuthTestApp, type AuthTestApp } from './auth-test-app.fixture';
import { authorizationRequest, claimsOf, exchangeCode, signInInBrowser, signUpInBrowser, TestBrowser, tokenRequest } from './test-browser.fixture';

describe('signing in to the web app through the embedded OpenID Connect provider', () => {
  let t: AuthTestApp;
  beforeAll(async () => (t = await startAuthTestApp()));
  afterAll(() => t.close());

  const ada = { email: 'Ada@Example.com', password: 'correct horse battery', displayName: 'Ada Lovelace' };
  let adaSubject: string;

  it('publishes a discovery document the web app configures itself from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: `${PUBLIC_URL}/oidc`,
      authorization_endpoint: `${PUBLIC_URL}/oidc/auth`,
      token_endpoint: `${PUBLIC_URL}/oidc/token`,
      jwks_uri: `${PUBLIC_URL}/oidc/jwks`,
      end_session_endpoint: `${PUBLIC_URL}/oidc/session/end`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
  });

  it('tells the web app to sign in here, as the one client this provider knows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(res.json()).toEqual({ issuer: `${PUBLIC_URL}/oidc`, client_id: 'qr-web', embedded: true });
  });

  it('does not let a client rewrite its addresses with forwarded headers when no proxy is trusted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.json().authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
  });

  it('publishes only the public half of its signing keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/jwks', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(Object.keys(key).filter((k) => ['d', 'p', 'q', 'dp', 'dq', 'qi'].includes(k))).toEqual([]);
    }
  });

  it('lets a new user create an account and return to the app with an API token carrying their email', async () => {
    const tokens = await signUpInBrowser(t.app, ada);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const identity = await t.app.get(AccessTokenVerifier).verify(tokens.access_token);
    expect(identity.email).toBe('ada@example.com');
    expect(identity.subject).toMatch(/^[0-9a-f-]{36}$/);
    expect(claimsOf(tokens.access_token)).toMatchObject({ iss: `${PUBLIC_URL}/oidc`, aud: `${PUBLIC_URL}/api`, client_id: 'qr-web' });
    expect(claimsOf(tokens.id_token)).toMatchObject({ sub: identity.subject, email: 'ada@example.com', name: 'Ada Lovelace', aud: 'qr-web' });
    adaSubject = identity.subject;
  });

  it('signs the same user in again from a fresh browser with their password', async () => {
    const tokens = await signInInBrowser(t.app, 'ada@example.com', ada.password);
    expect(await t.app.get(AccessTokenVerifier).verify(tokens.access_token)).toEqual({ email: 'ada@example.com', subject: adaSubject });
  });

  it('keeps a browser signed in for a day, so returning to the app does not ask for the password again', async () => {
    const browser = new TestBrowser(t.app);
    await signInInBrowser(t.app, ada.email, ada.password, browser);
    const session = browser.cookie('_session');
    expect(session?.expires).toBeDefined();
    const lifetime = session!.expires!.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000);

    // keycloak-js's silent check: prompt=none in a hidden frame answers with a code straight away.
    const silent = authorizationRequest({ prompt: 'none', redirect_uri: `${PUBLIC_URL}/auth/silent-check-sso.html` });
    const code = await browser.codeFrom(await browser.open(silent.url), silent);
    const tokens = await exchangeCode(t.app, code, { ...silent, redirectUri: `${PUBLIC_URL}/auth/silent-check-sso.html` });
    expect((await t.app.get(AccessTokenVerifier).verify(tokens.access_token)).email).toBe('ada@example.com');
  });

  it('renews the access token from the refresh token without asking the user', async () => {
    const first = await signInInBrowser(t.app, ada.email, ada.password);
    const res = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const renewed = res.json() as { access_token: string; refresh_token: string };
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect((await t.app.get(AccessTokenVerifier).verify(renewed.access_token)).email).toBe('ada@example.com');
    expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
  });

  it('lets only the web app (and its dev server) call the token endpoint from a browser', async () => {
    const { refresh_token } = await signInInBrowser(t.app, ada.email, ada.password);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/oidc/token',
      headers: { host: 'localhost:3000', origin: VITE_DEV_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    const fromDevServer = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: 'localhost:3000', origin: VITE_DEV_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'qr-web', grant_type: 'refresh_token', refresh_token }).toString(),
    });
    expect(fromDevServer.headers['access-control-allow-origin']).toBe(VITE_DEV_ORIGIN);
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: 'localhost:3000', origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'qr-web', grant_type: 'refresh_token', refresh_token: 'x' }).toString(),
    });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('signs the user out and back to the app, after which the browser has to sign in again', async () => {
    const browser = new TestBrowser(t.app);
    const { id_token } = await signInInBrowser(t.app, ada.email, ada.password, browser);
    const logout = new URLSearchParams({ client_id: 'qr-web', id_token_hint: id_token, post_logout_redirect_uri: `${PUBLIC_URL}/` });
    const confirm = await browser.open(`/oidc/session/end?${logout}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Sign out?');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    const done = await browser.open('/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${PUBLIC_URL}/`);

    const silent = authorizationRequest({ prompt: 'none' });
    const { appUrl } = await browser.follow(await browser.open(silent.url));
    expect(new URLSearchParams(appUrl!.hash.slice(1)).get('error')).toBe('login_required');
  });

  it('refuses an authorization request without PKCE, so a stolen code is useless', async () => {
    const request = authorizationRequest();
    const url = request.url.replace(/&code_challenge=[^&]*/, '').replace(/&code_challenge_method=[^&]*/, '');
    const { appUrl } = await new TestBrowser(t.app).follow(await new TestBrowser(t.app).open(url));
    expect(new URLSearchParams(appUrl!.hash.slice(1)).get('error')).toBe('invalid_request');
  });

  it('never sends a browser with its code to an address that is not the web app', async () => {
    const request = authorizationRequest({ redirect_uri: 'https://evil.example/auth/login' });
    const res = await new TestBrowser(t.app).open(request.url);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('redirect_uri');
  });
});

describe('the embedded provider in production', () => {
  it('does not send sign-ins to the Vite dev server, which only exists on a developer machine', async () => {
    const t = await startAuthTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const request = authorizationRequest({ redirect_uri: `${VITE_DEV_ORIGIN}/auth/login` });
      const res = await new TestBrowser(t.app).open(request.url);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('redirect_uri');
    } finally {
      await t.close();
    }
  });
});
