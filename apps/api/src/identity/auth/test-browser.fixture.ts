import { createHash, randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LightMyRequestResponse } from 'fastify';
import { PUBLIC_URL } from './auth-test-app.fixture';

/** An authorization request as keycloak-js sends it: code flow, PKCE S256, answer in the fragment. */
export interface AuthorizationRequest {
  url: string;
  verifier: string;
  state: string;
  redirectUri: string;
}

export function authorizationRequest(extra: Record<string, string> = {}): AuthorizationRequest {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const redirectUri = `${PUBLIC_URL}/auth/login`;
  const params = new URLSearchParams({
    client_id: 'qr-web',
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid',
    state,
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url: `/oidc/auth?${params}`, verifier, state, redirectUri };
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires?: Date;
}

/** A browser driven over `inject`: keeps cookies by name and path and follows redirects on demand. */
export class TestBrowser {
  private cookies: StoredCookie[] = [];

  constructor(private readonly app: NestFastifyApplication) {}

  async open(url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url, PUBLIC_URL);
    const response = await this.app.inject({
      method: form ? 'POST' : 'GET',
      url: target.pathname + target.search,
      headers: {
        host: target.host,
        accept: 'text/html',
        cookie: this.cookieHeader(target.pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.keepCookies(response);
    return response;
  }

  /** Follows redirects until a page answers (`page`, at `url`) or one leaves the provider for the app (`appUrl`). */
  async follow(first: LightMyRequestResponse, firstUrl = ''): Promise<{ page?: LightMyRequestResponse; url: string; appUrl?: URL }> {
    let response = first;
    let url = firstUrl;
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.location;
      if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return { page: response, url };
      const next = new URL(location, PUBLIC_URL);
      if (!next.pathname.startsWith('/oidc/')) return { appUrl: next, url };
      url = next.pathname + next.search;
      response = await this.open(url);
    }
    throw new Error('more than 10 redirects');
  }

  /** Starts an authorization and returns the sign-in page it lands on. */
  async startSignIn(request: AuthorizationRequest): Promise<{ page: LightMyRequestResponse; url: string }> {
    const { page, url } = await this.follow(await this.open(request.url), request.url);
    if (!page || page.statusCode !== 200) throw new Error(`expected the sign-in page, got ${page?.statusCode}: ${page?.body}`);
    return { page, url };
  }

  /** Follows a successful form post back to the app and returns the authorization code it brings. */
  async codeFrom(response: LightMyRequestResponse, request: AuthorizationRequest): Promise<string> {
    const { appUrl, page } = await this.follow(response);
    if (!appUrl) throw new Error(`expected a redirect to the app, got ${page?.statusCode}: ${page?.body}`);
    const answer = new URLSearchParams(appUrl.hash.slice(1));
    if (answer.get('state') !== request.state) throw new Error(`state mismatch in ${appUrl.href}`);
    const code = answer.get('code');
    if (!code) throw new Error(`no code in ${appUrl.href}`);
    return code;
  }

  cookie(name: string): StoredCookie | undefined {
    return this.cookies.find((cookie) => cookie.name === name);
  }

  private cookieHeader(path: string): string {
    const now = Date.now();
    return this.cookies
      .filter(
        (cookie) =>
          (!cookie.expires || cookie.expires.getTime() > now) &&
          (path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private keepCookies(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expiresAt = attribute('expires');
      const cookie: StoredCookie = { name, value, path: attribute('path') ?? '/', expires: expiresAt ? new Date(expiresAt) : undefined };
      this.cookies = this.cookies.filter((c) => !(c.name === cookie.name && c.path === cookie.path));
      if (!cookie.expires || cookie.expires.getTime() > Date.now()) this.cookies.push(cookie);
    }
  }
}

/** The web app's token request after the redirect: the code and the PKCE verifier, no client secret. */
export async function exchangeCode(app: NestFastifyApplication, code: string, request: AuthorizationRequest): Promise<TokenResponse> {
  const response = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: request.redirectUri, code_verifier: request.verifier });
  if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function tokenRequest(app: NestFastifyApplication, form: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: new URL(PUBLIC_URL).host, 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
    payload: new URLSearchParams({ client_id: 'qr-web', ...form }).toString(),
  });
}

/** Creates an account through the sign-up page and returns the tokens the web app would get. */
export async function signUpInBrowser(
  app: NestFastifyApplication,
  account: { email: string; password: string; displayName: string },
  browser = new TestBrowser(app),
): Promise<TokenResponse> {
  const request = authorizationRequest();
  const { url } = await browser.startSignIn(request);
  const signUpUrl = `${url.split('?')[0]}?mode=sign-up`;
  await browser.open(signUpUrl);
  const posted = await browser.open(signUpUrl.split('?')[0]!, {
    intent: 'sign-up',
    email: account.email,
    password: account.password,
    display_name: account.displayName,
  });
  return exchangeCode(app, await browser.codeFrom(posted, request), request);
}

/** Signs in through the sign-in page and returns the tokens the web app would get. */
export async function signInInBrowser(app: NestFastifyApplication, email: string, password: string, browser = new TestBrowser(app)): Promise<TokenResponse> {
  const request = authorizationRequest();
  const { url } = await browser.startSignIn(request);
  const posted = await browser.open(url, { intent: 'sign-in', email, password });
  return exchangeCode(app, await browser.codeFrom(posted, request), request);
}

/** The claims of a JWT, unverified: for looking at what a token says, never for trusting it. */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}
