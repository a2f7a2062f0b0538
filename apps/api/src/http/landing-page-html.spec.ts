import { execFileSync } from 'node:child_process';
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
function servedData(html: string): { served: { page?: { page_id: string; title: string }; allowed?: boolean; refusal?: string } } {
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
});
