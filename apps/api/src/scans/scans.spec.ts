import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_THEME_STYLE, PAGE_THEME_PRESETS } from '@qr/contracts';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { multipart } from '../uploads/multipart.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { VisitorFactsReader } from './visitor-facts';
import { PHONE_USER_AGENT as IPHONE } from '../testing/phone-user-agent';

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}
type Get = (url: string, headers: Record<string, string>, method?: 'GET' | 'HEAD') => Promise<Answer>;

/** A GET over a real connection to the listening server, which is where the scan front answers. */
async function listeningGet(t: TestApp): Promise<Get> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return (path, headers, method = 'GET') =>
    new Promise((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path, headers, method }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode!, headers: response.headers, body }));
      })
        .on('error', reject)
        .end();
    });
}

/**
 * The scan path is served two ways with one answer: by the scan front, ahead of Fastify, on the
 * server the API listens on, and by Fastify's routes, which `inject` reaches. Both must behave alike.
 */
const WAYS_IN: [string, (t: TestApp) => Promise<Get>][] = [
  [
    'through Fastify’s routes (inject)',
    async (t) =>
      async (url, headers, method = 'GET') =>
        t.app.inject({ method, url, headers }),
  ],
  ['through the scan front (HTTP)', listeningGet],
];

describe.each(WAYS_IN)('scanning a code %s', (_way, connect) => {
  let t: TestApp;
  let owner: ApiCaller;
  let orgId: string;
  let get: Get;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'scan-owner@example.com'));
    orgId = await createOrganization(owner, 'Scan Café');
    get = await connect(t);
  });
  afterAll(() => t.close());

  const create = async (body: object) => (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Code', ...body })).json().code_id as string;
  const scanEvents = async (codeId: string) =>
    (
      await t.db.query<{ data: Record<string, unknown>; stream_id: string }>(
        `SELECT data, stream_id FROM es_events WHERE type = 'ScanRecorded' AND data->>'code_id' = $1 ORDER BY global_position`,
        [codeId],
      )
    ).rows;
  const visit = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => get(url, { 'user-agent': IPHONE, ...headers }, method);

  it('answers a QR scan of a URL code with a 302 to the target, after recording what the scan tells', async () => {
    const id = await create({ type: 'url', url: 'https://example.com/menu?table=4' });
    const res = await visit(`/${id}`, {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
      referer: 'https://news.example.com/article?reader=ann',
      'cf-ipcountry': 'de',
    });
    expect([res.statusCode, res.headers.location]).toEqual([302, 'https://example.com/menu?table=4']);

    const [event] = await scanEvents(id);
    expect(event!.stream_id).toMatch(new RegExp(`^scans-${id}-[0-3]$`));
    expect(event!.data).toEqual({
      code_id: id,
      org_id: orgId,
      source: 'qr',
      device: 'mobile',
      os: 'iOS 17',
      browser: 'Mobile Safari 17',
      referrer: 'https://news.example.com',
      language: 'de-DE',
      country: 'DE',
      visitor: expect.stringMatching(/^[\w-]{22}$/),
      bot: false,
    });
    // The code list's count follows a moment later: scan counts are projected a few times a second.
    await t.projections.caughtUp();
    expect((await owner('GET', `/api/v1/codes/${id}`)).json().scan_count).toBe(1);
    // The address the request came from is in no event, in any form.
    const { rows } = await t.db.query<{ log: string }>(`SELECT string_agg(data::text || metadata::text, '') AS log FROM es_events`);
    expect(rows[0]!.log).not.toContain('127.0.0.1');
  });

  it('counts the shared link as a link visit, and a non-URL code sends the scanner to its page without counting twice', async () => {
    const url = await create({ type: 'url', url: 'https://example.com' });
    expect((await visit(`/code/${url}`)).headers.location).toBe('https://example.com');
    expect((await scanEvents(url)).map((e) => e.data['source'])).toEqual(['link']);

    const note = await create({ type: 'note', text: 'Back at 3' });
    expect((await visit(`/${note}`)).headers.location).toBe(`/code/note/${note}`);
    const wifi = await create({ type: 'wifi', ssid: 'Guest' });
    expect((await visit(`/${wifi}`)).headers.location).toBe(`/code/${wifi}?via=qr`);
    await visit(`/code/${wifi}?via=qr`);
    expect((await scanEvents(wifi)).map((e) => e.data['source'])).toEqual(['qr']);
  });

  it('answers a HEAD (a link checker’s, a mail scanner’s) as it answers the scan, without counting a visit', async () => {
    const url = await create({ type: 'url', url: 'https://example.com/menu' });
    const head = await visit(`/${url}`, {}, 'HEAD');
    expect([head.statusCode, head.headers.location]).toEqual([302, 'https://example.com/menu']);
    const wifi = await create({ type: 'wifi', ssid: 'Guest' });
    expect((await visit(`/${wifi}`, {}, 'HEAD')).headers.location).toBe(`/code/${wifi}?via=qr`);
    await visit(`/${url}`);
    expect([(await scanEvents(url)).length, (await scanEvents(wifi)).length]).toEqual([1, 0]);
  });

  it('keeps a one-time code for the person it was sent to when a link preview, a bot or a HEAD fetches it first', async () => {
    const base = await create({ type: 'url', url: 'https://example.com/prize' });
    const { batch_id } = (await owner('POST', '/api/v1/one-time-codes', { base_code_id: base, amount: 1 })).json();
    const [{ code_id }] = (await owner('GET', `/api/v1/one-time-codes/${batch_id}/codes`)).json().items;
    for (const previewer of [
      'WhatsApp/2.23.20.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ]) {
      const preview = await visit(`/code/${code_id}`, { 'user-agent': previewer });
      expect([previewer, preview.statusCode, preview.headers.location, /<h1>(.*?)<\/h1>/.exec(preview.body)?.[1]]).toEqual([
        previewer,
        200,
        undefined,
        'A one-time code',
      ]);
    }
    expect((await visit(`/${code_id}`, {}, 'HEAD')).statusCode).toBe(200);
    const won = await visit(`/${code_id}`);
    expect([won.statusCode, won.headers.location]).toEqual([302, 'https://example.com/prize']);
    expect((await visit(`/${code_id}`)).statusCode).toBe(410);
    expect((await visit(`/${code_id}`, { 'user-agent': 'WhatsApp/2.23.20.0' })).statusCode).toBe(410);
    expect((await scanEvents(base)).map((e) => [e.data['source'], e.data['bot']])).toEqual([['qr', false]]);
  });

  it('serves a changed target on the very next scan after the update returns', async () => {
    const id = await create({ type: 'url', url: 'https://example.com/old' });
    expect((await visit(`/${id}`)).headers.location).toBe('https://example.com/old');
    await owner('PUT', `/api/v1/codes/${id}`, { name: 'Code', type: 'url', url: 'https://example.com/new' });
    expect((await visit(`/${id}`)).headers.location).toBe('https://example.com/new');
  });

  it('shows a friendly page with the right status for a paused, deleted or unknown code, naming whose it is, and records nothing', async () => {
    const id = await create({ type: 'url', url: 'https://example.com' });
    await owner('POST', `/api/v1/codes/${id}/pause`);
    const paused = await visit(`/${id}`);
    expect([paused.statusCode, paused.headers['content-type'], paused.headers['retry-after']]).toEqual([503, 'text/html; charset=utf-8', '3600']);
    expect(paused.body).toContain('This code is paused');
    expect(paused.body).toContain('Scan Café has paused it for now.');
    await owner('POST', `/api/v1/codes/${id}/resume`);
    expect((await visit(`/${id}`)).statusCode).toBe(302);
    await owner('DELETE', `/api/v1/codes/${id}`);
    const deleted = await visit(`/${id}`);
    expect([deleted.statusCode, deleted.body.includes('This code has ended'), deleted.body.includes('Scan Café has taken it down.')]).toEqual([
      410,
      true,
      true,
    ]);
    const unknown = await visit('/ZZZZZZZZZZ');
    expect([unknown.statusCode, unknown.body.includes('This code is not known')]).toEqual([404, true]);
    expect(unknown.body).not.toMatch(/<script|at .*\.ts/);
    expect(await scanEvents(id)).toHaveLength(1);
  });

  it('never answers 500, whatever the headers', async () => {
    const id = await create({ type: 'url', url: 'https://example.com' });
    const absurd: Record<string, string>[] = [
      { 'user-agent': 'x'.repeat(10_000) },
      { 'accept-language': ';;;,,,==*', referer: 'javascript:alert(1)', 'cf-ipcountry': '<script>' },
      { 'user-agent': '', 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
      { referer: 'http://[::1', 'accept-language': 'x'.repeat(5000) },
    ];
    for (const headers of absurd) expect((await visit(`/${id}`, headers)).statusCode).toBe(302);
    const facts = (await scanEvents(id)).map((e) => e.data);
    expect(facts.map((f) => [f['referrer'], f['language'], f['country']])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    // No user agent, or one that is no browser's, counts as a bot.
    expect(facts.map((f) => f['bot'])).toEqual([true, false, true, false]);
  });

  it('sends a target with characters a header cannot hold percent-encoded', async () => {
    const id = await create({ type: 'url', url: 'https://example.com/café/€uro?q=a b' });
    const res = await visit(`/${id}?utm_source=poster`);
    expect([res.statusCode, res.headers.location]).toEqual([302, 'https://example.com/caf%C3%A9/%E2%82%ACuro?q=a%20b']);
  });
});

describe('a request Node cannot parse, on the server the API listens on', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ port } = t.app.getHttpServer().address() as AddressInfo);
  });
  afterAll(() => t.close());

  /** What the server writes back to bytes no HTTP client would send, until it closes the connection. */
  const rawAnswer = (request: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      connect(port, '127.0.0.1', function (this: Socket) {
        this.end(request);
      })
        .setEncoding('utf8')
        .on('data', (chunk: string) => (answer += chunk))
        .on('close', () => resolve(answer))
        .on('error', reject);
    });

  it.each([
    ['a control character in a header', 'GET /ABCDEFGHJK HTTP/1.1\r\nHost: localhost\r\nUser-Agent: a\u0001b\r\n\r\n', 400],
    ['headers over the size limit', `GET /ABCDEFGHJK HTTP/1.1\r\nHost: localhost\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answers %s with a problem, as every other refusal', async (_case, request, status) => {
    const answer = await rawAnswer(request);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} .*\r\nContent-Type: application/problem\\+json\r\n`));
    expect(JSON.parse(body!)).toMatchObject({ status, code: 'malformed_request', title: 'The request could not be read' });
  });
});

