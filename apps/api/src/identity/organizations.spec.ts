import { DEFAULT_THEME_STYLE, PAGE_THEME_PRESETS } from '@qr/contracts';
import { generateKeyPair, SignJWT } from 'jose';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PUBLIC_URL } from './auth/auth-test-app.fixture';
import { apiAudience, embeddedIssuer } from './auth/embedded-oidc-provider';
import { OrganizationReads } from './organization-reads';
import { callerOf, createOrganization, PASSWORD, signedUpToken, type ApiCaller } from './organization-api.fixture';

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
    const created = await owner('POST', ORGS, {
      organization_name: 'Corner Café',
      organization_logo: 'https://cdn.example.com/logo.png',
      time_zone: 'Europe/Berlin',
    });
    expect(created.statusCode).toBe(201);
    const org = created.json();
    expect(org).toEqual({
      organization_id: expect.any(String),
      organization_name: 'Corner Café',
      organization_logo: 'https://cdn.example.com/logo.png',
      time_zone: 'Europe/Berlin',
      brand_kit: DEFAULT_THEME_STYLE,
    });
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
    expect(res.json()).toEqual({
      organization_id: id,
      organization_name: 'Corner Bar',
      organization_logo: null,
      time_zone: 'UTC',
      brand_kit: DEFAULT_THEME_STYLE,
    });
  });

  it('moves the organisation to another time zone, and refuses one that does not exist', async () => {
    const id = await createOrganization(owner);
    const moved = await owner('PATCH', `${ORGS}/${id}`, { time_zone: 'America/Sao_Paulo' });
    expect([moved.statusCode, moved.json().time_zone]).toEqual([200, 'America/Sao_Paulo']);
    const wrong = await owner('PATCH', `${ORGS}/${id}`, { time_zone: 'Mars/Olympus_Mons' });
    expect([wrong.statusCode, wrong.json().code, wrong.json().errors?.[0]?.field]).toEqual([400, 'validation_failed', 'body.time_zone']);
    expect((await owner('GET', `${ORGS}/${id}`)).json().time_zone).toBe('America/Sao_Paulo');
  });

  describe('the brand kit', () => {
    const paper = PAGE_THEME_PRESETS.find((preset) => preset.id === 'paper')!.style;

    it('is replaced whole by an owner, and every answer about the organisation carries it, as its visitors’ profile does', async () => {
      const id = await createOrganization(owner);
      const shouted = { ...paper, light: { ...paper.light, primary: paper.light.primary.toUpperCase() } };
      const res = await owner('PUT', `${ORGS}/${id}/brand-kit`, shouted);
      expect(res.statusCode).toBe(200);
      // Colours come back as the contract stores them, in lower case.
      expect(res.json()).toEqual({ organization_id: id, organization_name: 'Corner Café', organization_logo: null, time_zone: 'UTC', brand_kit: paper });
      expect((await owner('GET', `${ORGS}/${id}`)).json().brand_kit).toEqual(paper);
      expect((await owner('GET', ORGS)).json().find((org: { organization_id: string }) => org.organization_id === id).brand_kit).toEqual(paper);
      expect((await owner('POST', `${ORGS}/check-existence`, { id })).json().brand_kit).toEqual(paper);
      const publicProfile = await t.app.get(OrganizationReads).publicProfileOf(id);
      expect(publicProfile).toEqual({ name: 'Corner Café', logo: null, theme: { ...paper, background: { kind: 'colour' } } });
    });

    it('lets an admin key change it but refuses a viewer with 403', async () => {
      const id = await createOrganization(owner);
      const admin = callerOf(t.app, (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'brand sync', role: 'admin' })).json().api_key);
      const viewer = callerOf(t.app, (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'dashboard', role: 'viewer' })).json().api_key);
      expect((await admin('PUT', `${ORGS}/${id}/brand-kit`, paper)).statusCode).toBe(200);
      const refused = await viewer('PUT', `${ORGS}/${id}/brand-kit`, DEFAULT_THEME_STYLE);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
      expect((await owner('GET', `${ORGS}/${id}`)).json().brand_kit).toEqual(paper);
    });

    it('names the bad field of a kit it refuses, and keeps the kit it had', async () => {
      const id = await createOrganization(owner);
      const badColour = await owner('PUT', `${ORGS}/${id}/brand-kit`, { ...paper, light: { ...paper.light, accent: 'teal' } });
      expect([badColour.statusCode, badColour.json().code, badColour.json().errors]).toEqual([
        400,
        'validation_failed',
        [{ field: 'body.light.accent', message: 'Use a colour like #1a2b3c.' }],
      ]);
      const unknownFont = await owner('PUT', `${ORGS}/${id}/brand-kit`, { ...paper, body_font: 'comic-sans' });
      expect([unknownFont.statusCode, unknownFont.json().errors?.[0]?.field]).toEqual([400, 'body.body_font']);
      expect((await owner('GET', `${ORGS}/${id}`)).json().brand_kit).toEqual(DEFAULT_THEME_STYLE);
    });

    it('answers another tenant’s organisation 404, as if it did not exist', async () => {
      const id = await createOrganization(owner);
      const res = await stranger('PUT', `${ORGS}/${id}/brand-kit`, paper);
      expect([res.statusCode, res.json().code]).toEqual([404, 'organization_not_found']);
      expect((await owner('GET', `${ORGS}/${id}`)).json().brand_kit).toEqual(DEFAULT_THEME_STYLE);
    });
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
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['body.email', 'body.org_id', 'body.role']);
    const badPath = await owner('GET', `${ORGS}/not-a-uuid/users/not-an-email/role`);
    expect(
      badPath
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['path.email', 'path.org_id']);
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

  describe('finding organisations', () => {
    it('checks existence by id, name or a member’s email among the caller’s organisations, and says so when none matches', async () => {
      const id = await createOrganization(owner, `Harbour Deli ${Date.now()}`);
      const name = (await owner('GET', `${ORGS}/${id}`)).json().organization_name as string;
      await owner('POST', `${ORGS}/${id}/users`, { email: 'sam@example.com', role: 'editor' });
      const expected = { organization_id: id, organization_name: name, organization_logo: null, time_zone: 'UTC', brand_kit: DEFAULT_THEME_STYLE };

      for (const criteria of [{ id }, { name: name.toUpperCase() }, { email: 'sam@example.com', id }, { name, email: OWNER }]) {
        const res = await owner('POST', `${ORGS}/check-existence`, criteria);
        expect({ criteria, status: res.statusCode, body: res.json() }).toEqual({ criteria, status: 200, body: expected });
      }
      const none = await owner('POST', `${ORGS}/check-existence`, { name, email: 'nobody@example.com' });
      expect([none.statusCode, none.json().code]).toEqual([404, 'organization_not_found']);
      // Another tenant cannot learn that the name exists.
      const probe = await stranger('POST', `${ORGS}/check-existence`, { name });
      expect([probe.statusCode, probe.json().code]).toEqual([404, 'organization_not_found']);
      const empty = await owner('POST', `${ORGS}/check-existence`, {});
      expect([empty.statusCode, empty.json().code]).toEqual([400, 'validation_failed']);
    });

    it('tells a user and a script who they act as', async () => {
      const id = await createOrganization(owner);
      expect((await owner('GET', `${ORGS}/${id}/identifier`)).json()).toEqual({ org_id: id, user_id: OWNER, role: 'owner' });
      const key = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'report', role: 'editor' })).json().api_key;
      expect((await callerOf(t.app, key)('GET', `${ORGS}/${id}/identifier`)).json()).toEqual({ org_id: id, user_id: null, role: 'editor' });
    });
  });

  describe('API keys', () => {
    it('lists keys without their secrets, live ones first, revoked ones with when', async () => {
      const id = await createOrganization(owner);
      const first = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'first', role: 'viewer' })).json();
      const second = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'second', role: 'admin' })).json();
      await owner('DELETE', `${ORGS}/${id}/api-keys/${first.key_id}`);

      const listed = await owner('GET', `${ORGS}/${id}/api-keys`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([
        { key_id: second.key_id, label: 'second', role: 'admin', prefix: second.prefix, created_at: second.created_at, revoked_at: null },
        { key_id: first.key_id, label: 'first', role: 'viewer', prefix: first.prefix, created_at: first.created_at, revoked_at: expect.any(String) },
      ]);
      expect(listed.body).not.toContain(first.api_key);
      expect(listed.body).not.toContain(second.api_key);
    });

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
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith(ORGS))
        .sort(),
    ).toEqual([
      ORGS,
      `${ORGS}/check-existence`,
      `${ORGS}/{org_id}`,
      `${ORGS}/{org_id}/api-keys`,
      `${ORGS}/{org_id}/api-keys/{key_id}`,
      `${ORGS}/{org_id}/brand-kit`,
      `${ORGS}/{org_id}/identifier`,
      `${ORGS}/{org_id}/terms`,
      `${ORGS}/{org_id}/terms/accept`,
      `${ORGS}/{org_id}/users`,
      `${ORGS}/{org_id}/users/{email}`,
      `${ORGS}/{org_id}/users/{email}/role`,
    ]);
    expect(doc.paths[`${ORGS}/{org_id}/users`].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AddMemberBody' });
  });
});
