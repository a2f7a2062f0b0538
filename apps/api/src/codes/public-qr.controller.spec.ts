import { callerOf, ownerAndStranger } from '../identity/organization-api.fixture';

describe('the share page’s QR image', () => {
  const world = ownerAndStranger('sharon@example.com', 'Share Bakery');
  const visitor = () => callerOf(world.t.app);
  const shared = async () =>
    (await world.owner('POST', '/api/v1/codes', { org_id: world.orgId, name: 'Menu', type: 'text', text: 'hi' })).json().code_id as string;

  it('refuses options it does not take with a 400 naming each, rather than quietly sending the 512 px SVG', async () => {
    const codeId = await shared();
    for (const [query, fields] of [
      ['format=png', ['query.format']],
      ['size=1024&download=true', ['query.size', 'query.download']],
      ['holds=content', ['query.holds']],
    ] as const) {
      const res = await visitor()('GET', `/api/v1/public/codes/${codeId}/qr?${query}`);
      expect({
        query,
        status: res.statusCode,
        type: res.headers['content-type'],
        code: res.json().code,
        fields: res.json().errors.map((e: { field: string }) => e.field),
      }).toEqual({
        query,
        status: 400,
        type: 'application/problem+json; charset=utf-8',
        code: 'validation_failed',
        fields,
      });
      expect(res.json().detail).toMatch(/signed-in download/);
    }
    expect((await visitor()('GET', `/api/v1/public/codes/${codeId}/qr`)).statusCode).toBe(200);
  });

  it('is an image and nothing more when opened on its own: not sniffed, no script, nothing fetched', async () => {
    const res = await visitor()('GET', `/api/v1/public/codes/${await shared()}/qr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src data:; sandbox");
  });
});