describe.each(WAYS_IN)('the scan path beside the web app, %s', (_way, connect) => {
  let t: TestApp;
  let get: Get;
  const dist = mkdtempSync(join(tmpdir(), 'qr-web-'));
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>QR Platform</title><div id="root"></div>');
    t = await startTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: dist } });
    get = await connect(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => get(url, { accept: 'text/html' });

  it('leaves /share and /dummy to the web app, and answers only code-shaped paths itself', async () => {
    for (const path of ['/share', '/dummy', '/admin', '/code/share', '/ZZZZZZZZZZ/', '/code/ZZZZZZZZZZZ']) {
      const res = await page(path);
      expect([path, res.statusCode, res.body.includes('<div id="root">')]).toEqual([path, 200, true]);
    }
    const unknown = await page('/ZZZZZZZZZZ');
    expect([unknown.statusCode, unknown.body.includes('This code is not known')]).toEqual([404, true]);
  });

  it('shows the shared link of a note as the web app’s page, after counting the visit', async () => {
    const owner = callerOf(t.app, await signedUpToken(t.app, 'note-owner@example.com'));
    const orgId = await createOrganization(owner, 'Note Co');
    const { code_id } = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Note', type: 'note', text: 'Back at 3' })).json();
    const res = await page(`/code/${code_id}`);
    expect([res.statusCode, res.body.includes('<div id="root">')]).toEqual([200, true]);
    const { rows } = await t.db.query(`SELECT 1 FROM es_events WHERE type = 'ScanRecorded' AND data->>'code_id' = $1`, [code_id]);
    expect(rows).toHaveLength(1);
  });

  it('opens a live code’s card and note pages in the web app; a paused, deleted or unknown one gets its scan’s page and status, and no page counts a scan', async () => {
    const owner = callerOf(t.app, await signedUpToken(t.app, 'card-owner@example.com'));
    const orgId = await createOrganization(owner, 'Card Co');
    const create = async (body: object) => (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Page', ...body })).json().code_id as string;
    const card = await create({ type: 'vcard', first_name: 'Ada' });
    const note = await create({ type: 'note', text: 'Back at 3' });
    const seen = async (path: string) => {
      const res = await page(path);
      return [res.statusCode, res.body.includes('<div id="root">') ? 'web app' : /<h1>(.*?)<\/h1>/.exec(res.body)?.[1]];
    };
    expect([await seen(`/card/${card}`), await seen(`/code/note/${note}`)]).toEqual([
      [200, 'web app'],
      [200, 'web app'],
    ]);
    await owner('POST', `/api/v1/codes/${card}/pause`);
    await owner('DELETE', `/api/v1/codes/${note}`);
    expect([await seen(`/card/${card}`), await seen(`/code/note/${note}`), await seen('/card/ZZZZZZZZZZ'), await seen('/code/note/ZZZZZZZZZZ')]).toEqual([
      [503, 'This code is paused'],
      [410, 'This code has ended'],
      [404, 'This code is not known'],
      [404, 'This code is not known'],
    ]);
    const { rows } = await t.db.query(`SELECT 1 FROM es_events WHERE type = 'ScanRecorded' AND data->>'code_id' = ANY($1)`, [[card, note]]);
    expect(rows).toHaveLength(0);
  });
});

