import { randomUUID } from 'node:crypto';
import { DEFAULT_REGISTRATION_FORM, DEFAULT_THEME_STYLE } from '@qr/contracts';
import sharp from 'sharp';
import { multipart } from '../uploads/multipart.fixture';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const PAGES = '/api/v1/pages';
const PUBLIC = '/api/v1/public/pages';

describe('landing pages and submissions', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let ownerToken: string;
  let stranger: ApiCaller;
  let visitor: ApiCaller;
  let orgId: string;
  let codeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ownerToken = await signedUpToken(t.app, 'page-owner@example.com');
    owner = callerOf(t.app, ownerToken);
    stranger = callerOf(t.app, await signedUpToken(t.app, 'page-stranger@example.com'));
    visitor = callerOf(t.app);
    orgId = await createOrganization(owner, 'Conference Co');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Badge desk', type: 'page' })).json().code_id;
  });
  afterAll(() => t.close());

  const createPage = async (body: object = {}) => {
    const res = await owner('POST', PAGES, { code_id: codeId, ...body });
    if (res.statusCode !== 201) throw new Error(`create page failed: ${res.statusCode} ${res.body}`);
    return res.json().page_id as string;
  };
  const submit = (pageId: string, answers: object, submissionId = randomUUID()) =>
    visitor('POST', `${PUBLIC}/${pageId}/submissions`, { submission_id: submissionId, answers });
  const valid = { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com', phone: '555 555 5555' };

  it('starts a page from the spec’s default content and form, lists it under its code, and shows it to visitors by page or code id', async () => {
    const created = await owner('POST', PAGES, { code_id: codeId });
    expect(created.statusCode).toBe(201);
    const { page_id, public_link } = created.json();
    expect(public_link).toBe(`http://localhost:3000/page/${page_id}`);

    const page = (await owner('GET', `${PAGES}/${page_id}`)).json();
    expect(page.blocks[0]).toEqual({ kind: 'heading', title: 'welcome to the club', subtitle: 'enjoy your time here at our conference' });
    expect(page.blocks.map((block: { kind: string }) => block.kind)).toEqual(['heading', 'form', 'text']);
    expect(page.form).toEqual(DEFAULT_REGISTRATION_FORM);
    expect((await owner('GET', `${PAGES}?code_id=${codeId}`)).json().map((p: { page_id: string }) => p.page_id)).toContain(page_id);

    const shown = (await visitor('GET', `${PUBLIC}/${page_id}`)).json();
    // The visitor is told who asks for their details, and nothing about that organisation's members.
    expect(shown).toMatchObject({ page_id, code_id: codeId, title: 'Welcome', owner: { name: 'Conference Co', logo: null } });
    expect(shown).not.toHaveProperty('org_id');
    // A page-type code's own link opens its first page.
    expect((await visitor('GET', `${PUBLIC}/${codeId}`)).json().page_id).toBe((await owner('GET', `${PAGES}?code_id=${codeId}`)).json()[0].page_id);
  });

  it('shows a page’s uploaded images through expiring links, and refuses another organisation’s image', async () => {
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const upload = multipart(image, 'hall.png', 'image/png');
    const { blob_id } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/uploads?org_id=${orgId}`,
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': upload.contentType },
        payload: upload.payload,
      })
    ).json();
    const pageId = await createPage({ blocks: [{ kind: 'image', blob_id, alt: 'The hall' }] });
    const { image_urls } = (await visitor('GET', `${PUBLIC}/${pageId}`)).json();
    const served = await t.app.inject({ method: 'GET', url: image_urls[blob_id].replace('http://localhost:3000', '') });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);

    const theirOrg = await createOrganization(stranger, 'Other Co');
    const theirCode = (await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Theirs', type: 'page' })).json().code_id;
    const stolen = await stranger('POST', PAGES, { code_id: theirCode, blocks: [{ kind: 'image', blob_id }] });
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'blob_not_found']);
  });

  it('keeps no script in rich text, whatever the payload', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<svg onload="alert(1)"><circle r="1"/></svg>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="https://example.com" onclick="alert(1)">ok</a>',
    ];
    const pageId = await createPage({ blocks: payloads.map((html) => ({ kind: 'text', html })) });
    const stored: string[] = (await visitor('GET', `${PUBLIC}/${pageId}`)).json().blocks.map((block: { html: string }) => block.html);
    for (const html of stored) expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|<svg|<iframe|style=/i);
    expect(stored.at(-1)).toBe('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
  });

  it('answers a submission with errors by field and records nothing, then records a valid one once however often it is sent', async () => {
    const pageId = await createPage();
    const bad = await submit(pageId, { first_name: '', email: 'not-an-email', shoe_size: '42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'body.answers.shoe_size', message: 'This form has no such field.' },
      { field: 'body.answers.first_name', message: 'Please enter first name.' },
      { field: 'body.answers.last_name', message: 'Please enter last name.' },
      { field: 'body.answers.email', message: 'Enter an email address such as name@example.com.' },
      { field: 'body.answers.phone', message: 'Please enter phone.' },
    ]);
    const events = async () =>
      (
        await t.db.query<{ data: Record<string, unknown> }>(`SELECT data FROM es_events WHERE type = 'FormSubmitted' AND stream_id = $1`, [
          `submissions-${pageId}`,
        ])
      ).rows;
    expect(await events()).toEqual([]);

    const submissionId = randomUUID();
    expect((await submit(pageId, valid, submissionId)).statusCode).toBe(204);
    // A double-click sends the same submission again.
    expect((await submit(pageId, valid, submissionId)).statusCode).toBe(204);
    expect((await submit(pageId, { ...valid, first_name: 'Grace', email: 'grace@example.com' })).statusCode).toBe(204);
    expect(await events()).toHaveLength(2);
    // The event log holds no answer in the clear.
    const logged = JSON.stringify(await events());
    for (const answer of ['Lovelace', 'ada@example.com', 'Ada@Example.com', '555 555 5555']) expect(logged).not.toContain(answer);

    await t.projections.caughtUp();
    const listed = (await owner('GET', `${PAGES}/${pageId}/submissions?per_page=1`)).json();
    expect(listed).toMatchObject({ page: 1, per_page: 1, total: 2 });
    expect(listed.items[0].answers.first_name).toBe('Grace');
    const second = (await owner('GET', `${PAGES}/${pageId}/submissions?page=2&per_page=1`)).json().items[0];
    expect(second).toMatchObject({ submission_id: submissionId, page_id: pageId, code_id: codeId, answers: { ...valid, email: 'ada@example.com' } });
  });

  it('shows the success page, and knows a returning visitor by the email they registered with', async () => {
    const pageId = await createPage({ success_message: 'See you at the door!' });
    expect((await visitor('GET', `${PUBLIC}/${pageId}/success`)).json()).toEqual({
      page_id: pageId,
      title: 'Welcome',
      success_message: 'See you at the door!',
      success_button: null,
      owner: { name: 'Conference Co', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } },
      theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } },
    });
    const back = (who: object) => visitor('POST', `${PUBLIC}/${pageId}/return`, who);
    expect((await back({ email: 'grace@example.com' })).json()).toEqual({
      page_id: pageId,
      returning: false,
      submitted_at: null,
      success_message: 'See you at the door!',
      exchange: null,
    });

    expect((await submit(pageId, { ...valid, email: 'Grace@Example.com' })).statusCode).toBe(204);
    await t.projections.caughtUp();
    const returning = (await back({ email: 'grace@EXAMPLE.com' })).json();
    expect(returning).toMatchObject({ page_id: pageId, returning: true });
    expect(Date.parse(returning.submitted_at)).toBeGreaterThan(Date.now() - 60_000);
    // By the code's id too, as its QR opens the page.
    expect((await visitor('POST', `${PUBLIC}/${codeId}/return`, { email: 'nobody@example.com' })).json().returning).toBe(false);

    const nobody = await back({});
    expect([nobody.statusCode, nobody.json().code]).toEqual([400, 'validation_failed']);
    expect((await back({ email: 'grace@example.com', answers: {} })).statusCode).toBe(400);
    // A loyalty exchange it does not know is nothing to show (public-loyalty.spec.ts shows one).
    const exchange = await back({ email: 'grace@example.com', exchange_id: randomUUID() });
    expect([exchange.statusCode, exchange.json().exchange]).toEqual([200, null]);
    expect((await back({ email: 'grace@example.com', exchange_id: 'not-an-id' })).json().errors?.[0]?.field).toBe('body.exchange_id');
  });

  it('refuses bad pages and bodies with a 400 naming the field', async () => {
    const noMarker = await owner('POST', PAGES, { code_id: codeId, form: DEFAULT_REGISTRATION_FORM.slice(1) });
    expect([noMarker.statusCode, noMarker.json().errors[0].field]).toEqual([400, 'body.form.0']);
    const video = await owner('POST', PAGES, { code_id: codeId, blocks: [{ kind: 'video', url: 'https://evil.example/v.mp4' }] });
    expect([video.statusCode, video.json().errors[0].field]).toEqual([400, 'body.blocks.0.url']);
    const extra = await visitor('POST', `${PUBLIC}/${randomUUID()}/submissions`, { submission_id: randomUUID(), answers: valid, admin: true });
    expect([extra.statusCode, extra.json().errors[0].field]).toEqual([400, 'body.admin']);
    expect((await visitor('GET', `${PUBLIC}/not-an-id`)).statusCode).toBe(400);
    expect((await visitor('GET', `${PUBLIC}/${randomUUID()}`)).json().code).toBe('page_not_found');
  });

  it('refuses a video block whose address is not a URL with a 400 naming the field, on create and on save', async () => {
    const blocks = [{ kind: 'video', url: 'not a url' }];
    const created = await owner('POST', PAGES, { code_id: codeId, blocks });
    expect([created.statusCode, created.json().errors?.map((e: { field: string }) => e.field)]).toEqual([400, ['body.blocks.0.url']]);
    const saved = await owner('PUT', `${PAGES}/${await createPage()}`, { blocks });
    expect([saved.statusCode, saved.json().errors?.map((e: { field: string }) => e.field)]).toEqual([400, ['body.blocks.0.url']]);
  });

  it('says a paused page is paused and a deleted code’s page is gone, to visitors and submitters alike', async () => {
    const pausedCode = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Paused desk', type: 'page' })).json().code_id;
    const pageId = (await owner('POST', PAGES, { code_id: pausedCode })).json().page_id;
    await owner('POST', `/api/v1/codes/${pausedCode}/pause`);
    const paused = await submit(pageId, valid);
    expect([paused.statusCode, paused.json().code]).toEqual([409, 'page_paused']);
    expect((await visitor('GET', `${PUBLIC}/${pageId}`)).json()).toMatchObject({
      code: 'page_paused',
      detail: 'Conference Co has paused this page for now. Please try again later.',
    });
    await owner('DELETE', `/api/v1/codes/${pausedCode}`);
    expect((await submit(pageId, valid)).json().code).toBe('page_not_found');
  });

  it('tells visitors of a landing page code whose page is not built yet to come back, rather than that it is gone', async () => {
    const early = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Printed early', type: 'page' })).json().code_id;
    const res = await visitor('GET', `${PUBLIC}/${early}`);
    expect([res.statusCode, res.json().code, res.json().detail]).toEqual([
      404,
      'page_not_built',
      'Conference Co has not put this page up yet. Please try again later.',
    ]);
    await owner('DELETE', `/api/v1/codes/${early}`);
    expect((await visitor('GET', `${PUBLIC}/${early}`)).json().code).toBe('page_not_found');
  });

  it('keeps pages to their organisation and their editors', async () => {
    const pageId = await createPage();
    expect((await stranger('GET', `${PAGES}/${pageId}`)).json().code).toBe('page_not_found');
    expect((await stranger('PUT', `${PAGES}/${pageId}`, { title: 'Mine now' })).json().code).toBe('page_not_found');
    expect((await stranger('GET', `${PAGES}/${pageId}/submissions`)).json().code).toBe('page_not_found');
    expect((await stranger('POST', PAGES, { code_id: codeId })).json().code).toBe('code_not_found');
    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'page-viewer@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'page-viewer@example.com'));
    expect((await viewer('GET', `${PAGES}/${pageId}`)).statusCode).toBe(200);
    expect((await viewer('POST', PAGES, { code_id: codeId })).json().code).toBe('forbidden');
    expect((await viewer('DELETE', `${PAGES}/${pageId}`)).json().code).toBe('forbidden');

    const updated = await owner('PUT', `${PAGES}/${pageId}`, { title: 'Doors at 7', blocks: [{ kind: 'heading', title: 'Hello' }] });
    expect(updated.json()).toMatchObject({ title: 'Doors at 7', blocks: [{ kind: 'heading', title: 'Hello', subtitle: '' }], form: DEFAULT_REGISTRATION_FORM });
    expect((await owner('DELETE', `${PAGES}/${pageId}`)).statusCode).toBe(204);
    expect((await owner('GET', `${PAGES}/${pageId}`)).json().code).toBe('page_not_found');
    expect((await visitor('GET', `${PUBLIC}/${pageId}`)).json().code).toBe('page_not_found');
  });

  it('serves a page at its vanity name, unique across organisations, and frees the name when the page lets it go', async () => {
    const NAMED = '/api/v1/public/named-pages';
    const first = await createPage({ vanity_name: ' Summer-Fair ' });
    expect((await visitor('GET', `${NAMED}/summer-fair`)).json()).toMatchObject({ page_id: first, vanity_name: 'summer-fair' });

    // Another organisation's page cannot take it, and nothing of that page is written.
    const otherOrg = await createOrganization(stranger, 'Fair Rivals');
    const otherCode = (await stranger('POST', '/api/v1/codes', { org_id: otherOrg, name: 'Rival desk', type: 'page' })).json().code_id;
    const taken = await stranger('POST', PAGES, { code_id: otherCode, vanity_name: 'summer-fair' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'page_name_taken']);
    expect((await stranger('GET', `${PAGES}?code_id=${otherCode}`)).json()).toEqual([]);

    // Renamed: the old name is free for another page, the new one serves the first page.
    expect((await owner('PUT', `${PAGES}/${first}`, { vanity_name: 'autumn-fair' })).statusCode).toBe(200);
    expect((await visitor('GET', `${NAMED}/summer-fair`)).json().code).toBe('page_not_found');
    expect((await visitor('GET', `${NAMED}/autumn-fair`)).json().page_id).toBe(first);
    expect((await stranger('POST', PAGES, { code_id: otherCode, vanity_name: 'summer-fair' })).statusCode).toBe(201);

    // A deleted page lets its name go too.
    await owner('DELETE', `${PAGES}/${first}`);
    expect((await visitor('GET', `${NAMED}/autumn-fair`)).json().code).toBe('page_not_found');
    expect((await createPage({ vanity_name: 'autumn-fair' })).length).toBeGreaterThan(0);

    const bad = await owner('POST', PAGES, { code_id: codeId, vanity_name: 'no spaces/or slashes' });
    expect([bad.statusCode, bad.json().errors[0].field]).toEqual([400, 'body.vanity_name']);
    expect((await visitor('GET', `${NAMED}/-x`)).statusCode).toBe(400);
  });

  it('documents the page and submission routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => /pages(\/|$)/.test(path))).toEqual([
      PAGES,
      `${PAGES}/{page_id}`,
      `${PAGES}/{page_id}/submissions`,
      `${PUBLIC}/{id}`,
      `${PUBLIC}/{id}/success`,
      `${PUBLIC}/{id}/return`,
      '/api/v1/public/named-pages/{name}',
      `${PUBLIC}/{page_id}/submissions`,
      // A page's event data belongs to the experiences context, which registers its routes after the pages'.
      `${PAGES}/{page_id}/event-data`,
    ]);
    expect(doc.components.schemas.PageBlock).toBeDefined();
  });
});
