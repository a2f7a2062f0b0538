import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const EXPERIENCES = '/api/v1/experiences';
const CHECK = '/api/v1/public/event-data/check-location';
const VALIDATE = '/api/v1/public/event-data/validate';

describe('experiences, event data and the event-access checks', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let visitor: ApiCaller;
  let orgId: string;
  let theirOrg: string;
  let codeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'event-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'event-stranger@example.com'));
    visitor = callerOf(t.app);
    orgId = await createOrganization(owner, 'Conference Co');
    theirOrg = await createOrganization(stranger, 'Other Co');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Badge desk', type: 'page' })).json().code_id;
  });
  afterAll(() => t.close());

  const newPage = async () => (await owner('POST', '/api/v1/pages', { code_id: codeId })).json().page_id as string;
  const conference = { name: 'DevConf', description: 'Two days of talks', starts_on: '2026-11-25', ends_on: '2026-11-26' };
  const hour = 3_600_000;
  const gate = { latitude: 52.516275, longitude: 13.377704 };
  const eventNow = (change: object = {}) => ({
    ...gate,
    radius_m: 500,
    starts_at: new Date(Date.now() - hour).toISOString(),
    ends_at: new Date(Date.now() + hour).toISOString(),
    ...change,
  });

  it('creates, lists, updates and deletes an organisation’s experiences', async () => {
    const created = await owner('POST', EXPERIENCES, { org_id: orgId, ...conference });
    expect(created.statusCode).toBe(201);
    const { experience_id } = created.json();
    const listed = (await owner('GET', `${EXPERIENCES}?org_id=${orgId}`)).json();
    expect(listed).toEqual([expect.objectContaining({ experience_id, org_id: orgId, ...conference, page_count: 0 })]);

    const updated = await owner('PUT', `${EXPERIENCES}/${experience_id}`, { ...conference, name: 'DevConf 2026', ends_on: '2026-11-27' });
    expect([updated.statusCode, updated.json().name, updated.json().ends_on]).toEqual([200, 'DevConf 2026', '2026-11-27']);

    expect((await owner('DELETE', `${EXPERIENCES}/${experience_id}`)).statusCode).toBe(204);
    expect((await owner('GET', `${EXPERIENCES}/${experience_id}`)).json().code).toBe('experience_not_found');
    expect((await owner('GET', `${EXPERIENCES}?org_id=${orgId}`)).json()).toEqual([]);
  });

  it('refuses an experience that ends before it starts or has no name, storing nothing', async () => {
    const backwards = await owner('POST', EXPERIENCES, { org_id: orgId, ...conference, starts_on: '2026-11-27' });
    expect([backwards.statusCode, backwards.json().code]).toEqual([400, 'validation_failed']);
    expect(backwards.json().errors).toEqual([expect.objectContaining({ field: 'body.ends_on' })]);
    expect((await owner('POST', EXPERIENCES, { org_id: orgId, ...conference, name: ' ' })).statusCode).toBe(400);
    expect((await owner('POST', EXPERIENCES, { org_id: orgId, ...conference, starts_on: '1899-12-31' })).statusCode).toBe(400);
    expect((await owner('GET', `${EXPERIENCES}?org_id=${orgId}`)).json()).toEqual([]);
  });

  it('answers another organisation’s experiences and pages as unknown ones', async () => {
    const { experience_id } = (await owner('POST', EXPERIENCES, { org_id: orgId, ...conference })).json();
    const pageId = await newPage();
    expect((await stranger('GET', `${EXPERIENCES}/${experience_id}`)).statusCode).toBe(404);
    expect((await stranger('PUT', `${EXPERIENCES}/${experience_id}`, conference)).json().code).toBe('experience_not_found');
    expect((await stranger('DELETE', `${EXPERIENCES}/${experience_id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `${EXPERIENCES}?org_id=${orgId}`)).statusCode).toBe(404);
    expect((await stranger('POST', EXPERIENCES, { org_id: orgId, ...conference })).statusCode).toBe(404);
    expect((await stranger('PUT', `/api/v1/pages/${pageId}/event-data`, eventNow())).json().code).toBe('page_not_found');
    // Their own page may not join our experience either.
    const theirCode = (await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Theirs', type: 'page' })).json().code_id;
    const theirPage = (await stranger('POST', '/api/v1/pages', { code_id: theirCode })).json().page_id;
    const joined = await stranger('PUT', `/api/v1/pages/${theirPage}/event-data`, eventNow({ experience_id }));
    expect([joined.statusCode, joined.json().code]).toEqual([404, 'experience_not_found']);
    expect((await owner('GET', `${EXPERIENCES}/${experience_id}`)).statusCode).toBe(200);
  });

  it('lets a viewer read experiences and event data but change neither', async () => {
    const { experience_id } = (await owner('POST', EXPERIENCES, { org_id: orgId, ...conference, name: 'Viewed' })).json();
    const pageId = await newPage();
    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'event-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'event-viewer@example.com'));
    expect((await viewer('GET', `${EXPERIENCES}/${experience_id}`)).statusCode).toBe(200);
    expect((await viewer('GET', `/api/v1/pages/${pageId}/event-data`)).statusCode).toBe(200);
    expect((await viewer('POST', EXPERIENCES, { org_id: orgId, ...conference })).json().code).toBe('forbidden');
    expect((await viewer('DELETE', `${EXPERIENCES}/${experience_id}`)).json().code).toBe('forbidden');
    expect((await viewer('PUT', `/api/v1/pages/${pageId}/event-data`, eventNow())).json().code).toBe('forbidden');
    expect((await owner('GET', `/api/v1/pages/${pageId}/event-data`)).json().event_data).toBeNull();
    await owner('DELETE', `${EXPERIENCES}/${experience_id}`);
  });

  it('attaches event data to a page, counts it in its experience, and detaches it', async () => {
    const { experience_id } = (await owner('POST', EXPERIENCES, { org_id: orgId, ...conference, name: 'Summit' })).json();
    const pageId = await newPage();
    expect((await owner('GET', `/api/v1/pages/${pageId}/event-data`)).json()).toEqual({ page_id: pageId, event_data: null });
    const data = eventNow({ experience_id });
    const put = await owner('PUT', `/api/v1/pages/${pageId}/event-data`, data);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ page_id: pageId, event_data: { page_id: pageId, ...data } });
    expect((await owner('GET', `${EXPERIENCES}/${experience_id}`)).json().page_count).toBe(1);

    expect((await owner('DELETE', `/api/v1/pages/${pageId}/event-data`)).statusCode).toBe(204);
    expect((await owner('GET', `/api/v1/pages/${pageId}/event-data`)).json().event_data).toBeNull();
    expect((await owner('GET', `${EXPERIENCES}/${experience_id}`)).json().page_count).toBe(0);
  });

  it('refuses coordinates out of range, a radius out of range and a window that ends first with a 400 naming the field, storing nothing', async () => {
    const pageId = await newPage();
    const bad: [object, string][] = [
      [{ latitude: 90.5 }, 'body.latitude'],
      [{ latitude: -91 }, 'body.latitude'],
      [{ longitude: 181 }, 'body.longitude'],
      [{ longitude: -180.01 }, 'body.longitude'],
      [{ latitude: '52.5' }, 'body.latitude'],
      [{ radius_m: 0 }, 'body.radius_m'],
      [{ radius_m: 50_001 }, 'body.radius_m'],
      [{ ends_at: new Date(Date.now() - 2 * hour).toISOString() }, 'body.ends_at'],
      [{ starts_at: 'tomorrow' }, 'body.starts_at'],
    ];
    for (const [change, field] of bad) {
      const res = await owner('PUT', `/api/v1/pages/${pageId}/event-data`, eventNow(change));
      expect([res.statusCode, res.json().code, res.json().errors?.[0]?.field]).toEqual([400, 'validation_failed', field]);
    }
    expect((await owner('GET', `/api/v1/pages/${pageId}/event-data`)).json().event_data).toBeNull();
  });

  it('lets everyone into a page without event data, at either question', async () => {
    const pageId = await newPage();
    const check = await visitor('POST', CHECK, { id: pageId });
    expect([check.statusCode, check.json()]).toEqual([200, true]);
    // Rate-limited like every public route.
    expect(check.headers['x-ratelimit-limit']).toBeDefined();
    expect((await visitor('POST', VALIDATE, { id: pageId })).json()).toBe(true);
  });

  it('lets in a visitor within the radius during the window, and keeps out one outside it, without a position, or outside the window', async () => {
    const pageId = await newPage();
    await owner('PUT', `/api/v1/pages/${pageId}/event-data`, eventNow());
    expect((await visitor('POST', CHECK, { id: pageId })).json()).toBe(false);

    const validate = async (body: object) => {
      const res = await visitor('POST', VALIDATE, { id: pageId, ...body });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      return res.json();
    };
    // About 330 m east of the event's point, then about 680 m.
    expect(await validate({ latitude: 52.516275, longitude: 13.3826 })).toBe(true);
    expect(await validate({ latitude: 52.516275, longitude: 13.3877 })).toBe(false);
    expect(await validate({})).toBe(false);

    await owner(
      'PUT',
      `/api/v1/pages/${pageId}/event-data`,
      eventNow({ starts_at: new Date(Date.now() + hour).toISOString(), ends_at: new Date(Date.now() + 2 * hour).toISOString() }),
    );
    expect(await validate(gate)).toBe(false);
    await owner(
      'PUT',
      `/api/v1/pages/${pageId}/event-data`,
      eventNow({ starts_at: new Date(Date.now() - 2 * hour).toISOString(), ends_at: new Date(Date.now() - hour).toISOString() }),
    );
    expect(await validate(gate)).toBe(false);
  });

  it('answers the checks by the code’s id as `/page/{code_id}` does, and refuses bad input and unknown pages with a 4xx', async () => {
    const byCode = (await visitor('POST', CHECK, { id: codeId })).json();
    expect(typeof byCode).toBe('boolean');
    expect((await visitor('POST', VALIDATE, { id: codeId, latitude: 120, longitude: 0 })).statusCode).toBe(400);
    expect((await visitor('POST', VALIDATE, { id: codeId, ...gate, extra: 1 })).statusCode).toBe(400);
    expect((await visitor('POST', CHECK, {})).statusCode).toBe(400);
    const unknown = await visitor('POST', VALIDATE, { id: '00000000-0000-4000-8000-000000000000', ...gate });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'page_not_found']);
  });

  it('documents the experience, event data and event-check routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => /experiences|event-data/.test(path))).toEqual([
      EXPERIENCES,
      `${EXPERIENCES}/{experience_id}`,
      '/api/v1/pages/{page_id}/event-data',
      CHECK,
      VALIDATE,
    ]);
    expect(doc.components.schemas.PutEventDataBody.properties.latitude).toMatchObject({ minimum: -90, maximum: 90 });
  });
});