describe('the public content of a code, for its visitor pages', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let ownerToken: string;
  let orgId: string;
  beforeAll(async () => {
    t = await startTestApp();
    ownerToken = await signedUpToken(t.app, 'card-owner@example.com');
    owner = callerOf(t.app, ownerToken);
    orgId = await createOrganization(owner, 'Card Co');
  });
  afterAll(() => t.close());

  it('shows a code’s content and who is behind it without sign-in, a paused code without the content, and a business card as a .vcf', async () => {
    const card = {
      type: 'vcard',
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization: 'Analytical; Engines',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
    };
    const { code_id } = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Ada card', ...card })).json();
    const visitor = callerOf(t.app);
    const cardCo = { name: 'Card Co', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } };
    expect((await visitor('GET', `/api/v1/public/codes/${code_id}`)).json()).toEqual({ code_id, status: 'active', owner: cardCo, ...card });

    const vcf = await visitor('GET', `/api/v1/public/codes/${code_id}/vcard`);
    expect([vcf.statusCode, vcf.headers['content-type'], vcf.headers['content-disposition']]).toEqual([
      200,
      'text/vcard; charset=utf-8',
      "attachment; filename=Ada-Lovelace.vcf; filename*=UTF-8''Ada%20Lovelace.vcf",
    ]);
    expect(vcf.body.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Ada Lovelace',
        'N:Lovelace;Ada;;;',
        'ORG:Analytical\\; Engines',
        'TEL;TYPE=WORK,VOICE:+44 20 7946 0000',
        'EMAIL:ada@example.com',
        'END:VCARD',
      ]),
    );
    // The API documentation names the version the file is in.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = /vCard (\d\.\d)/.exec(doc.paths['/api/v1/public/codes/{code_id}/vcard'].get.summary)?.[1];
    expect(vcf.body).toContain(`\r\nVERSION:${documented}\r\n`);

    await owner('POST', `/api/v1/codes/${code_id}/pause`);
    await owner('PATCH', `/api/v1/organizations/${orgId}`, { organization_name: 'Card & Co', organization_logo: 'https://cdn.example.com/card-co.png' });
    const paper = PAGE_THEME_PRESETS.find((preset) => preset.id === 'paper')!.style;
    await owner('PUT', `/api/v1/organizations/${orgId}/brand-kit`, paper);
    // A paused code's page still shows whose it is, in their brand.
    expect((await visitor('GET', `/api/v1/public/codes/${code_id}`)).json()).toEqual({
      code_id,
      type: 'vcard',
      status: 'paused',
      owner: { name: 'Card & Co', logo: 'https://cdn.example.com/card-co.png', theme: { ...paper, background: { kind: 'colour' } } },
    });
    expect((await visitor('GET', `/api/v1/public/codes/${code_id}/vcard`)).statusCode).toBe(404);
    await owner('DELETE', `/api/v1/codes/${code_id}`);
    const gone = await visitor('GET', `/api/v1/public/codes/${code_id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'code_not_found']);
    expect((await visitor('GET', '/api/v1/public/codes/not-an-id')).statusCode).toBe(400);
  });
  it('draws an active code’s QR image in its design for the share page, without sign-in; a paused, deleted or unknown code has none', async () => {
    const design = { foreground: '#1e4d2b', frame: { style: 'banner', text: 'Scan for the menu' } };
    const { code_id } = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Menu', type: 'url', url: 'https://example.com/menu', design })).json();
    const visitor = callerOf(t.app);
    const image = await visitor('GET', `/api/v1/public/codes/${code_id}/qr`);
    expect([image.statusCode, image.headers['content-type'], image.headers['cache-control']]).toEqual([
      200,
      'image/svg+xml; charset=utf-8',
      'public, max-age=300',
    ]);
    expect(image.body).toMatch(/^<svg /);
    expect(image.body).toContain('#1e4d2b');
    expect(image.body).toContain('>Scan for the menu</text>');

    await owner('POST', `/api/v1/codes/${code_id}/pause`);
    expect((await visitor('GET', `/api/v1/public/codes/${code_id}/qr`)).statusCode).toBe(404);
    await owner('DELETE', `/api/v1/codes/${code_id}`);
    expect((await visitor('GET', `/api/v1/public/codes/${code_id}/qr`)).statusCode).toBe(404);
    expect((await visitor('GET', '/api/v1/public/codes/AbCdEf9999/qr')).statusCode).toBe(404);
    expect((await visitor('GET', '/api/v1/public/codes/not-an-id/qr')).statusCode).toBe(400);
  });

  it('shows a business card’s uploaded photo through an expiring link and embeds it in the .vcf; another organisation’s photo is not found', async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const body = multipart(photo, 'me.png', 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/uploads?org_id=${orgId}`,
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    const { blob_id } = uploaded.json();
    const card = { type: 'vcard', first_name: 'Grace', photo_blob_id: blob_id };
    const { code_id } = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Grace card', ...card })).json();

    const visitor = callerOf(t.app);
    const shown = (await visitor('GET', `/api/v1/public/codes/${code_id}`)).json();
    expect(shown).not.toHaveProperty('photo_blob_id');
    const served = await t.app.inject({ method: 'GET', url: new URL(shown.photo_url).pathname + new URL(shown.photo_url).search });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);

    const vcf = (await visitor('GET', `/api/v1/public/codes/${code_id}/vcard`)).body;
    const lines = vcf.split('\r\n');
    expect(lines.every((line) => line.length <= 75)).toBe(true);
    const unfolded = vcf.replace(/\r\n /g, '');
    const embedded = unfolded.match(/^PHOTO;ENCODING=b;TYPE=JPEG:(.+)$/m)?.[1];
    expect(await sharp(Buffer.from(embedded!, 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    const stranger = callerOf(t.app, await signedUpToken(t.app, 'photo-thief@example.com'));
    const theirOrg = await createOrganization(stranger, 'Thief Co');
    const stolen = await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Stolen', ...card });
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'blob_not_found']);
  });
});

