import type { Role } from '@qr/contracts';
import { can } from '@qr/domain';
import { startTestApp, type TestApp } from '../testing/test-app';
import { callerOf, createOrganization, signedUpToken, type ApiCaller, type Method } from './organization-api.fixture';

const ORGS = '/api/v1/organizations';
const OWNER = 'olive@example.com';
const TARGET = 'target@example.com';
const STRANGER = 'mallory@example.com';
const ROLES: Role[] = ['owner', 'admin', 'editor', 'viewer'];

interface Endpoint {
  name: string;
  method: Method;
  url: (orgId: string, keyId: string) => string;
  payload?: (orgId: string) => object;
  allowed: (role: Role) => boolean;
  success: number;
}

const anyMember = (role: Role) => can.read('identity', role);

/**
 * Every protected endpoint that takes an organisation, with the predicate of permissions.ts that
 * decides it. A new endpoint joins this list, and so the role matrix, the anonymous 401s and the
 * cross-tenant 404s below. Order matters: deletions come last.
 */
const ENDPOINTS: Endpoint[] = [
  { name: 'get organisation', method: 'GET', url: (o) => `${ORGS}/${o}`, allowed: anyMember, success: 200 },
  { name: 'check existence', method: 'POST', url: () => `${ORGS}/check-existence`, payload: (o) => ({ id: o }), allowed: anyMember, success: 200 },
  { name: 'get identifier', method: 'GET', url: (o) => `${ORGS}/${o}/identifier`, allowed: anyMember, success: 200 },
  { name: 'update organisation', method: 'PATCH', url: (o) => `${ORGS}/${o}`, payload: () => ({ organization_name: 'New name' }), allowed: can.updateOrganization, success: 200 },
  { name: 'list users', method: 'GET', url: (o) => `${ORGS}/${o}/users`, allowed: anyMember, success: 200 },
  { name: 'get role', method: 'GET', url: (o) => `${ORGS}/${o}/users/${TARGET}/role`, allowed: anyMember, success: 200 },
  { name: 'add user', method: 'POST', url: (o) => `${ORGS}/${o}/users`, payload: () => ({ email: 'new@example.com', role: 'viewer' }), allowed: can.manageMembers, success: 201 },
  { name: 'edit role', method: 'PUT', url: (o) => `${ORGS}/${o}/users/${TARGET}`, payload: () => ({ role: 'editor' }), allowed: can.manageMembers, success: 200 },
  { name: 'list API keys', method: 'GET', url: (o) => `${ORGS}/${o}/api-keys`, allowed: anyMember, success: 200 },
  { name: 'issue API key', method: 'POST', url: (o) => `${ORGS}/${o}/api-keys`, payload: () => ({ label: 'ci', role: 'viewer' }), allowed: can.manageApiKeys, success: 201 },
  { name: 'get terms', method: 'GET', url: (o) => `${ORGS}/${o}/terms`, allowed: anyMember, success: 200 },
  { name: 'accept terms', method: 'POST', url: (o) => `${ORGS}/${o}/terms/accept`, payload: () => ({ version: 1 }), allowed: can.acceptTerms, success: 200 },
  { name: 'publish terms', method: 'POST', url: (o) => `${ORGS}/${o}/terms`, payload: () => ({ text: 'Version two.' }), allowed: can.publishTerms, success: 201 },
  { name: 'revoke API key', method: 'DELETE', url: (o, k) => `${ORGS}/${o}/api-keys/${k}`, allowed: can.manageApiKeys, success: 204 },
  { name: 'delete user', method: 'DELETE', url: (o) => `${ORGS}/${o}/users/${TARGET}`, allowed: can.manageMembers, success: 204 },
];

describe('the permission matrix over HTTP', () => {
  let t: TestApp;
  let owner: ApiCaller;
  const callers = new Map<Role, ApiCaller>();
  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, OWNER));
    callers.set('owner', owner);
    for (const role of ROLES.filter((r) => r !== 'owner')) callers.set(role, callerOf(t.app, await signedUpToken(t.app, `${role}@example.com`)));
  });
  afterAll(() => t.close());

  /** An organisation with a member to act on, an API key to revoke and published terms. */
  async function organisationWithEverything(name?: string): Promise<{ orgId: string; keyId: string }> {
    const orgId = await createOrganization(owner, name);
    await owner('POST', `${ORGS}/${orgId}/users`, { email: TARGET, role: 'viewer' });
    await owner('POST', `${ORGS}/${orgId}/terms`, { text: 'Version one.' });
    const { key_id } = (await owner('POST', `${ORGS}/${orgId}/api-keys`, { label: 'to revoke', role: 'viewer' })).json();
    return { orgId, keyId: key_id };
  }

  async function answersOf(caller: ApiCaller, orgId: string, keyId: string) {
    const answers = [];
    for (const endpoint of ENDPOINTS) {
      const res = await caller(endpoint.method, endpoint.url(orgId, keyId), endpoint.payload?.(orgId));
      answers.push({ endpoint: endpoint.name, status: res.statusCode, code: res.statusCode >= 400 ? res.json().code : undefined });
    }
    return answers;
  }

  it.each(ROLES)('lets a member with the role %s do exactly what permissions.ts allows', async (role) => {
    // A fresh organisation per role, so one role's changes never decide another's answers.
    const { orgId, keyId } = await organisationWithEverything();
    if (role !== 'owner') await owner('POST', `${ORGS}/${orgId}/users`, { email: `${role}@example.com`, role });

    expect(await answersOf(callers.get(role)!, orgId, keyId)).toEqual(
      ENDPOINTS.map((e) => (e.allowed(role) ? { endpoint: e.name, status: e.success, code: undefined } : { endpoint: e.name, status: 403, code: 'forbidden' })),
    );
  });

  it('answers an anonymous caller 401 on every endpoint', async () => {
    const { orgId, keyId } = await organisationWithEverything();
    expect(await answersOf(callerOf(t.app), orgId, keyId)).toEqual(ENDPOINTS.map((e) => ({ endpoint: e.name, status: 401, code: 'unauthenticated' })));
  });

  it('tells a member or an API key of another organisation that this one does not exist, on every endpoint, and changes nothing', async () => {
    const { orgId, keyId } = await organisationWithEverything('Victim Ltd');
    const stranger = callerOf(t.app, await signedUpToken(t.app, STRANGER));
    const strangersOrg = await createOrganization(stranger, 'Mallory Inc');
    const strangersKey = (await stranger('POST', `${ORGS}/${strangersOrg}/api-keys`, { label: 'x', role: 'admin' })).json().api_key;
    const notFound = ENDPOINTS.map((e) => ({ endpoint: e.name, status: 404, code: 'organization_not_found' }));

    expect(await answersOf(stranger, orgId, keyId)).toEqual(notFound);
    expect(await answersOf(callerOf(t.app, strangersKey), orgId, keyId)).toEqual(notFound);
    expect((await owner('GET', `${ORGS}/${orgId}`)).json().organization_name).toBe('Victim Ltd');
    expect((await owner('GET', `${ORGS}/${orgId}/users`)).json()).toHaveLength(2);
    expect((await owner('GET', `${ORGS}/${orgId}/terms`)).json().version).toBe(1);
    expect((await owner('GET', `${ORGS}/${orgId}/api-keys`)).json()).toEqual([expect.objectContaining({ key_id: keyId, revoked_at: null })]);
  });
});
