import { Body, Controller, Module, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { PostgresEventStore } from '@qr/eventstore';
import { startTestApp, type TestApp } from '../testing/test-app';
import { ZodValidationPipe } from './zod-validation.pipe';
import { BROKEN_CHARACTER_MESSAGE, NUL_MESSAGE } from './unstorable-text';

/** A probe command endpoint: validates with a strict contract, then appends, like every real one. */
const CreateThing = z.strictObject({ name: z.string().min(1), size: z.number().int().positive(), tags: z.array(z.string()).optional() });
const ThingQuery = z.strictObject({ page: z.coerce.number().int().min(1).default(1) });
let appended = 0;

@Controller('api/v1/probe')
class ProbeController {
  @Post()
  create(
    @Body(new ZodValidationPipe(CreateThing, 'body')) body: z.infer<typeof CreateThing>,
    @Query(new ZodValidationPipe(ThingQuery, 'query')) query: z.infer<typeof ThingQuery>,
  ) {
    appended++;
    return { ...body, ...query };
  }

  /** An action without a body, as pause or resume. */
  @Post('action')
  act() {
    return { done: true };
  }
}
@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('bad input on a command endpoint', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ extraModules: [ProbeModule] })));
  afterAll(() => t.close());
  beforeEach(() => (appended = 0));

  const post = (payload: string, url = '/api/v1/probe', contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  async function expectNothingStored() {
    expect(appended).toBe(0);
    const read = await new PostgresEventStore(t.db).readAll({ from: { transactionId: '0', globalPosition: 0 }, limit: 1 });
    expect(read.events).toEqual([]);
  }

  it('accepts a valid request', async () => {
    const res = await post(JSON.stringify({ name: 'a', size: 2 }), '/api/v1/probe?page=3');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'a', size: 2, page: 3 });
  });

  it('answers malformed JSON with a 400 problem, not a 500', async () => {
    const res = await post('{"name": "a", size: ');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, code: 'malformed_request', request_id: expect.any(String) });
    await expectNothingStored();
  });

  it('takes an empty JSON body as no body: an action without one succeeds, a command that needs one names its fields', async () => {
    const action = await post('', '/api/v1/probe/action');
    expect([action.statusCode, action.json()]).toEqual([201, { done: true }]);

    const command = await post('');
    expect(command.statusCode).toBe(400);
    expect(command.json()).toMatchObject({
      code: 'validation_failed',
      errors: [
        { field: 'body.name', message: 'This field is required.' },
        { field: 'body.size', message: 'This field is required.' },
      ],
    });
    await expectNothingStored();
  });

  it('names every field with a wrong type', async () => {
    const res = await post(JSON.stringify({ name: 5, size: 'big', tags: [1] }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'validation_failed', title: 'The request has invalid fields' });
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['body.name', 'body.size', 'body.tags.0']);
    await expectNothingStored();
  });

  it('refuses unknown fields by name', async () => {
    const res = await post(JSON.stringify({ name: 'a', size: 1, org_id: 'other-tenant', admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['body.org_id', 'body.admin']);
    await expectNothingStored();
  });

  it('validates the query string too', async () => {
    const res = await post(JSON.stringify({ name: 'a', size: 1 }), '/api/v1/probe?page=0&sort=x');
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['query.page', 'query.sort']);
  });

  it('refuses text the database cannot store (U+0000, half a surrogate pair), in the body and the query, by field', async () => {
    const body = await post('{"name": "a\\ud800", "size": 1, "tags": ["fine", "nul\\u0000"]}');
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual([
      { field: 'body.name', message: BROKEN_CHARACTER_MESSAGE },
      { field: 'body.tags.1', message: NUL_MESSAGE },
    ]);
    const query = await post(JSON.stringify({ name: 'a', size: 1 }), '/api/v1/probe?page=%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toContainEqual({ field: 'query.page', message: NUL_MESSAGE });
    await expectNothingStored();
  });

  it('answers JSON nested far deeper than any contract with a 400, not a stack overflow', async () => {
    const depth = 200_000;
    const res = await post(`{"name": "a", "size": 1, "tags": ${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    await expectNothingStored();
  });

  it('answers a body that is not JSON at all with a 4xx problem', async () => {
    const res = await post('<thing/>', '/api/v1/probe', 'application/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'malformed_request', status: 415 });
    await expectNothingStored();
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404, instance: '/api/v1/nothing-here' });
  });

  it('answers a path the router cannot take apart (bad percent-encoding, an id over 100 characters) with a 4xx problem', async () => {
    const long = 'a'.repeat(101);
    for (const [url, status] of [
      ['/api/v1/codes/%zz', 400],
      ['/%zz', 400],
      ['/code/%zz', 400],
      [`/api/v1/codes/${long}`, 414],
      [`/api/v1/uploads/${long}/url`, 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, type: res.headers['content-type'], code: res.json().code }).toEqual({
        url,
        status,
        type: 'application/problem+json; charset=utf-8',
        code: 'malformed_request',
      });
    }
  });
});