describe('what a scan records of its visitor', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());
  const facts = (headers: Record<string, string>) =>
    t.app.get(VisitorFactsReader).read({ ip: '203.0.113.7', headers } as unknown as FastifyRequest, new Date('2026-11-22T07:00:00Z'));

  it.each([
    [
      'Android Chrome',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      ['mobile', 'Android 10', 'Chrome 124', false],
    ],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ['mobile', 'Android 14', 'Samsung Internet 25', false],
    ],
    [
      'Instagram on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 329.0.0.35.93 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 590232155)',
      ['mobile', 'iOS 17', 'Instagram 329', false],
    ],
    [
      'Facebook on Android',
      'Mozilla/5.0 (Linux; Android 12; SM-A515F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.113 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/462.0.0.45.86;]',
      ['mobile', 'Android 12', 'Facebook 462', false],
    ],
    [
      'an Android tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      ['tablet', 'Android 13', 'Chrome 124', false],
    ],
    [
      'desktop Edge',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.0.0',
      ['desktop', 'Windows 10', 'Edge 125', false],
    ],
    ['desktop Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0', ['desktop', 'Linux', 'Firefox 126', false]],
    ['WhatsApp’s link preview', 'WhatsApp/2.23.20.0', ['other', null, null, true]],
    ['Slack’s link preview', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', ['other', null, null, true]],
    ['Facebook’s crawler', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', ['other', null, null, true]],
    ['curl', 'curl/8.5.0', ['other', null, null, true]],
    [
      'Googlebot for smartphones',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.141 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      ['mobile', 'Android 6', 'Chrome 125', true],
    ],
  ])('records what %s is: device, system and browser; a link previewer or curl is no desktop', async (_agent, userAgent, expected) => {
    const { device, os, browser, bot } = await facts({ 'user-agent': userAgent });
    expect([device, os, browser, bot]).toEqual(expected);
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['en-us', 'en-US'],
    ['EN_gb', 'en-GB'],
    ['zh-hant-tw,zh;q=0.8', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['fr;q=0.5, de', 'de'],
    ['*;q=1, it;q=0.7', 'it'],
    ['da, en-gb;q=0.8, en;q=0.7', 'da'],
    ['en;q=0, nl;q=0.2', 'nl'],
    ['en;q=0', null],
    ['*', null],
    ['fr; q = 0.6 ,pt-BR;q=0.9', 'pt-BR'],
    ['de;q=abc', null],
    ['', null],
  ])('records Accept-Language %j as the language the visitor prefers most, %j', async (header, language) => {
    expect((await facts({ 'user-agent': IPHONE, 'accept-language': header })).language).toBe(language);
    // The second visitor with the same header gets the remembered answer, no language included.
    expect((await facts({ 'user-agent': IPHONE, 'accept-language': header })).language).toBe(language);
  });
});

