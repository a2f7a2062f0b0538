import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { callerOf, createOrganization, signedUpToken } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('serving the web app in production mode', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'qr-web-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>QR Platform</title><div id="root"></div>');
    writeFileSync(join(dist, 'landing-page.html'), '<!doctype html><title>Landing page</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    t = await startTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it('serves the app at / and on every client-side route, so a bookmarked admin page opens', async () => {
    for (const url of ['/', '/admin/my-codes', '/admin/update-page/123']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>QR Platform</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the app on a client route whose last segment holds an email or a dot, as the users screen opens', async () => {
    for (const url of [
      '/deleteAlert/ann@example.com',
      `/deleteAlert/${encodeURIComponent('ann@example.com')}`,
      '/admin/update-page/v1.2',
      '/deleteAlert/ann.lee@example.com?x=1',
    ]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>QR Platform</title>');
    }
    const api = await page('/api/v1/users/ann@example.com');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });

  it('sends an admin page asked for under another loopback name to PUBLIC_URL, where sign-in returns', async () => {
    const at = (host: string, url = '/admin/my-codes?page=2') => t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
    const moved = await at('127.0.0.1:3000');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('http://localhost:3000/admin/my-codes?page=2');
    expect((await at('127.0.0.1:3000', '/admin')).headers.location).toBe('http://localhost:3000/admin');
    for (const host of ['localhost:3000', '127.0.0.1:4000', 'qr.example:3000', 'not a host']) expect((await at(host)).statusCode).toBe(200);
    // A visitor's page stays where it was opened, whatever the host.
    for (const url of ['/', '/administrator', '/page/123']) expect((await at('127.0.0.1:3000', url)).statusCode).toBe(200);
  });

  it('leaves the short host (ALT_HOST) alone, even when it is a loopback name', async () => {
    const short = await startTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: dist, ALT_HOST: '127.0.0.1:3000' } });
    try {
      const res = await short.app.inject({ method: 'GET', url: '/admin', headers: { host: '127.0.0.1:3000', accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it("serves a visitor's landing page its own entry, without the app's router and admin code", async () => {
    for (const url of ['/page/123?ref=qr', '/p/summer-fair', '/p/summer-fair/']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Landing page</title>');
    }
  });

  it('sends the brotli copy the build made to a browser that accepts it, and the plain file to one that does not', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload).toEqual(brotliCompressSync('console.log(1)'));
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves hashed assets with a long cache and a 404 problem for a missing file', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await page('/assets/gone.js');
    expect(missing.statusCode).toBe(404);
  });

  it('never answers an API path with the app shell', async () => {
    const res = await page('/api/v1/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('lets no site frame a page, except a wall’s embed by the sites the wall was embedded in', async () => {
    const owner = callerOf(t.app, await signedUpToken(t.app, 'fran@example.com'));
    const orgId = await createOrganization(owner, 'Frame Café');
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Wall', type: 'url', url: 'https://example.com/' })).json().code_id;
    const wallId = (await owner('POST', '/api/v1/walls', { org_id: orgId, code_id: codeId, title: 'Framed' })).json().wall_id;
    const framing = async (url: string) => {
      const res = await page(url);
      return { status: res.statusCode, csp: res.headers['content-security-policy'], xfo: res.headers['x-frame-options'] };
    };
    const denied = { status: 200, csp: "frame-ancestors 'none'", xfo: 'DENY' };
    expect(await framing('/admin')).toEqual(denied);
    expect(await framing('/page/123')).toEqual(denied);
    expect(await framing(`/wall/${wallId}`)).toEqual(denied);
    expect(await framing(`/wall-embed/${wallId}`)).toEqual({ status: 200, csp: "frame-ancestors 'none'", xfo: undefined });
    expect(await framing(`/wall-embed/${randomUUID()}`)).toEqual({ status: 200, csp: "frame-ancestors 'none'", xfo: undefined });

    await owner('POST', `/api/v1/walls/${wallId}/embeds`, { origin: 'https://www.example.com' });
    await owner('POST', `/api/v1/walls/${wallId}/embeds`, { origin: 'https://shop.example.org:8443' });
    expect(await framing(`/wall-embed/${wallId}?autoplay=1`)).toEqual({
      status: 200,
      csp: 'frame-ancestors https://www.example.com https://shop.example.org:8443',
      xfo: undefined,
    });
  });
});
