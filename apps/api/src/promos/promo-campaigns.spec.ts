import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { testAdapters } from '@qr/platform/testing';
import { startTestApp, type TestApp } from '../testing/test-app';

const PROMOS = '/api/v1/promos';
const KEYS = '/api/v1/promo-keys';
const PUBLIC = '/api/v1/public/promos';

const terms = (change: object = {}) => ({ name: 'Summer deal', offer: { kind: 'percent_off', text: '10 % off your order', percent: 10 }, ...change });
const shared = (promoCode = 'SUMMER24') => ({ kind: 'shared', promo_code: promoCode });
const unique = (mask: string, count: number, charset = 'alphanumeric') => ({ kind: 'unique', pattern: { prefix: 'SUM-', charset, mask }, count });

describe.each(testAdapters())('promo campaigns on $name', (adapter) => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let visitor: ApiCaller;
  let theirOrg: string;
  let theirCode: string;

  beforeAll(async () => {
    t = await startTestApp({ database: adapter });
    owner = callerOf(t.app, await signedUpToken(t.app, 'promo-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'promo-stranger@example.com'));
    visitor = callerOf(t.app);
    theirOrg = await createOrganization(stranger, 'Other Shop');
    theirCode = (await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Their flyer', type: 'page' })).json().code_id;
  });
  afterAll(() => t.close());

  /** Each test its own organisation with one code, so no test sees another's campaigns. */
  const shop = async (name: string) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Flyer', type: 'page' })).json().code_id as string;
    const create = (body: object = {}) => owner('POST', PROMOS, { org_id: orgId, code_id: codeId, codes: shared(), terms: terms(), ...body });
    return { orgId, codeId, create };
  };

  it('creates a shared campaign, answers it from its event, gets it and lists it by code', async () => {
    const { orgId, codeId, create } = await shop('Shared Shop');
    const created = await create();
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toEqual({
      campaign_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      org_id: orgId,
      code_id: codeId,
      codes: { kind: 'shared', promo_code: 'SUMMER24' },
      terms: expect.objectContaining({
        name: 'Summer deal',
        per_visitor_limit: 1,
        total_limit: null,
        days: [1, 2, 3, 4, 5, 6, 7],
        time_zone: 'UTC',
        place: null,
      }),
      master_key_id: null,
      redeemed: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await owner('GET', `${PROMOS}/${view.campaign_id}`)).json()).toEqual({ ...view, created_at: expect.any(String), updated_at: expect.any(String) });
    const otherCode = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Poster', type: 'page' })).json().code_id;
    await create({ code_id: otherCode, codes: shared('POSTER') });
    expect((await owner('GET', `${PROMOS}?org_id=${orgId}&code_id=${codeId}`)).json().map((c: { campaign_id: string }) => c.campaign_id)).toEqual([
      view.campaign_id,
    ]);
    expect((await owner('GET', `${PROMOS}?org_id=${orgId}`)).json()).toHaveLength(2);
  });

  it('normalises a typed shared code and refuses one another live campaign of the code uses, until that one is deleted', async () => {
    const { create } = await shop('Taken Shop');
    const first = (await create({ codes: shared(' summer24 ') })).json();
    expect(first.codes.promo_code).toBe('SUMMER24');
    const taken = await create();
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'promo_code_taken']);
    expect((await owner('DELETE', `${PROMOS}/${first.campaign_id}`)).statusCode).toBe(204);
    expect((await create()).statusCode).toBe(201);
  });

  it('creates a unique campaign without showing its seed, and refuses a pattern too easy to guess naming the fewest # it needs', async () => {
    const { create } = await shop('Unique Shop');
    const created = await create({ codes: unique('####-####', 500) });
    expect(created.statusCode).toBe(201);
    expect(created.json().codes).toEqual({ kind: 'unique', pattern: { prefix: 'SUM-', postfix: '', charset: 'alphanumeric', mask: '####-####' }, count: 500 });
    expect(created.body).not.toContain('seed');
    // Six digits make 10^6 codes, 200,000 per code of 5: seven digits are the least.
    const small = await create({ codes: unique('######', 5, 'digits') });
    expect([small.statusCode, small.json().code]).toEqual([422, 'promo_pattern_too_small']);
    expect(small.json().detail).toContain('at least 7 drawn characters');
  });

  it('refuses absurd amounts, limits, pattern lengths and coordinates with a 400 naming the field, storing nothing', async () => {
    const { orgId, create } = await shop('Bad Input Shop');
    const bad: [object, string][] = [
      [{ terms: terms({ offer: { kind: 'amount_off', text: 'Off', amount: 5_000_000, currency: 'EUR' } }) }, 'body.terms.offer.amount'],
      [{ terms: terms({ offer: { kind: 'amount_off', text: 'Off', amount: 1.005, currency: 'EUR' } }) }, 'body.terms.offer.amount'],
      [{ terms: terms({ offer: { kind: 'percent_off', text: 'Off', percent: 150 } }) }, 'body.terms.offer.percent'],
      [{ terms: terms({ total_limit: 0 }) }, 'body.terms.total_limit'],
      [{ terms: terms({ total_limit: 1e12 }) }, 'body.terms.total_limit'],
      [{ terms: terms({ per_visitor_limit: 1.5 }) }, 'body.terms.per_visitor_limit'],
      [{ codes: unique('###', 1) }, 'body.codes.pattern.mask'],
      [{ codes: unique('#'.repeat(30), 1) }, 'body.codes.pattern.mask'],
      [{ codes: unique('####', 1_000_000) }, 'body.codes.count'],
      [{ codes: shared('S'.repeat(41)) }, 'body.codes.promo_code'],
      [{ codes: shared('NO SPACES') }, 'body.codes.promo_code'],
      [{ terms: terms({ place: { latitude: 91, longitude: 0, radius_m: 100 } }) }, 'body.terms.place.latitude'],
      [{ terms: terms({ place: { latitude: 0, longitude: -181, radius_m: 100 } }) }, 'body.terms.place.longitude'],
      [{ terms: terms({ place: { latitude: 0, longitude: 0, radius_m: 1_000_000 } }) }, 'body.terms.place.radius_m'],
      [{ terms: terms({ starts_at: '2026-12-24T18:00:00Z', ends_at: '2026-12-24T10:00:00Z' }) }, 'body.terms.ends_at'],
      [{ terms: terms({ hours: { from: '25:00', until: '02:00' } }) }, 'body.terms.hours.from'],
      [{ master_key_id: 'not-a-key' }, 'body.master_key_id'],
    ];
    for (const [change, field] of bad) {
      const res = await create(change);
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([400, 'validation_failed', field]);
    }
    expect((await owner('GET', `${PROMOS}?org_id=${orgId}`)).json()).toEqual([]);
  });

  it('answers another organisation’s code, campaign and key as unknown ones', async () => {
    const { orgId, codeId, create } = await shop('Tenant Shop');
    const { campaign_id } = (await create()).json();
    const theirKey = (await stranger('POST', KEYS, { org_id: theirOrg, name: 'Till' })).json().key_id;
    const onTheirCode = await create({ code_id: theirCode });
    expect([onTheirCode.statusCode, onTheirCode.json().code]).toEqual([404, 'code_not_found']);
    const withTheirKey = await create({ codes: shared('KEYED'), master_key_id: theirKey });
    expect([withTheirKey.statusCode, withTheirKey.json().code]).toEqual([404, 'promo_master_key_not_found']);
    expect((await owner('PUT', `${PROMOS}/${campaign_id}/master-key`, { master_key_id: theirKey })).json().code).toBe('promo_master_key_not_found');
    // Their own organisation cannot reach ours either.
    const onOurCode = await stranger('POST', PROMOS, { org_id: theirOrg, code_id: codeId, codes: shared(), terms: terms() });
    expect([onOurCode.statusCode, onOurCode.json().code]).toEqual([404, 'code_not_found']);
    expect((await stranger('GET', `${PROMOS}/${campaign_id}`)).json().code).toBe('promo_campaign_not_found');
    expect((await stranger('PUT', `${PROMOS}/${campaign_id}`, { terms: terms() })).statusCode).toBe(404);
    expect((await stranger('DELETE', `${PROMOS}/${campaign_id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `${PROMOS}?org_id=${orgId}`)).json().code).toBe('organization_not_found');
    expect((await stranger('POST', PROMOS, { org_id: orgId, code_id: codeId, codes: shared('X1'), terms: terms() })).statusCode).toBe(404);
    expect((await owner('GET', `${PROMOS}/${campaign_id}`)).statusCode).toBe(200);
  });

  it('lets a viewer read campaigns but change none', async () => {
    const { orgId, codeId, create } = await shop('Viewer Shop');
    const { campaign_id } = (await create()).json();
    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'promo-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'promo-viewer@example.com'));
    expect((await viewer('GET', `${PROMOS}/${campaign_id}`)).statusCode).toBe(200);
    expect((await viewer('GET', `${PROMOS}?org_id=${orgId}`)).json()).toHaveLength(1);
    const refused = [
      await viewer('POST', PROMOS, {
        org_id: orgId,
        code_id: codeId,
        codes: shared('VIEW'),
        terms: terms(),
      }),
      await viewer('PUT', `${PROMOS}/${campaign_id}`, { terms: terms({ name: 'Mine now' }) }),
      await viewer('PUT', `${PROMOS}/${campaign_id}/master-key`, { master_key_id: null }),
      await viewer('DELETE', `${PROMOS}/${campaign_id}`),
    ];
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual(Array(4).fill([403, 'forbidden']));
    expect((await owner('GET', `${PROMOS}/${campaign_id}`)).json().terms.name).toBe('Summer deal');
  });

  it('replaces a campaign’s terms, sets and clears its key, and deletes it', async () => {
    const { orgId, create } = await shop('Change Shop');
    const { campaign_id } = (await create()).json();
    const place = { latitude: 52.52, longitude: 13.405, radius_m: 200 };
    const updated = await owner('PUT', `${PROMOS}/${campaign_id}`, { terms: terms({ name: 'Autumn deal', total_limit: 100, place }) });
    expect([updated.statusCode, updated.json().terms.name, updated.json().terms.total_limit, updated.json().terms.place]).toEqual([
      200,
      'Autumn deal',
      100,
      place,
    ]);

    const { key_id } = (await owner('POST', KEYS, { org_id: orgId, name: 'Counter' })).json();
    const locked = await owner('PUT', `${PROMOS}/${campaign_id}/master-key`, { master_key_id: key_id });
    expect([locked.statusCode, locked.json().master_key_id]).toEqual([200, key_id]);
    expect((await owner('PUT', `${PROMOS}/${campaign_id}/master-key`, { master_key_id: null })).json().master_key_id).toBeNull();

    expect((await owner('DELETE', `${PROMOS}/${campaign_id}`)).statusCode).toBe(204);
    expect((await owner('GET', `${PROMOS}/${campaign_id}`)).json().code).toBe('promo_campaign_not_found');
    expect((await owner('PUT', `${PROMOS}/${campaign_id}`, { terms: terms() })).statusCode).toBe(404);
    expect((await owner('GET', `${PROMOS}?org_id=${orgId}`)).json()).toEqual([]);
  });

  it('shows visitors a code’s live campaigns in words, and nothing for an unknown or paused code', async () => {
    const { codeId, create } = await shop('Public Shop');
    await create({ terms: terms({ place: { latitude: 52.52, longitude: 13.405, radius_m: 200 }, ends_at: '2030-01-01T00:00:00Z' }) });
    const gone = (await create({ codes: shared('GONE') })).json();
    await owner('DELETE', `${PROMOS}/${gone.campaign_id}`);
    const page = await visitor('GET', `${PUBLIC}/${codeId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-ratelimit-limit']).toBeDefined();
    expect(page.json()).toEqual({
      qr_id: codeId,
      campaigns: [{ name: 'Summer deal', offer: terms().offer, starts_at: null, ends_at: '2030-01-01T00:00:00Z', needs_location: true }],
    });
    expect(page.body).not.toContain('SUMMER24');

    const unknown = await visitor('GET', `${PUBLIC}/AAAAAAAAAA`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'code_not_found']);
    expect((await visitor('GET', `${PUBLIC}/not-a-code`)).statusCode).toBe(400);
    await owner('POST', `/api/v1/codes/${codeId}/pause`);
    expect((await visitor('GET', `${PUBLIC}/${codeId}`)).json().code).toBe('code_not_found');
  });

  it('documents every promo route in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.includes('promo'))).toEqual(
      expect.arrayContaining([
        PROMOS,
        `${PROMOS}/{campaign_id}`,
        `${PROMOS}/{campaign_id}/master-key`,
        KEYS,
        `${KEYS}/{key_id}`,
        `${KEYS}/{key_id}/rotate`,
        `${PUBLIC}/{qr_id}`,
      ]),
    );
  });
});