describe('the visitor hash', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  const request = (ip: string, ua: string) => ({ ip, headers: { 'user-agent': ua } }) as unknown as FastifyRequest;

  it('is the same for one phone all day, different the next day, and different for another phone', async () => {
    const reader = t.app.get(VisitorFactsReader);
    const morning = new Date('2026-11-22T07:00:00Z');
    const evening = new Date('2026-11-22T22:00:00Z');
    const tomorrow = new Date('2026-11-23T07:00:00Z');
    const hash = async (ip: string, at: Date, ua = IPHONE) => (await reader.read(request(ip, ua), at)).visitor;
    expect(await hash('203.0.113.7', morning)).toBe(await hash('203.0.113.7', evening));
    expect(await hash('203.0.113.7', tomorrow)).not.toBe(await hash('203.0.113.7', morning));
    expect(await hash('203.0.113.8', morning)).not.toBe(await hash('203.0.113.7', morning));
    expect(await hash('203.0.113.7', morning, 'Googlebot/2.1')).not.toBe(await hash('203.0.113.7', morning));
    expect((await reader.read(request('203.0.113.7', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), morning)).bot).toBe(true);
  });
});

describe('behind a proxy that names the visitor (TRUSTED_CLIENT_IP_HEADER)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ env: { TRUSTED_CLIENT_IP_HEADER: 'cf-connecting-ip' }, publicRateLimit: { max: 2, windowMs: 60_000 } })));
  afterAll(() => t.close());

  it('tells two phones of one model apart, though both come through the same proxy', async () => {
    const reader = t.app.get(VisitorFactsReader);
    const at = new Date('2026-11-22T07:00:00Z');
    const through = (visitor: string) => ({ ip: '10.0.0.2', headers: { 'user-agent': IPHONE, 'cf-connecting-ip': visitor } }) as unknown as FastifyRequest;
    const first = (await reader.read(through('203.0.113.7'), at)).visitor;
    expect((await reader.read(through('203.0.113.8'), at)).visitor).not.toBe(first);
    expect((await reader.read(through('203.0.113.7'), at)).visitor).toBe(first);
  });

  it('gives each visitor their own allowance of the public routes, not one for the whole proxy', async () => {
    const from = (visitor: string) => t.app.inject({ method: 'GET', url: '/api/v1/public/codes/AAAAAAAAAA', headers: { 'cf-connecting-ip': visitor } });
    const answers = [];
    for (const visitor of ['203.0.113.7', '203.0.113.7', '203.0.113.7', '203.0.113.8']) answers.push((await from(visitor)).statusCode);
    expect(answers).toEqual([404, 404, 429, 404]);
  });
});
