import type { Role } from '@qr/contracts';
import { can } from '@qr/domain';
import { startTestApp, type TestApp } from '../testing/test-app';
import { callerOf, createOrganization, signedUpToken, type ApiCaller, type Method } from './organization-api.fixture';

const ORGS = '/api/v1/organizations';
const OWNER = 'olive@example.com';
const TARGET = 'target@example.com';
const ROLES: Role[] = ['owner', 'admin', 'editor', 'viewer'];

interface Endpoint {
  name: string;
  method: Method;
  url: (orgId: string, keyId: string) => string;
  payload?: object;
  allowed: (role: Role) => boolean;
  success: number;
}

/** Every organisation endpoint, with the predicate of permissions.ts that decides it. */
const ENDPOINTS: Endpoint[] = [
  { name: 'get organisation', method: 'GET', url: (o) => `${ORGS}/${o}`, allowed: (role) => can.read('identity', role), success: 200 },
  { name: 'update organisation', method: 'PATCH', url: (o) => `${ORGS}/${o}`, payload: { organization_name: 'New name' }, allowed: can.updateOrganization, success: 200 },
  { name: 'list users', method: 'GET', url: (o) => `${ORGS}/${o}/users`, allowed: (role) => can.read('identity', role), success: 200 },
  { name: 'get role', method: 'GET', url: (o) => `${ORGS}/${o}/users/${TARGET}/role`, allowed: (role) => can.read('identity', role), success: 200 },
  { name: 'add user', method: 'POST', url: (o) => `${ORGS}/${o}/users`, payload: { email: 'new@example.com', role: 'viewer' }, allowed: can.manageMembers, success: 201 },
  { name: 'edit role', method: 'PUT', url: (o) => `${ORGS}/${o}/users/${TARGET}`, payload: { role: 'editor' }, allowed: can.manageMembers, success: 200 },
  { name: 'issue API key', method: 'POST', url: (o) => `${ORGS}/${o}/api-keys`, payload: { label: 'ci', role: 'viewer' }, allowed: can.manageApiKeys, success: 201 },
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

  it.each(ROLES)('lets a member with the role %s do exactly what permissions.ts allows', async (role) => {
    // A fresh organisation per role, so one role's changes never decide another's answers.
    const orgId = await createOrganization(owner);
    if (role !== 'owner') await owner('POST', `${ORGS}/${orgId}/users`, { email: `${role}@example.com`, role });
    await owner('POST', `${ORGS}/${orgId}/users`, { email: TARGET, role: 'viewer' });
    const { key_id } = (await owner('POST', `${ORGS}/${orgId}/api-keys`, { label: 'to revoke', role: 'viewer' })).json();

    const caller = callers.get(role)!;
    const answers = [];
    for (const endpoint of ENDPOINTS) {
      const res = await caller(endpoint.method, endpoint.url(orgId, key_id), endpoint.payload);
      answers.push({ endpoint: endpoint.name, status: res.statusCode });
    }
    expect(answers).toEqual(ENDPOINTS.map((e) => ({ endpoint: e.name, status: e.allowed(role) ? e.success : 403 })));
  });
});
