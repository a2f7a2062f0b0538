import { generateKeyPair, SignJWT } from 'jose';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PUBLIC_URL } from './auth/auth-test-app.fixture';
import { apiAudience, embeddedIssuer } from './auth/embedded-oidc-provider';
import { callerOf, createOrganization, PASSWORD, signedUpToken, type ApiCaller, type Method } from './organization-api.fixture';

const OWNER = 'olive@example.com';
const STRANGER = 'mallory@example.com';
const ORGS = '/api/v1/organizations';

describe('organisations, users and API keys', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let ownerToken: string;
  beforeAll(async () => {
    t = await startTestApp();
    ownerToken = await signedUpToken(t.app, OWNER);
    owner = callerOf(t.app, ownerToken);
    stranger = callerOf(t.app, await signedUpToken(t.app, STRANGER));
  });
  afterAll(() => t.close());

  it('makes the creator the owner, and lists the organisation among theirs with that role', async () => {
    const created = await owner('POST', ORGS, { organization_name: 'Corner Café', organization_logo: 'https://cdn.example.com/logo.png' });
    expect(created.statusCode).toBe(201);
    const org = created.json();
    expect(org).toEqual({ organization_id: expect.any(String), organization_name: 'Corner Café', organization_logo: 'https://cdn.example.com/logo.png' });
    const id = org.organization_id;

    expect((await owner('GET', `${ORGS}/${id}`)).json()).toEqual(org);
    expect((await owner('GET', ORGS)).json()).toContainEqual({ ...org, role: 'owner' });
    expect((await owner('GET', `${ORGS}/${id}/users`)).json()).toEqual([{ email: OWNER, role: 'owner', added_at: expect.any(String) }]);
    expect((await owner('GET', `${ORGS}/${id}/users/${OWNER}/role`)).json()).toEqual({ email: OWNER, role: 'owner' });
  });

  it('renames the organisation and removes its logo, and the next read shows it', async () => {
    const id = await createOrganization(owner);
    const res = await owner('PATCH', `${ORGS}/${id}`, { organization_name: 'Corner Bar', organization_logo: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization_id: id, organization_name: 'Corner Bar', organization_logo: null });
  });

  it('adds a member, changes their role and removes them', async () => {
    const id = await createOrganization(owner);
    const added = await owner('POST', `${ORGS}/${id}/users`, { email: 'Edie@Example.com', role: 'editor' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ email: 'edie@example.com', role: 'editor' });
    expect((await owner('GET', `${ORGS}/${id}/users`)).json().map((m: { email: string }) => m.email)).toEqual([OWNER, 'edie@example.com']);

    const changed = await owner('PUT', `${ORGS}/${id}/users/edie@example.com`, { role: 'admin' });
    expect(changed.statusCode).toBe(200);
    expect((await owner('GET', `${ORGS}/${id}/users/edie@example.com/role`)).json()).toEqual({ email: 'edie@example.com', role: 'admin' });

    expect((await owner('DELETE', `${ORGS}/${id}/users/edie@example.com`)).statusCode).toBe(204);
    const gone = await owner('GET', `${ORGS}/${id}/users/edie@example.com/role`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('member_not_found');
  });

  it('refuses to add someone twice', async () => {
    const id = await createOrganization(owner);
    await owner('POST', `${ORGS}/${id}/users`, { email: 'vic@example.com' });
    const again = await owner('POST', `${ORGS}/${id}/users`, { email: 'VIC@example.com', role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('member_already_exists');
  });

  it('keeps the last owner: they can neither be removed nor demoted', async () => {
    const id = await createOrganization(owner);
    const removed = await owner('DELETE', `${ORGS}/${id}/users/${OWNER}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().code).toBe('last_owner');
    const demoted = await owner('PUT', `${ORGS}/${id}/users/${OWNER}`, { role: 'viewer' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('last_owner');
  });

  it('names every bad field: an invalid email, an unknown role, an unknown field', async () => {
    const id = await createOrganization(owner);
    const res = await owner('POST', `${ORGS}/${id}/users`, { email: 'not-an-email', role: 'superuser', org_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['body.email', 'body.org_id', 'body.role']);
    const badPath = await owner('GET', `${ORGS}/not-a-uuid/users/not-an-email/role`);
    expect(badPath.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['path.email', 'path.org_id']);
  });

  describe('without valid credentials', () => {
    const assertUnauthenticated = async (caller: ApiCaller) => {
      const res = await caller('GET', ORGS);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('unauthenticated');
    };

    it('answers an anonymous caller 401', async () => {
      await assertUnauthenticated(callerOf(t.app));
      expect((await t.app.inject({ method: 'GET', url: ORGS, headers: { authorization: 'Basic b2xpdmU6cHc=' } })).statusCode).toBe(401);
    });

    it('answers a token signed with someone else’s key 401, even with the right issuer and audience', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ email: OWNER })
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject('forged')
        .setIssuer(embeddedIssuer(PUBLIC_URL))
        .setAudience(apiAudience(PUBLIC_URL))
        .setExpirationTime('5m')
        .sign(privateKey);
      await assertUnauthenticated(callerOf(t.app, forged));
    });

    it('answers an API key with a wrong secret or unknown id 401', async () => {
      const id = await createOrganization(owner);
      const { api_key } = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'export', role: 'viewer' })).json();
      await assertUnauthenticated(callerOf(t.app, `${api_key.slice(0, -1)}${api_key.endsWith('A') ? 'B' : 'A'}`));
      await assertUnauthenticated(callerOf(t.app, 'qrk_00000000-0000-4000-8000-000000000000_' + 'A'.repeat(43)));
      await assertUnauthenticated(callerOf(t.app, 'qrk_nonsense'));
    });
  });

  describe('tenant isolation', () => {
    const everyEndpoint = (id: string, keyId: string): [Method, string, object?][] => [
      ['GET', `${ORGS}/${id}`],
      ['PATCH', `${ORGS}/${id}`, { organization_name: 'Hijacked' }],
      ['GET', `${ORGS}/${id}/users`],
      ['POST', `${ORGS}/${id}/users`, { email: 'mole@example.com', role: 'owner' }],
      ['DELETE', `${ORGS}/${id}/users/${OWNER}`],
      ['PUT', `${ORGS}/${id}/users/${OWNER}`, { role: 'viewer' }],
      ['GET', `${ORGS}/${id}/users/${OWNER}/role`],
      ['POST', `${ORGS}/${id}/api-keys`, { label: 'mine', role: 'owner' }],
      ['DELETE', `${ORGS}/${id}/api-keys/${keyId}`],
    ];

    it('tells a member of another organisation that this one does not exist, on every endpoint, and changes nothing', async () => {
      const id = await createOrganization(owner, 'Victim Ltd');
      const { key_id } = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'export', role: 'viewer' })).json();
      await createOrganization(stranger, 'Mallory Inc');
      const strangersKey = (await stranger('POST', `${ORGS}/${await createOrganization(stranger)}/api-keys`, { label: 'x', role: 'admin' })).json().api_key;

      for (const caller of [stranger, callerOf(t.app, strangersKey)]) {
        for (const [method, url, payload] of everyEndpoint(id, key_id)) {
          const res = await caller(method, url, payload);
          expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({ method, url, status: 404, code: 'organization_not_found' });
        }
      }
      expect((await owner('GET', `${ORGS}/${id}`)).json().organization_name).toBe('Victim Ltd');
      expect((await owner('GET', `${ORGS}/${id}/users`)).json()).toHaveLength(1);
      expect((await stranger('GET', ORGS)).json().map((o: { organization_id: string }) => o.organization_id)).not.toContain(id);
    });
  });

  describe('API keys', () => {
    it('acts with its own role, lists only its organisation, and stops working once revoked', async () => {
      const id = await createOrganization(owner);
      const issued = await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'nightly export', role: 'admin' });
      expect(issued.statusCode).toBe(201);
      const { api_key, key_id, prefix } = issued.json();
      expect(api_key).toMatch(/^qrk_/);
      expect(api_key.startsWith(prefix)).toBe(true);
      const script = callerOf(t.app, api_key);

      expect((await script('GET', ORGS)).json()).toEqual([expect.objectContaining({ organization_id: id, role: 'admin' })]);
      expect((await script('POST', `${ORGS}/${id}/users`, { email: 'bot-added@example.com', role: 'editor' })).statusCode).toBe(201);
      // An admin key may not hand out the owner role.
      expect((await script('POST', `${ORGS}/${id}/users`, { email: 'boss@example.com', role: 'owner' })).statusCode).toBe(403);
      // Only a person can found an organisation.
      expect((await script('POST', ORGS, { organization_name: 'Bot Corp' })).statusCode).toBe(403);

      expect((await owner('DELETE', `${ORGS}/${id}/api-keys/${key_id}`)).statusCode).toBe(204);
      const after = await script('GET', `${ORGS}/${id}`);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('unauthenticated');
      const again = await owner('DELETE', `${ORGS}/${id}/api-keys/${key_id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('api_key_not_found');
    });

    it('a viewer key reads but cannot change anything', async () => {
      const id = await createOrganization(owner);
      const script = callerOf(t.app, (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'dashboard' })).json().api_key);
      expect((await script('GET', `${ORGS}/${id}/users`)).statusCode).toBe(200);
      const res = await script('PATCH', `${ORGS}/${id}`, { organization_name: 'Renamed' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    });
  });

  it('never stores a secret, its hash, a password or a token in the event log', async () => {
    const id = await createOrganization(owner);
    const { api_key } = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'leak check', role: 'viewer' })).json();
    const { rows: hashes } = await t.db.query<{ secret_hash: string }>('SELECT secret_hash FROM api_key_secrets');
    const { rows } = await t.db.query<{ event: string }>(`SELECT concat(data::text, metadata::text) AS event FROM es_events`);
    expect(rows.length).toBeGreaterThan(0);
    const log = rows.map((row) => row.event).join('\n');
    const secret = api_key.slice(-43);
    for (const forbidden of [api_key, secret, PASSWORD, ownerToken, ...hashes.map((h) => h.secret_hash)]) expect(log).not.toContain(forbidden);
  });

  it('documents every route in OpenAPI with its contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith(ORGS)).sort()).toEqual([
      ORGS,
      `${ORGS}/{org_id}`,
      `${ORGS}/{org_id}/api-keys`,
      `${ORGS}/{org_id}/api-keys/{key_id}`,
      `${ORGS}/{org_id}/users`,
      `${ORGS}/{org_id}/users/{email}`,
      `${ORGS}/{org_id}/users/{email}/role`,
    ]);
    expect(doc.paths[`${ORGS}/{org_id}/users`].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AddMemberBody' });
  });
});
