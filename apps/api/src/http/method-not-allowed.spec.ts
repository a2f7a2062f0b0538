import { startTestApp, type TestApp } from '../testing/test-app';

describe('a known path asked with a method it does not take', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('answers 405 problem+json with the methods it takes in Allow', async () => {
    for (const [method, url, allow] of [
      ['PATCH', '/api/v1/codes', 'GET, HEAD, POST'],
      ['DELETE', '/api/v1/notes?org_id=x', 'GET, HEAD, POST'],
      ['POST', '/api/v1/codes/abcdefghij/qr', 'GET, HEAD'],
      ['PUT', '/api/health', 'GET, HEAD'],
      ['GET', '/api/v1/codes/qr-preview/pause', 'POST'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect({ method, url, status: res.statusCode, allow: res.headers.allow, type: res.headers['content-type'] }).toEqual({
        method,
        url,
        status: 405,
        allow,
        type: 'application/problem+json; charset=utf-8',
      });
      expect(res.json()).toMatchObject({ status: 405, code: 'method_not_allowed', instance: url.split('?')[0] });
    }
  });

  it('still answers 404 for a path no route takes, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/nothing-here' });
      expect([method, res.statusCode, res.headers.allow, res.json().code]).toEqual([method, 404, undefined, 'not_found']);
    }
  });
});
