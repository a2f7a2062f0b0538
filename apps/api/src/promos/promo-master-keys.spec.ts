import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { testAdapters } from '@qr/platform/testing';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PromoMasterKeySecrets } from './index';

const KEYS = '/api/v1/promo-keys';
const PROMOS = '/api/v1/promos';
const DRAWN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

describe.each(testAdapters())('master promo keys on $name', (adapter) => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let theirOrg: string;
  let secrets: PromoMasterKeySecrets;

  beforeAll(async () => {
    t = await startTestApp({ database: adapter });
    owner = callerOf(t.app, await signedUpToken(t.app, 'key-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'key-stranger@example.com'));
    theirOrg = await createOrganization(stranger, 'Other Bar');
    secrets = t.app.get(PromoMasterKeySecrets);
  });
  afterAll(() => t.close());

  /** Everything the event store holds, as text, to look for a secret in. */
  const allEvents = async () => JSON.stringify((await t.db.query('SELECT * FROM es_events')).rows);

  it('creates keys with a drawn or a typed secret, lists, gets and renames them', async () => {
    const orgId = await createOrganization(owner, 'Key Bar');
    const drawn = await owner('POST', KEYS, { org_id: orgId, name: 'Front till' });
    expect(drawn.statusCode).toBe(201);
    expect(drawn.json()).toEqual({
      key_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      org_id: orgId,
      name: 'Front till',
      version: 1,
      secret: expect.stringMatching(DRAWN),
      campaign_count: 0,
      created_at: expect.any(String),
      rotated_at: null,
    });
    const typed = (await owner('POST', KEYS, { org_id: orgId, name: 'Bar', secret: '  open sesame ' })).json();
    expect(typed.secret).toBe('open sesame');

    expect((await owner('GET', `${KEYS}?org_id=${orgId}`)).json().map((key: { name: string }) => key.name)).toEqual(['Front till', 'Bar']);
    expect((await owner('GET', `${KEYS}/${typed.key_id}`)).json()).toEqual({ ...typed, created_at: expect.any(String) });
    const renamed = await owner('PUT', `${KEYS}/${typed.key_id}`, { name: 'Back bar' });
    expect([renamed.statusCode, renamed.json().name, renamed.json().secret]).toEqual([200, 'Back bar', 'open sesame']);
  });

  it('keeps secrets sealed and out of every event, and matches a typed one against the current version only', async () => {
    const orgId = await createOrganization(owner, 'Sealed Bar');
    const key = (await owner('POST', KEYS, { org_id: orgId, name: 'Till', secret: 'Hidden-Words-42' })).json();
    expect(await secrets.matches(orgId, key.key_id, 'Hidden-Words-42')).toEqual({ key_id: key.key_id, version: 1 });
    // What a phone keyboard does to a typed secret does not matter.
    expect(await secrets.matches(orgId, key.key_id, ' hidden words42 ')).toEqual({ key_id: key.key_id, version: 1 });
    expect(await secrets.matches(orgId, key.key_id, 'Hidden-Words-43')).toBeNull();
    expect(await secrets.matches(theirOrg, key.key_id, 'Hidden-Words-42')).toBeNull();

    const rotated = await owner('POST', `${KEYS}/${key.key_id}/rotate`, {});
    expect([rotated.statusCode, rotated.json().version, rotated.json().rotated_at]).toEqual([200, 2, expect.any(String)]);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(DRAWN);
    expect((await owner('GET', `${KEYS}/${key.key_id}`)).json()).toMatchObject({ version: 2, secret: fresh });
    expect(await secrets.matches(orgId, key.key_id, 'Hidden-Words-42')).toBeNull();
    expect(await secrets.matches(orgId, key.key_id, fresh)).toEqual({ key_id: key.key_id, version: 2 });
    const typed = (await owner('POST', `${KEYS}/${key.key_id}/rotate`, { secret: 'Third-Time' })).json();
    expect([typed.version, typed.secret]).toEqual([3, 'Third-Time']);

    const events = await allEvents();
    expect(events).toContain(key.key_id);
    for (const secret of ['Hidden-Words-42', fresh, 'Third-Time']) expect(events).not.toContain(secret);
    const { rows } = await t.db.query<{ sealed: string }>('SELECT sealed FROM promo_master_key_secrets WHERE key_id = $1', [key.key_id]);
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/Hidden|Third/);
  });

  it('keeps the secret of whichever rotation the key’s stream recorded when several run at once', async () => {
    const orgId = await createOrganization(owner, 'Busy Bar');
    const key = (await owner('POST', KEYS, { org_id: orgId, name: 'Till', secret: 'first-secret' })).json();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => owner('POST', `${KEYS}/${key.key_id}/rotate`, { secret: `rotation-${n}` })));
    const won = answers.filter((res) => res.statusCode === 200).map((res) => res.json() as { version: number; secret: string });
    expect(won.length).toBeGreaterThan(0);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) expect([res.statusCode, res.json().code]).toEqual([409, 'wrong_expected_version']);
    // Each rotation that succeeded made a version of its own, and the last is the one that unlocks.
    expect(new Set(won.map((rotation) => rotation.version)).size).toBe(won.length);
    const last = won.reduce((latest, rotation) => (rotation.version > latest.version ? rotation : latest));
    expect((await owner('GET', `${KEYS}/${key.key_id}`)).json()).toMatchObject({ version: last.version, secret: last.secret });
    expect(await secrets.matches(orgId, key.key_id, last.secret)).toEqual({ key_id: key.key_id, version: last.version });
  });

  it('refuses to delete a key live campaigns use, naming how many, and deletes it once none does', async () => {
    const orgId = await createOrganization(owner, 'Locked Bar');
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Menu', type: 'page' })).json().code_id;
    const key = (await owner('POST', KEYS, { org_id: orgId, name: 'Till', secret: 'counter-key' })).json();
    const campaign = (code: string) => ({
      org_id: orgId,
      code_id: codeId,
      codes: { kind: 'shared', promo_code: code },
      terms: { name: code, offer: { kind: 'reward', text: 'A free coffee' } },
      master_key_id: key.key_id,
    });
    const first = (await owner('POST', PROMOS, campaign('COFFEE'))).json();
    await owner('POST', PROMOS, campaign('TEA'));
    expect((await owner('GET', `${KEYS}/${key.key_id}`)).json().campaign_count).toBe(2);

    const refused = await owner('DELETE', `${KEYS}/${key.key_id}`);
    expect([refused.statusCode, refused.json().code, refused.json().detail]).toEqual([
      409,
      'promo_master_key_in_use',
      expect.stringContaining('2 campaigns use'),
    ]);
    await owner('DELETE', `${PROMOS}/${first.campaign_id}`);
    const second = (await owner('GET', `${PROMOS}?org_id=${orgId}`)).json()[0];
    expect((await owner('DELETE', `${KEYS}/${key.key_id}`)).json().detail).toContain('1 campaign uses');
    await owner('PUT', `${PROMOS}/${second.campaign_id}/master-key`, { master_key_id: null });

    expect((await owner('DELETE', `${KEYS}/${key.key_id}`)).statusCode).toBe(204);
    expect((await owner('GET', `${KEYS}/${key.key_id}`)).json().code).toBe('promo_master_key_not_found');
    expect((await owner('GET', `${KEYS}?org_id=${orgId}`)).json()).toEqual([]);
    expect(await secrets.matches(orgId, key.key_id, 'counter-key')).toBeNull();
    // A deleted key locks no new campaign.
    expect((await owner('POST', PROMOS, campaign('CAKE'))).json().code).toBe('promo_master_key_not_found');
  });

  it('answers another organisation’s keys as unknown ones, and shows a viewer none', async () => {
    const orgId = await createOrganization(owner, 'Private Bar');
    const key = (await owner('POST', KEYS, { org_id: orgId, name: 'Till' })).json();
    const theirs = [
      await stranger('GET', `${KEYS}/${key.key_id}`),
      await stranger('PUT', `${KEYS}/${key.key_id}`, { name: 'Mine' }),
      await stranger('POST', `${KEYS}/${key.key_id}/rotate`, {}),
      await stranger('DELETE', `${KEYS}/${key.key_id}`),
    ];
    expect(theirs.map((res) => [res.statusCode, res.json().code])).toEqual(Array(4).fill([404, 'promo_master_key_not_found']));
    expect((await stranger('GET', `${KEYS}?org_id=${orgId}`)).json().code).toBe('organization_not_found');
    expect((await stranger('POST', KEYS, { org_id: orgId, name: 'Sneaky' })).statusCode).toBe(404);

    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'key-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'key-viewer@example.com'));
    const refused = [
      await viewer('GET', `${KEYS}?org_id=${orgId}`),
      await viewer('GET', `${KEYS}/${key.key_id}`),
      await viewer('POST', KEYS, { org_id: orgId, name: 'Viewer key', secret: 'viewer-secret' }),
      await viewer('PUT', `${KEYS}/${key.key_id}`, { name: 'Renamed' }),
      await viewer('POST', `${KEYS}/${key.key_id}/rotate`, { secret: 'viewer-rotated' }),
      await viewer('DELETE', `${KEYS}/${key.key_id}`),
    ];
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual(Array(6).fill([403, 'forbidden']));
    for (const res of refused) expect(res.body).not.toContain(key.secret);
    const { rows } = await t.db.query('SELECT 1 FROM promo_master_key_secrets WHERE org_id = $1', [orgId]);
    expect(rows).toHaveLength(1);
    expect((await owner('GET', `${KEYS}/${key.key_id}`)).json()).toMatchObject({ name: 'Till', version: 1, secret: key.secret });
  });

  it('refuses a secret too short or too long, and a nameless key, with a 400 naming the field', async () => {
    const orgId = await createOrganization(owner, 'Strict Bar');
    const bad: [object, string][] = [
      [{ name: 'Till', secret: 'abc' }, 'body.secret'],
      [{ name: 'Till', secret: 'x'.repeat(65) }, 'body.secret'],
      [{ name: ' ' }, 'body.name'],
      [{ name: 'Till', extra: true }, 'body.extra'],
    ];
    for (const [change, field] of bad) {
      const res = await owner('POST', KEYS, { org_id: orgId, ...change });
      expect([res.statusCode, res.json().errors?.[0]?.field]).toEqual([400, field]);
    }
    expect((await owner('GET', `${KEYS}?org_id=${orgId}`)).json()).toEqual([]);
  });
});
