import { PROJECTIONS } from '@qr/projections-registry';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('says the database is up and lists projection lag, so an operator can see the server is healthy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: '0.12.1',
      database: { status: 'up', kind: 'pglite' },
      // Every registered projection, live and caught up on a fresh database.
      projections: PROJECTIONS.map(({ name }) => expect.objectContaining({ name, status: 'live', generation: 1, lag_events: 0 })),
    });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('keeps the caller’s request id so logs can be joined across services', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(res.headers['x-request-id']).toBe('trace-42');
  });

  it('answers 503 degraded when the database is gone, so a load balancer takes the instance out', async () => {
    const broken = await startTestApp();
    await broken.db.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    await broken.app.close();
  });
});

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('serves an OpenAPI 3.1 document generated from the zod contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Health' });
    expect(doc.components.schemas.Problem.properties.code.enum).toContain('validation_failed');
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
