import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { TestAdapter } from '@qr/platform/testing';
import { startTestApp, type TestApp } from '../testing/test-app';
import { signUpInBrowser } from './auth/test-browser.fixture';

export const PASSWORD = 'correct horse battery staple';

/** Signs a new account up through the real sign-in pages and returns its access token. */
export async function signedUpToken(app: NestFastifyApplication, email: string): Promise<string> {
  const tokens = await signUpInBrowser(app, { email, password: PASSWORD, displayName: email.split('@')[0]! });
  return tokens.access_token;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls the API as one caller: `Authorization: Bearer <credential>`, or anonymously without one. */
export function callerOf(app: NestFastifyApplication, credential?: string) {
  return (method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
      ...(payload ? { payload } : {}),
    });
}
export type ApiCaller = ReturnType<typeof callerOf>;

/** Creates an organisation as `owner` and returns its id. */
export async function createOrganization(owner: ApiCaller, name = 'Corner Café'): Promise<string> {
  const res = await owner('POST', '/api/v1/organizations', { organization_name: name });
  if (res.statusCode !== 201) throw new Error(`create organisation failed: ${res.statusCode} ${res.body}`);
  return res.json().organization_id;
}

export interface OwnerAndStranger {
  t: TestApp;
  /** The owner of the organisation `orgId`. */
  owner: ApiCaller;
  /** Signed up, but a member of no organisation: what another tenant sees. */
  stranger: ApiCaller;
  orgId: string;
}

/** For a describe block: a test app (on `database`, PGlite unless told) with an organisation's owner and a stranger to it, filled in before its tests. */
export function ownerAndStranger(ownerEmail: string, organizationName: string, database?: TestAdapter): OwnerAndStranger {
  const world = {} as OwnerAndStranger;
  beforeAll(async () => {
    world.t = await startTestApp({ database });
    world.owner = callerOf(world.t.app, await signedUpToken(world.t.app, ownerEmail));
    world.stranger = callerOf(world.t.app, await signedUpToken(world.t.app, 'mallory@example.com'));
    world.orgId = await createOrganization(world.owner, organizationName);
  });
  afterAll(() => world.t.close());
  return world;
}
