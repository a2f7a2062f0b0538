import { startTestApp, type TestApp } from '../testing/test-app';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from './organization-api.fixture';

const ORGS = '/api/v1/organizations';
const PUBLIC = '/api/v1/public/organizations';

describe('terms: publish, accept, read in public', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let viewer: ApiCaller;
  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 5, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'owner@example.com'));
    viewer = callerOf(t.app, await signedUpToken(t.app, 'vic@example.com'));
  });
  afterAll(() => t.close());

  it('asks a member again after a new version, and shows the latest text on the public page without sign-in', async () => {
    const id = await createOrganization(owner, 'Terms Café');
    await owner('POST', `${ORGS}/${id}/users`, { email: 'vic@example.com', role: 'viewer' });
    const none = await viewer('GET', `${ORGS}/${id}/terms`);
    expect([none.statusCode, none.body]).toEqual([204, '']);

    const v1 = await owner('POST', `${ORGS}/${id}/terms`, { text: 'Play fair.\n<script>alert(1)</script>' });
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toEqual({ version: 1, text: 'Play fair.\n<script>alert(1)</script>', published_at: expect.any(String), accepted_version: null });

    const accepted = await viewer('POST', `${ORGS}/${id}/terms/accept`, { version: 1 });
    expect([accepted.statusCode, accepted.json().accepted_version]).toEqual([200, 1]);

    await owner('POST', `${ORGS}/${id}/terms`, { text: 'Play fairer.' });
    expect((await viewer('GET', `${ORGS}/${id}/terms`)).json()).toMatchObject({ version: 2, text: 'Play fairer.', accepted_version: 1 });
    const future = await viewer('POST', `${ORGS}/${id}/terms/accept`, { version: 3 });
    expect([future.statusCode, future.json().code]).toEqual([404, 'not_found']);

    const anonymous = callerOf(t.app);
    const page = await anonymous('GET', `${PUBLIC}/${id}/terms`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      organization_name: 'Terms Café',
      organization_logo: null,
      version: 2,
      text: 'Play fairer.',
      published_at: expect.any(String),
    });
  });

  it('lets only a person accept terms, not an API key', async () => {
    const id = await createOrganization(owner);
    await owner('POST', `${ORGS}/${id}/terms`, { text: 'Rules.' });
    const key = (await owner('POST', `${ORGS}/${id}/api-keys`, { label: 'bot', role: 'admin' })).json().api_key;
    const res = await callerOf(t.app, key)('POST', `${ORGS}/${id}/terms/accept`, { version: 1 });
    expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
  });

  it('refuses empty terms and a bad version with the field named', async () => {
    const id = await createOrganization(owner);
    const empty = await owner('POST', `${ORGS}/${id}/terms`, { text: '   ' });
    expect([empty.statusCode, empty.json().errors.map((e: { field: string }) => e.field)]).toEqual([400, ['body.text']]);
    const bad = await owner('POST', `${ORGS}/${id}/terms/accept`, { version: 'latest' });
    expect([bad.statusCode, bad.json().errors.map((e: { field: string }) => e.field)]).toEqual([400, ['body.version']]);
  });

  it('answers an unknown organisation 404, a malformed id 400, and a client that keeps asking 429', async () => {
    const anonymous = callerOf(t.app);
    // The public limit is 5 a minute in this app; the test above used one.
    const unknown = await anonymous('GET', `${PUBLIC}/00000000-0000-4000-8000-000000000000/terms`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);
    const malformed = await anonymous('GET', `${PUBLIC}/nope/terms`);
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'validation_failed']);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await anonymous('GET', `${PUBLIC}/nope/terms`)).statusCode);
    expect(answers).toEqual([400, 400, 429, 429]);
    const limited = await anonymous('GET', `${PUBLIC}/nope/terms`);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The router decodes the path; a percent-encoded letter reaches the same route and the same limit.
    expect((await anonymous('GET', '/api/v1/publi%63/organizations/00000000-0000-4000-8000-000000000000/terms')).statusCode).toBe(429);
    // Signed-in routes are not limited by the public allowance.
    expect((await owner('GET', ORGS)).statusCode).toBe(200);
  });
});
