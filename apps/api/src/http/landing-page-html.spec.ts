import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const REPO = resolve(__dirname, '../../../..');
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>QR Platform</title></head><body><div id="root"></div><script type="module" src="/assets/landing.js"></script></body></html>';
const SCRIPT_BREAK = '</script><script>alert(1)</script>';

/** The inlined data as the browser reads it. */
function servedData(html: string): {
  served: { page?: { page_id: string; title: string }; allowed?: boolean; refusal?: string };
  form?: { submission_id: string; step: number; answers: Record<string, string | boolean>; errors: Record<string, string> };
  thanked?: boolean;
} {
  const json = /<script type="application\/json" id="served-page">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no served-page data in the HTML');
  return JSON.parse(json);
}

describe("a visitor's landing page rendered on the server", () => {
  let t: TestApp;
  let owner: ApiCaller;
  let rival: ApiCaller;
  let codeId: string;
  let rivalCodeId: string;
  // The real server entry, built from the web app's source as `nx build web` builds it.
  const dist = mkdtempSync(join(tmpdir(), 'qr-web-ssr-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>QR Platform</title><div id="root"></div>');
    writeFileSync(join(dist, 'landing-page.html'), TEMPLATE);
    execFileSync(
      process.execPath,
      [
        join(REPO, 'node_modules/vite/bin/vite.js'),
        'build',
        '--configLoader',
        'runner',
        '--config',
        'apps/web/vite.config.mts',
        '--ssr',
        'src/landing-page-server.tsx',
        '--outDir',
        join(dist, 'built'),
        '--logLevel',
        'error',
      ],
      { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    copyFileSync(join(dist, 'built', 'landing-page-server.cjs'), join(dist, 'server', 'landing-page-server.cjs'));
    t = await startTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: dist } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'ssr-owner@example.com'));
    rival = callerOf(t.app, await signedUpToken(t.app, 'ssr-rival@example.com'));
    const orgId = await createOrganization(owner, 'Conference Co');
    const rivalOrgId = await createOrganization(rival, 'Rival Ltd');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Badge desk', type: 'page' })).json().code_id;
    rivalCodeId = (await rival('POST', '/api/v1/codes', { org_id: rivalOrgId, name: 'Rival desk', type: 'page' })).json().code_id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const createPage = async (caller: ApiCaller, code: string, body: object = {}) => {
    const res = await caller('POST', '/api/v1/pages', { code_id: code, ...body });
    if (res.statusCode !== 201) throw new Error(`create page failed: ${res.statusCode} ${res.body}`);
    return res.json().page_id as string;
  };
  const open = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('sends the content, the form and the organisation in the first response, with the data to hydrate from and the fonts in the head', async () => {
    const pageId = await createPage(owner, codeId, { title: 'Badge pickup' });
    const res = await open(`/page/${pageId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('welcome to the club');
    expect(html).toMatch(/<form[^>]*aria-label="Registration form"/);
    expect(html).toContain('name="first_name"');
    expect(html).toContain('Conference Co');
    expect(html).not.toContain('QR Platform');
    expect(html).toContain('<title>Badge pickup</title>');
    expect(html).toMatch(/<style>@font-face\{font-family:"Lora".*font-display:swap/);
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/fonts/inter/400.woff2">');
    // The head's own tags come before the script, so the fonts start downloading with the HTML.
    expect(html.indexOf('@font-face')).toBeLessThan(html.indexOf('</head>'));
    expect(servedData(html).served).toMatchObject({ page: { page_id: pageId }, allowed: true });
  });

  it('opens by vanity name as the API does, and tells the visitor of a printed code whose page is not built yet to come back', async () => {
    const pageId = await createPage(owner, codeId, { vanity_name: 'summer-fair-ssr' });
    expect(servedData((await open('/p/summer-fair-ssr')).body).served.page?.page_id).toBe(pageId);
    const orgId = (await owner('GET', `/api/v1/codes/${codeId}`)).json().org_id as string;
    const unbuilt = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Not yet', type: 'page' })).json().code_id as string;
    const res = await open(`/page/${unbuilt}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This page is not ready yet');
    expect(servedData(res.body).served.refusal).toBe('not_built');
  });

  it('inlines what an organisation wrote so that it cannot end the script or run its own', async () => {
    const pageId = await createPage(owner, codeId, {
      title: SCRIPT_BREAK,
      blocks: [
        { kind: 'heading', title: SCRIPT_BREAK, subtitle: '' },
        { kind: 'form', submit_label: 'Send' },
      ],
    });
    const html = (await open(`/page/${pageId}`)).body;
    expect(html).not.toContain(SCRIPT_BREAK);
    expect(html).not.toContain('<script>alert(1)');
    expect(servedData(html).served.page?.title).toBe(SCRIPT_BREAK);
  });

  it("renders only the asked page's organisation", async () => {
    await createPage(owner, codeId, { title: 'Conference only' });
    const rivalPage = await createPage(rival, rivalCodeId, { title: 'Rival page' });
    const html = (await open(`/page/${rivalPage}`)).body;
    expect(html).toContain('Rival Ltd');
    expect(html).not.toContain('Conference Co');
    expect(html).not.toContain('Conference only');
  });

  it('answers an unknown or malformed page with a 404 page, not the form', async () => {
    for (const url of ['/page/00000000-0000-4000-8000-000000000000', '/page/not-an-id', '/p/no-such-name']) {
      const res = await open(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This page is not available');
      expect(res.body).not.toContain('Registration form');
      expect(servedData(res.body).served.refusal).toBe('unavailable');
    }
  });

  it('keeps the event-access guard: a page tied to an event place is sent without its content, for the browser to check', async () => {
    const pageId = await createPage(owner, codeId, { title: 'At the venue' });
    const hour = 3_600_000;
    const event = {
      latitude: 52.516275,
      longitude: 13.377704,
      radius_m: 500,
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + hour).toISOString(),
    };
    expect((await owner('PUT', `/api/v1/pages/${pageId}/event-data`, event)).statusCode).toBe(200);
    const html = (await open(`/page/${pageId}`)).body;
    expect(servedData(html).served).toMatchObject({ page: { page_id: pageId }, allowed: false });
    expect(html).not.toContain('Registration form');
    expect(html).not.toContain('welcome to the club</');
  });

  describe('its form posted by the browser itself, before or without the script', () => {
    const post = (pageId: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/page/${pageId}/submit`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams(fields).toString(),
      });
    /** What the server put in the form's hidden inputs for this render. */
    const hiddenSubmissionId = (html: string) => /name="_submission_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const ANSWERS = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '5555555555' };
    /**
     * The page's submissions once the read model has caught up: a native post answers no position,
     * so a JSON submission sent after it gives one to wait for, and is not counted.
     */
    const submissionsOf = async (pageId: string, answers: object = ANSWERS) => {
      const marker = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public/pages/${pageId}/submissions`,
        payload: { submission_id: randomUUID(), answers },
      });
      expect(marker.statusCode).toBe(204);
      const listed = await owner('GET', `/api/v1/pages/${pageId}/submissions?min_position=${String(marker.headers['x-position'])}`);
      return (listed.json().total as number) - 1;
    };

    it('is drawn as a plain form that posts to the page, with a submission id made per render', async () => {
      const pageId = await createPage(owner, codeId);
      const [first, second] = [(await open(`/page/${pageId}`)).body, (await open(`/page/${pageId}`)).body];
      const form = /<form[^>]*>/.exec(first)?.[0] ?? '';
      expect(form).toContain('method="post"');
      expect(form).toContain(`action="/page/${pageId}/submit"`);
      expect(hiddenSubmissionId(first)).toMatch(/^[0-9a-f-]{36}$/);
      expect(hiddenSubmissionId(first)).not.toBe(hiddenSubmissionId(second));
      // The script hydrates with the same id, so a native post and a JSON one of this render are one submission.
      expect(servedData(first).form?.submission_id).toBe(hiddenSubmissionId(first));
    });

    it('records the answers once when sent twice, and sends the visitor to the thank-you page in the brand', async () => {
      const pageId = await createPage(owner, codeId, {
        success_message: 'See you at the desk.',
        success_button: { label: 'Our programme', url: 'https://example.com/programme' },
      });
      const submissionId = hiddenSubmissionId((await open(`/page/${pageId}`)).body);
      for (const attempt of [1, 2]) {
        const res = await post(pageId, { _submission_id: submissionId, _step: '0', ...ANSWERS });
        expect({ attempt, status: res.statusCode, location: res.headers['location'] }).toEqual({ attempt, status: 303, location: `/page/${pageId}/thank-you` });
      }
      expect(await submissionsOf(pageId)).toBe(1);
      const thanks = await open(`/page/${pageId}/thank-you`);
      expect(thanks.statusCode).toBe(200);
      expect(thanks.body).toContain('Thank you!');
      expect(thanks.body).toContain('See you at the desk.');
      expect(thanks.body).toContain('href="https://example.com/programme"');
      expect(thanks.body).toContain('Conference Co');
      expect(thanks.body).not.toContain('Registration form');
      expect(servedData(thanks.body).thanked).toBe(true);
    });

    it('draws refused answers again with their errors, the values kept and escaped, and records nothing', async () => {
      const pageId = await createPage(owner, codeId);
      const submissionId = hiddenSubmissionId((await open(`/page/${pageId}`)).body);
      const res = await post(pageId, {
        _submission_id: submissionId,
        _step: '0',
        first_name: '"><script>alert(1)</script>',
        last_name: '',
        email: 'ada@example.com',
        phone: '5555555555',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).toContain('value="ada@example.com"');
      expect(servedData(res.body).form).toMatchObject({ submission_id: submissionId, errors: { last_name: expect.any(String) } });
      expect(res.body).toContain(servedData(res.body).form!.errors['last_name']!);
      expect(await submissionsOf(pageId)).toBe(0);
    });

    it('takes a ticked box as "on", and walks a form of two steps one post at a time', async () => {
      const pageId = await createPage(owner, codeId, {
        form: [
          { name: 'page', input_display_name: 'Page1', input_type: 'page' },
          { name: 'email', input_type: 'text', required: true },
          { name: 'page2', input_display_name: 'Page2', input_type: 'page' },
          { name: 'newsletter', input_type: 'consent', required: true },
        ],
      });
      const submissionId = hiddenSubmissionId((await open(`/page/${pageId}`)).body);
      const next = await post(pageId, { _submission_id: submissionId, _step: '0', email: 'grace@example.com' });
      expect(next.statusCode).toBe(200);
      expect(servedData(next.body).form).toMatchObject({ submission_id: submissionId, step: 1, errors: {} });
      expect(next.body).toContain('name="newsletter"');
      expect(next.body).toContain('<input type="hidden" name="email" value="grace@example.com"');
      const done = await post(pageId, { _submission_id: submissionId, _step: '1', email: 'grace@example.com', newsletter: 'on' });
      expect(done.statusCode).toBe(303);
      expect(await submissionsOf(pageId, { email: 'marker@example.com', newsletter: true })).toBe(1);
    });

    it('answers an unknown page with 404 and a page behind the event-access guard with 403, recording nothing', async () => {
      const unknown = await post('00000000-0000-4000-8000-000000000000', { _submission_id: '00000000-0000-4000-8000-000000000001', ...ANSWERS });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This page is not available');
      expect((await post('not-an-id', ANSWERS)).statusCode).toBe(404);
      const pageId = await createPage(owner, codeId);
      const hour = 3_600_000;
      const event = {
        latitude: 52.5,
        longitude: 13.4,
        radius_m: 500,
        starts_at: new Date(Date.now() - hour).toISOString(),
        ends_at: new Date(Date.now() + hour).toISOString(),
      };
      expect((await owner('PUT', `/api/v1/pages/${pageId}/event-data`, event)).statusCode).toBe(200);
      const guarded = await post(pageId, { _submission_id: '00000000-0000-4000-8000-000000000002', _step: '0', ...ANSWERS });
      expect(guarded.statusCode).toBe(403);
      expect(guarded.body).not.toContain('Registration form');
      expect(await submissionsOf(pageId)).toBe(0);
    });

    it('is rate limited like the public API', async () => {
      const res = await post('00000000-0000-4000-8000-000000000000', {});
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      expect((await open('/page/00000000-0000-4000-8000-000000000000')).headers['x-ratelimit-limit']).toBeUndefined();
    });
  });
});
