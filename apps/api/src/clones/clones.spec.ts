import { callerOf, signedUpToken, ownerAndStranger } from '../identity/organization-api.fixture';

const CODES = '/api/v1/codes';

describe('clones', () => {
  const world = ownerAndStranger('clara@example.com', 'Clone Café');

  const design = { foreground: '#1b2a4a', module_shape: 'rounded' };
  const create = async (body: object) => {
    const res = await world.owner('POST', CODES, { org_id: world.orgId, design, ...body });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json().code_id as string;
  };
  const codeCount = async () => (await world.owner('GET', `${CODES}?org_id=${world.orgId}&per_page=100`)).json().total as number;
  const pagesOf = async (codeId: string) =>
    (await world.owner('GET', `/api/v1/pages?code_id=${codeId}`)).json() as { title: string; vanity_name: string | null }[];

  it('clones a code with its content and design under a new id, records the base, and get-child lists the clone', async () => {
    const base = await create({ name: 'Menu', type: 'url', url: 'https://example.com/menu' });
    const res = await world.owner('POST', `${CODES}/${base}/clone`);
    expect(res.statusCode).toBe(201);
    const { code_id, qr_url } = res.json();
    expect(code_id).not.toBe(base);
    expect(qr_url).toMatch(new RegExp(`/${code_id}$`));
    const clone = (await world.owner('GET', `${CODES}/${code_id}`)).json();
    expect(clone).toMatchObject({ name: 'Menu (copy)', type: 'url', url: 'https://example.com/menu', base_code_id: base, status: 'active' });
    expect(clone.design).toMatchObject(design);

    const children = (await world.owner('GET', `${CODES}/${base}/children`)).json();
    expect(children.map((c: { code_id: string }) => c.code_id)).toEqual([code_id]);
  });

  it('clones a page code with its landing page (but not its vanity name) only when asked', async () => {
    const base = await create({ name: 'Check-in', type: 'page' });
    const page = await world.owner('POST', '/api/v1/pages', { code_id: base, title: 'Door', vanity_name: `door-${base.toLowerCase()}` });
    expect(page.statusCode).toBe(201);

    const bare = (await world.owner('POST', `${CODES}/${base}/clone`, { name: 'Side door' })).json().code_id;
    expect(await pagesOf(bare)).toEqual([]);
    const withPage = (await world.owner('POST', `${CODES}/${base}/clone`, { with_page: true })).json().code_id;
    expect(await pagesOf(withPage)).toMatchObject([{ title: 'Door', vanity_name: null }]);
    expect((await world.owner('GET', `${CODES}/${bare}`)).json().name).toBe('Side door');
  });

  it('duplicates a code with its page as a code of its own: no base, not a child', async () => {
    const base = await create({ name: 'Poster', type: 'page' });
    await world.owner('POST', '/api/v1/pages', { code_id: base, title: 'Poster page' });
    const res = await world.owner('POST', `${CODES}/${base}/duplicate`, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json().code_id;
    expect((await world.owner('GET', `${CODES}/${copy}`)).json()).toMatchObject({ name: 'Poster (copy)', base_code_id: null });
    expect(await pagesOf(copy)).toMatchObject([{ title: 'Poster page' }]);
    expect((await world.owner('GET', `${CODES}/${base}/children`)).json()).toEqual([]);
  });

  it('clones many at once from a list of overrides, each named and pointed where it says', async () => {
    const base = await create({ name: 'Table', type: 'url', url: 'https://example.com/table' });
    const res = await world.owner('POST', `${CODES}/clone-multiple`, {
      code_id: base,
      data: [{ name: 'Table 1', url: 'https://example.com/t1' }, { name: 'Table 2' }, {}],
    });
    expect(res.statusCode).toBe(201);
    const ids = res.json().items.map((item: { code_id: string }) => item.code_id);
    expect(ids).toHaveLength(3);
    const clones = await Promise.all(ids.map(async (id: string) => (await world.owner('GET', `${CODES}/${id}`)).json()));
    expect(clones.map((c) => [c.name, c.url, c.base_code_id])).toEqual([
      ['Table 1', 'https://example.com/t1', base],
      ['Table 2', 'https://example.com/table', base],
      ['Table (copy 3)', 'https://example.com/table', base],
    ]);
    expect((await world.owner('GET', `${CODES}/${base}/children`)).json()).toHaveLength(3);
  });

  it('refuses a batch with one bad override, naming it, and stores none of the batch', async () => {
    const base = await create({ name: 'Wifi', type: 'wifi', ssid: 'Cafe' });
    const before = await codeCount();
    const res = await world.owner('POST', `${CODES}/clone-multiple`, {
      code_id: base,
      data: [{ ssid: 'Terrace' }, { ssid: '' }, { url: 'https://example.com' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['body.data.1.ssid', 'body.data.2.url']);
    expect((await world.owner('POST', `${CODES}/clone-multiple`, { code_id: base, data: [] })).statusCode).toBe(400);
    expect((await world.owner('POST', `${CODES}/${base}/clone`, { with_page: 'yes' })).statusCode).toBe(400);
    expect(await codeCount()).toBe(before);
  });

  it('keeps clones in the organisation: another tenant’s code is not found, nothing stored, and a viewer may not clone', async () => {
    const base = await create({ name: 'Private', type: 'text', text: 'secret' });
    const before = await codeCount();
    for (const [url, body] of [
      [`${CODES}/${base}/clone`, {}],
      [`${CODES}/${base}/duplicate`, {}],
      [`${CODES}/clone-multiple`, { code_id: base, data: [{}] }],
    ] as const) {
      const res = await world.stranger('POST', url, body);
      expect([res.statusCode, res.json().code]).toEqual([404, 'code_not_found']);
    }
    expect((await world.stranger('GET', `${CODES}/${base}/children`)).statusCode).toBe(404);
    await world.owner('POST', `/api/v1/organizations/${world.orgId}/users`, { email: 'vic@example.com', role: 'viewer' });
    const viewer = callerOf(world.t.app, await signedUpToken(world.t.app, 'vic@example.com'));
    expect((await viewer('POST', `${CODES}/${base}/clone`)).statusCode).toBe(403);
    expect(await codeCount()).toBe(before);

    await world.owner('DELETE', `${CODES}/${base}`);
    expect((await world.owner('POST', `${CODES}/${base}/clone`)).statusCode).toBe(404);
  });
});
