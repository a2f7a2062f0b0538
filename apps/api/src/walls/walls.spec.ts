import { mkdtempSync, rmSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEFAULT_NSFW_THRESHOLD, PublicWallView, WallLiveView, WallPhotoView, WallView } from '@qr/contracts';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { multipartForm, type FormPart } from '../uploads/multipart.fixture';

const WALLS = '/api/v1/walls';
const PUBLIC = '/api/v1/public/walls';
const RATE_LIMIT = { max: 60, windowMs: 60_000 };

/** An ordinary photo: sky fading into grass. The bundled model scores it about 0.09 NSFW. */
const landscape = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#6aa6e8' } })
    .composite([{ input: { create: { width: 320, height: 100, channels: 3, background: '#3c8a2e' } }, top: 140, left: 0 }])
    .jpeg()
    .toBuffer();
/** A chart of coloured bars on white, which the model scores as a drawing, NSFW about 0. */
const chart = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#fff"/>' +
        '<rect x="20" y="120" width="50" height="80" fill="#e63946"/><rect x="100" y="60" width="50" height="140" fill="#2a9d8f"/>' +
        '<rect x="180" y="20" width="50" height="180" fill="#457b9d"/></svg>',
    ),
  )
    .png()
    .toBuffer();

describe('selfie walls', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let orgId: string;
  let codeId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'walls-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir }, publicRateLimit: RATE_LIMIT });
    owner = callerOf(t.app, await signedUpToken(t.app, 'wanda@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'mallory@example.com'));
    orgId = await createOrganization(owner, 'Wall Café');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Party', type: 'url', url: 'https://example.com/' })).json().code_id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createWall = async (terms: Record<string, unknown> = {}) => {
    const res = await owner('POST', WALLS, { org_id: orgId, code_id: codeId, title: 'Summer party', ...terms });
    if (res.statusCode !== 201) throw new Error(`create wall failed: ${res.statusCode} ${res.body}`);
    return WallView.parse(res.json());
  };
  /** A visitor's post from `address`, each test its own, so the public rate limit counts them apart. */
  const post = (wallId: string, parts: FormPart[], address: string) => {
    const form = multipartForm(parts);
    return t.app.inject({
      method: 'POST',
      url: `${PUBLIC}/${wallId}/photos`,
      headers: { 'content-type': form.contentType },
      payload: form.payload,
      remoteAddress: address,
    });
  };
  const photoPart = (bytes: Buffer, filename = 'me.jpg', contentType = 'image/jpeg'): FormPart => ({ field: 'file', bytes, file: { filename, contentType } });
  const captionPart = (caption: string): FormPart => ({ field: 'caption', bytes: Buffer.from(caption) });
  const publicWall = async (wallId: string, address: string) =>
    PublicWallView.parse((await t.app.inject({ method: 'GET', url: `${PUBLIC}/${wallId}`, remoteAddress: address })).json());
  const queue = async (wallId: string, status = '') => {
    const res = await owner('GET', `${WALLS}/${wallId}/photos${status ? `?status=${status}` : ''}`);
    return (res.json().items as unknown[]).map((item) => WallPhotoView.parse(item));
  };
  const review = (wallId: string, photoId: string, decision: 'approve' | 'reject') =>
    owner('POST', `${WALLS}/${wallId}/photos/${photoId}/review`, { decision });

  it('takes a visitor’s photo through the real NSFW check into the review queue, and shows it on the wall once approved', async () => {
    const wall = await createWall({ prompt: 'Show us your team!' });
    expect(wall).toMatchObject({
      org_id: orgId,
      code_id: codeId,
      auto_approve: false,
      nsfw_threshold: DEFAULT_NSFW_THRESHOLD,
      pending: 0,
      wall_url: `/wall/${wall.wall_id}`,
    });

    const posted = await post(wall.wall_id, [photoPart(await landscape()), captionPart('  Team Blue ')], '10.1.0.1');
    expect([posted.statusCode, posted.json().status]).toEqual([201, 'pending']);
    const [pending] = await queue(wall.wall_id, 'pending');
    expect(pending).toMatchObject({ photo_id: posted.json().photo_id, caption: 'Team Blue', status: 'pending', flagged: false, width: 320, height: 240 });
    expect(pending!.nsfw.model).toBe('nsfwjs MobileNetV2');
    expect(pending!.nsfw.nsfw).toBeLessThan(DEFAULT_NSFW_THRESHOLD);
    expect((await publicWall(wall.wall_id, '10.1.0.1')).photos).toEqual([]);
    const hidden = await t.app.inject({ method: 'GET', url: `${PUBLIC}/${wall.wall_id}/photos/${pending!.photo_id}`, remoteAddress: '10.1.0.1' });
    expect([hidden.statusCode, hidden.json().code]).toEqual([404, 'wall_photo_not_found']);

    const approved = await review(wall.wall_id, pending!.photo_id, 'approve');
    expect([approved.statusCode, approved.json().status]).toEqual([200, 'approved']);
    expect((await review(wall.wall_id, pending!.photo_id, 'approve')).statusCode).toBe(200);
    const screen = await publicWall(wall.wall_id, '10.1.0.1');
    expect(screen).toMatchObject({ title: 'Summer party', prompt: 'Show us your team!', owner: { name: 'Wall Café' } });
    expect(screen.photos.map((photo) => photo.caption)).toEqual(['Team Blue']);
    const file = await t.app.inject({ method: 'GET', url: screen.photos[0]!.url, remoteAddress: '10.1.0.1' });
    expect([file.statusCode, file.headers['content-type'], file.headers['x-content-type-options']]).toEqual([200, 'image/jpeg', 'nosniff']);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    expect((await owner('GET', `${WALLS}/${wall.wall_id}`)).json()).toMatchObject({ pending: 0, approved: 1 });
  });

  it('approves at once what the check passes when the wall says so, and holds back what reaches its threshold', async () => {
    const wall = await createWall({ auto_approve: true });
    const passed = await post(wall.wall_id, [photoPart(await chart(), 'chart.png', 'image/png')], '10.2.0.1');
    expect([passed.statusCode, passed.json().status]).toEqual([201, 'approved']);
    expect((await publicWall(wall.wall_id, '10.2.0.1')).photos).toHaveLength(1);

    const strict = await createWall({ auto_approve: true, nsfw_threshold: 0.05 });
    const held = await post(strict.wall_id, [photoPart(await landscape())], '10.2.0.1');
    const [photo] = await queue(strict.wall_id);
    // The landscape's real score must reach the strict threshold for this to test anything.
    expect(photo!.nsfw.nsfw).toBeGreaterThanOrEqual(0.05);
    expect([held.json().status, photo!.flagged, photo!.status]).toEqual(['pending', true, 'pending']);
    expect((await publicWall(strict.wall_id, '10.2.0.1')).photos).toEqual([]);
  });

  it('streams the wall live: the approved photos at once, then again when one is approved or rejected', async () => {
    const wall = await createWall();
    const shown = await post(wall.wall_id, [photoPart(await chart(), 'chart.png', 'image/png')], '10.3.0.1');
    await review(wall.wall_id, shown.json().photo_id, 'approve');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const messages: WallLiveView[] = [];
    const response = await new Promise<IncomingMessage>((resolve) => get(`http://127.0.0.1:${port}${PUBLIC}/${wall.wall_id}/live`, resolve));
    let buffered = '';
    response.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const data = buffered
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffered = buffered.slice(end + 2);
        if (data) messages.push(WallLiveView.parse(JSON.parse(data.slice(6))));
      }
    });
    const shownIds = (message?: WallLiveView) => message?.photos.map((photo) => photo.photo_id);
    /** The first message showing exactly these photos, within five seconds. */
    const showing = async (...photoIds: string[]) => {
      const matches = (message: WallLiveView) => JSON.stringify(shownIds(message)) === JSON.stringify(photoIds);
      for (let waited = 0; !messages.some(matches) && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      return messages.find(matches);
    };
    try {
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(await showing(shown.json().photo_id)).toBe(messages[0]);

      const next = await post(wall.wall_id, [photoPart(await landscape())], '10.3.0.1');
      const approved = await review(wall.wall_id, next.json().photo_id, 'approve');
      const afterApproval = await showing(next.json().photo_id, shown.json().photo_id);
      expect(afterApproval?.position).toBe(approved.headers['x-position']);

      await review(wall.wall_id, shown.json().photo_id, 'reject');
      expect(await showing(next.json().photo_id)).toBeDefined();
      // Pushed a few times a second at most, whole: never a message per event.
      expect(messages.length).toBeLessThanOrEqual(5);
    } finally {
      response.destroy();
    }
  });

  it('exports the approved photos and a CSV of every photo in a zip', async () => {
    const wall = await createWall({ title: 'Export party' });
    const kept = (await post(wall.wall_id, [photoPart(await landscape()), captionPart('Kept, "quoted"')], '10.4.0.1')).json().photo_id;
    const dropped = (await post(wall.wall_id, [photoPart(await chart(), 'chart.png', 'image/png')], '10.4.0.1')).json().photo_id;
    await review(wall.wall_id, kept, 'approve');
    await review(wall.wall_id, dropped, 'reject');
    const res = await owner('GET', `${WALLS}/${wall.wall_id}/export`);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=Export-party_\d{4}-\d{2}-\d{2}\.zip; filename\*=UTF-8''Export%20party_/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([`${kept}.jpg`, 'photos.csv']);
    expect((await sharp(Buffer.from(files[`${kept}.jpg`]!)).metadata()).format).toBe('jpeg');
    const lines = strFromU8(files['photos.csv']!).trimEnd().split('\r\n');
    expect(lines[0]).toBe('photo_id,file,caption,status,nsfw,flagged,submitted_at,decided_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2))).toEqual([
      [kept, `${kept}.jpg`],
      [dropped, ''],
    ]);
    expect(lines[1]).toContain('"Kept, ""quoted"""');
  });

  it('creates an embed snippet for a site, within the limit of sites, and removes it again', async () => {
    const wall = await createWall({ title: 'Embed "me"' });
    const embed = await owner('POST', `${WALLS}/${wall.wall_id}/embeds`, { origin: 'https://www.example.com/some/page' });
    expect(embed.statusCode).toBe(201);
    expect(embed.json()).toEqual({
      origin: 'https://www.example.com',
      url: `/wall-embed/${wall.wall_id}`,
      snippet: `<iframe src="http://localhost:3000/wall-embed/${wall.wall_id}" title="Embed &#34;me&#34;" width="100%" height="600" style="border:0" allow="fullscreen"></iframe>`,
    });
    expect((await owner('GET', `${WALLS}/${wall.wall_id}`)).json().embed_origins).toEqual(['https://www.example.com']);
    for (let i = 1; i < 10; i++) expect((await owner('POST', `${WALLS}/${wall.wall_id}/embeds`, { origin: `https://site${i}.example` })).statusCode).toBe(201);
    const over = await owner('POST', `${WALLS}/${wall.wall_id}/embeds`, { origin: 'https://one-too-many.example' });
    expect([over.statusCode, over.json().code]).toEqual([409, 'wall_embed_limit']);
    expect((await owner('DELETE', `${WALLS}/${wall.wall_id}/embeds?origin=${encodeURIComponent('https://www.example.com')}`)).statusCode).toBe(204);
    expect((await owner('GET', `${WALLS}/${wall.wall_id}`)).json().embed_origins).not.toContain('https://www.example.com');
  });

  it('refuses bad photos, long captions, unknown and other organisations’ walls with a clear 4xx each, storing nothing', async () => {
    const wall = await createWall();
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
    const refusals: [string, FormPart[], number, string][] = [
      ['a text file', [photoPart(Buffer.from('just some notes\n'), 'notes.txt', 'text/plain')], 415, 'unsupported_image_type'],
      ['an SVG with a script', [photoPart(script, 'me.svg', 'image/svg+xml')], 415, 'unsupported_image_type'],
      ['the SVG declared as JPEG', [photoPart(script)], 415, 'unsupported_image_type'],
      ['a file over 5 MB', [photoPart(Buffer.concat([await landscape(), Buffer.alloc(5 * 1024 * 1024)]))], 413, 'upload_too_large'],
      ['a caption over 140 characters', [photoPart(await landscape()), captionPart('x'.repeat(141))], 400, 'validation_failed'],
      ['a caption of 5000 characters', [photoPart(await landscape()), captionPart('x'.repeat(5000))], 400, 'validation_failed'],
      ['a second caption', [photoPart(await landscape()), captionPart('One'), captionPart('Two')], 400, 'validation_failed'],
      ['no photo', [captionPart('Hello')], 400, 'validation_failed'],
    ];
    for (const [what, parts, status, code] of refusals) {
      const res = await post(wall.wall_id, parts, '10.5.0.1');
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    }
    expect(await queue(wall.wall_id)).toEqual([]);

    const unknown = await post(randomUUID(), [photoPart(await landscape())], '10.5.0.1');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'wall_not_found']);
    const unknownScreen = await t.app.inject({ method: 'GET', url: `${PUBLIC}/${randomUUID()}`, remoteAddress: '10.5.0.1' });
    expect([unknownScreen.statusCode, unknownScreen.json().code]).toEqual([404, 'wall_not_found']);
    for (const [method, path] of [
      ['GET', `${WALLS}/${wall.wall_id}`],
      ['PUT', `${WALLS}/${wall.wall_id}`],
      ['GET', `${WALLS}/${wall.wall_id}/photos`],
      ['GET', `${WALLS}/${wall.wall_id}/export`],
      ['DELETE', `${WALLS}/${wall.wall_id}`],
    ] as const) {
      const res = await stranger(method, path, method === 'PUT' ? { title: 'Mine now' } : undefined);
      expect({ method, path, status: res.statusCode, code: res.json().code }).toEqual({ method, path, status: 404, code: 'wall_not_found' });
    }
    const strangersOrg = await createOrganization(stranger, 'Elsewhere');
    const onOurCode = await stranger('POST', WALLS, { org_id: strangersOrg, code_id: codeId, title: 'Borrowed' });
    expect([onOurCode.statusCode, onOurCode.json().code]).toEqual([404, 'code_not_found']);

    expect((await owner('DELETE', `${WALLS}/${wall.wall_id}`)).statusCode).toBe(204);
    const gone = await post(wall.wall_id, [photoPart(await landscape())], '10.5.0.1');
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'wall_not_found']);
  });

  it('lets a viewer see the review queue but neither review nor change the wall', async () => {
    const wall = await createWall();
    const photoId = (await post(wall.wall_id, [photoPart(await chart(), 'chart.png', 'image/png')], '10.7.0.1')).json().photo_id;
    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'vic@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'vic@example.com'));
    expect((await viewer('GET', `${WALLS}/${wall.wall_id}/photos`)).json().total).toBe(1);
    const refused = await viewer('POST', `${WALLS}/${wall.wall_id}/photos/${photoId}/review`, { decision: 'approve' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    expect((await viewer('PUT', `${WALLS}/${wall.wall_id}`, { title: 'Mine' })).statusCode).toBe(403);
    expect((await viewer('POST', `${WALLS}/${wall.wall_id}/embeds`, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await queue(wall.wall_id))[0]?.status).toBe('pending');
  });

  it('documents the staff and visitor routes in OpenAPI, the photo form as multipart and the live wall as an event stream', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith(WALLS) || path.startsWith(PUBLIC))).toEqual([
      WALLS,
      `${WALLS}/{wall_id}`,
      `${WALLS}/{wall_id}/embeds`,
      `${WALLS}/{wall_id}/photos`,
      `${WALLS}/{wall_id}/photos/{photo_id}/review`,
      `${WALLS}/{wall_id}/export`,
      `${PUBLIC}/{wall_id}`,
      `${PUBLIC}/{wall_id}/photos`,
      `${PUBLIC}/{wall_id}/photos/{photo_id}`,
      `${PUBLIC}/{wall_id}/live`,
    ]);
    expect(Object.keys(doc.paths[`${PUBLIC}/{wall_id}/photos`].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths[`${PUBLIC}/{wall_id}/photos`].post.responses)).toEqual(expect.arrayContaining(['201', '404', '413', '415', '429']));
    expect(Object.keys(doc.paths[`${PUBLIC}/{wall_id}/live`].get.responses['200'].content)).toEqual(['text/event-stream']);
  });

  // Last: it spends an address's allowance.
  it('limits how often one address may post, with Retry-After', async () => {
    const wall = await createWall();
    const answers = new Set<number>();
    for (let i = 0; i <= RATE_LIMIT.max; i++) {
      answers.add((await t.app.inject({ method: 'GET', url: `${PUBLIC}/${wall.wall_id}`, remoteAddress: '10.6.0.1' })).statusCode);
    }
    expect([...answers]).toEqual([200, 429]);
    const limited = await post(wall.wall_id, [photoPart(await chart(), 'chart.png', 'image/png')], '10.6.0.1');
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
