import { randomUUID } from 'node:crypto';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const CUSTOMERS = '/api/v1/customers';

describe('customers: list, activity, interaction and forgetting', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let visitor: ApiCaller;
  let orgId: string;
  let badgeCode: string;
  let flyerCode: string;
  let badgePage: string;
  let flyerPage: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = callerOf(t.app, await signedUpToken(t.app, 'customers-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'customers-stranger@example.com'));
    visitor = callerOf(t.app);
    orgId = await createOrganization(owner, 'Conference Co');
    const codeWithPage = async (name: string) => {
      const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name, type: 'page' })).json().code_id as string;
      const pageId = (await owner('POST', '/api/v1/pages', { code_id: codeId })).json().page_id as string;
      return [codeId, pageId] as const;
    };
    [badgeCode, badgePage] = await codeWithPage('Badge desk');
    [flyerCode, flyerPage] = await codeWithPage('Flyer');
    await submit(badgePage, { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com', phone: '555 555 0001' });
    await submit(flyerPage, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '555 555 0001' });
    await submit(flyerPage, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '555 555 0002' });
    await t.projections.caughtUp();
  });
  afterAll(() => t.close());

  async function submit(pageId: string, answers: object): Promise<void> {
    const res = await visitor('POST', `/api/v1/public/pages/${pageId}/submissions`, { submission_id: randomUUID(), answers });
    if (res.statusCode >= 300) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  }
  const list = (query = '') => owner('GET', `${CUSTOMERS}?org_id=${orgId}${query}`);
  const emails = async (query = '') => (await list(query)).json().items.map((c: { email: string }) => c.email);

  it('lists people from submissions once each, with the code they first came through, most recently seen first', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(2);
    expect(items.map((c: { email: string }) => c.email)).toEqual(['grace@example.com', 'ada@example.com']);
    expect(items[1]).toMatchObject({
      org_id: orgId,
      name: 'Ada Lovelace',
      phone: '5555550001',
      basedOn: 'form',
      code_id: badgeCode,
      page_id: badgePage,
      interactions: 2,
    });
  });

  it('filters by the code they interacted with and by how they came, and pages with pageSize up to 1000', async () => {
    expect(await emails(`&code_id=${badgeCode}`)).toEqual(['ada@example.com']);
    expect(await emails(`&code_id=${flyerCode}`)).toEqual(['grace@example.com', 'ada@example.com']);
    expect(await emails('&basedOn=form&pageSize=1&page=2')).toEqual(['ada@example.com']);
    expect((await list('&pageSize=1000')).statusCode).toBe(200);
    for (const bad of ['&pageSize=0', '&pageSize=1001', '&basedOn=carrier-pigeon']) {
      const res = await list(bad);
      expect([bad, res.statusCode, res.json().code]).toEqual([bad, 400, 'validation_failed']);
    }
  });

  it('shows a customer’s activity, newest first with what they submitted, and finds them by email or phone', async () => {
    const ada = (await list(`&code_id=${badgeCode}`)).json().items[0].id as string;
    const activity = (await owner('GET', `${CUSTOMERS}/${ada}/activity?org_id=${orgId}`)).json();
    expect(activity.items.map((i: { code_id: string; kind: string }) => [i.kind, i.code_id])).toEqual([
      ['form', flyerCode],
      ['form', badgeCode],
    ]);
    expect(activity.items[1].answers).toMatchObject({ first_name: 'Ada', email: 'ada@example.com' });

    const byEmail = await owner('GET', `${CUSTOMERS}/interaction?org_id=${orgId}&email=${encodeURIComponent(' ADA@example.com')}`);
    expect(byEmail.json().customer.id).toBe(ada);
    const byPhone = await owner('GET', `${CUSTOMERS}/interaction?org_id=${orgId}&phone=${encodeURIComponent('555-555-0001')}`);
    expect(byPhone.json().customer.id).toBe(ada);
    const nobody = await owner('GET', `${CUSTOMERS}/interaction?org_id=${orgId}&email=nobody@example.com`);
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'customer_not_found']);
    expect((await owner('GET', `${CUSTOMERS}/interaction?org_id=${orgId}`)).statusCode).toBe(400);
  });

  it('keeps customers to their organisation: another tenant gets 404 for every id, and a viewer reads but may not forget or export', async () => {
    const ada = (await list(`&code_id=${badgeCode}`)).json().items[0].id as string;
    const theirOrg = await createOrganization(stranger, 'Other Co');
    for (const [method, url] of [
      ['GET', `${CUSTOMERS}?org_id=${orgId}`],
      ['GET', `${CUSTOMERS}/${ada}/activity?org_id=${orgId}`],
      ['GET', `${CUSTOMERS}/interaction?org_id=${orgId}&email=ada@example.com`],
      ['DELETE', `${CUSTOMERS}/${ada}?org_id=${orgId}`],
    ] as const) {
      const res = await stranger(method, url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'organization_not_found']);
    }
    // Their own organisation's id does not reach ours either.
    const crossed = await stranger('GET', `${CUSTOMERS}/${ada}/activity?org_id=${theirOrg}`);
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'customer_not_found']);
    // Filtered by another organisation's code, or one that does not exist, the list says it is not found, rather than that it has no customers.
    const theirCode = (await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Theirs', type: 'page' })).json().code_id as string;
    for (const codeId of [theirCode, 'AAAAAAAAAA']) {
      const res = await list(`&code_id=${codeId}`);
      expect([codeId, res.statusCode, res.json().code]).toEqual([codeId, 404, 'code_not_found']);
    }

    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'customers-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'customers-viewer@example.com'));
    expect((await viewer('GET', `${CUSTOMERS}?org_id=${orgId}`)).statusCode).toBe(200);
    expect((await viewer('DELETE', `${CUSTOMERS}/${ada}?org_id=${orgId}`)).json().code).toBe('forbidden');
    expect((await viewer('POST', '/api/v1/exports/csv', { from: 'my-codes/customer', org_id: orgId, code_id: badgeCode })).json().code).toBe('forbidden');
  });

  it('exports every customer of the organisation when no code is given, and nobody from another organisation', async () => {
    const otherOwner = callerOf(t.app, await signedUpToken(t.app, 'customers-export-other@example.com'));
    const otherOrg = await createOrganization(otherOwner, 'Other Export Co');
    const otherCode = (await otherOwner('POST', '/api/v1/codes', { org_id: otherOrg, name: 'Theirs', type: 'page' })).json().code_id as string;
    const otherPage = (await otherOwner('POST', '/api/v1/pages', { code_id: otherCode })).json().page_id as string;
    await submit(otherPage, { first_name: 'Eve', last_name: 'Elsewhere', email: 'eve@example.com', phone: '555 555 0666' });
    await t.projections.caughtUp();
    const csvOf = (body: string) => Buffer.from(body, 'base64').toString('utf8').split('\r\n').filter(Boolean);

    const all = await owner('POST', '/api/v1/exports/csv', { from: 'my-codes/customer', org_id: orgId });
    expect([all.statusCode, all.headers['x-row-count'], all.headers['x-file-name']]).toEqual([200, '2', 'interaction_data.csv']);
    const [header, ...rows] = csvOf(all.body);
    expect(header).toBe('id,email,phone,name,basedOn,code_id,page_id,first_seen,last_seen,interactions');
    expect(rows.map((row) => row.split(',')[1]).sort()).toEqual(['ada@example.com', 'grace@example.com']);
    // Ada came through both codes, Grace through the flyer only: the badge desk's export still holds only its own.
    const badge = await owner('POST', '/api/v1/exports/csv', { from: 'my-codes/customer', org_id: orgId, code_id: badgeCode });
    expect(
      csvOf(badge.body)
        .slice(1)
        .map((row) => row.split(',')[1]),
    ).toEqual(['ada@example.com']);

    const theirs = await otherOwner('POST', '/api/v1/exports/csv', { from: 'my-codes/customer', org_id: orgId });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'organization_not_found']);
    // One-time codes are always one base code's: without it the body is refused, naming the field.
    const oneTime = await owner('POST', '/api/v1/exports/csv', { from: 'my-codes/one-time-codes', org_id: orgId });
    expect([oneTime.statusCode, oneTime.json().errors?.[0]?.field]).toEqual([400, 'body.code_id']);
  });

  it('forgets a customer: the API no longer shows them, replays do not bring them back, and no event holds their email readably', async () => {
    await submit(badgePage, { first_name: 'Forget', last_name: 'Me', email: 'forget.me@example.com', phone: '555 555 0099' });
    await t.projections.caughtUp();
    const id = (await owner('GET', `${CUSTOMERS}/interaction?org_id=${orgId}&email=forget.me@example.com`)).json().customer.id as string;

    const forgotten = await owner('DELETE', `${CUSTOMERS}/${id}?org_id=${orgId}`);
    expect(forgotten.statusCode).toBe(204);
    // The screen reads again at the answer's position, as the web app does.
    const at = `min_position=${String(forgotten.headers['x-position'])}`;
    const shown = async () => {
      const all = JSON.stringify([
        (await list(`&pageSize=1000&${at}`)).json(),
        ...(await Promise.all([badgePage, flyerPage].map(async (page) => (await owner('GET', `/api/v1/pages/${page}/submissions?per_page=100&${at}`)).json()))),
      ]);
      return { forgotten: /forget\.me|Forget|5550099/i.test(all), others: all.includes('grace@example.com') };
    };
    expect(await shown()).toEqual({ forgotten: false, others: true });
    expect((await owner('GET', `${CUSTOMERS}/${id}/activity?org_id=${orgId}&${at}`)).statusCode).toBe(404);
    expect((await owner('DELETE', `${CUSTOMERS}/${id}?org_id=${orgId}`)).statusCode).toBe(404);

    await t.projections.rebuild('customers');
    await t.projections.rebuild('submissions');
    expect(await shown()).toEqual({ forgotten: false, others: true });

    const { rows } = await t.db.query<{ type: string; body: string }>(
      "SELECT type, data::text || metadata::text AS body FROM es_events WHERE type IN ('FormSubmitted', 'CustomerForgotten')",
    );
    expect(rows.map((row) => row.type)).toContain('CustomerForgotten');
    for (const { body } of rows) expect(body).not.toMatch(/ada@|grace@|forget\.me|lovelace|hopper/i);
  });

  it('documents the customer routes and the export in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/customers',
        '/api/v1/customers/interaction',
        '/api/v1/customers/{id}/activity',
        '/api/v1/customers/{id}',
        '/api/v1/exports/csv',
      ]),
    );
  });
});
