import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { BlobLinkSigner } from '@qr/platform';
import sharp from 'sharp';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { DEFAULT_PUBLIC_RATE_LIMIT } from '../http/public-rate-limit';
import { startTestApp, type TestApp } from '../testing/test-app';
import { multipart, multipartForm, type FormPart } from './multipart.fixture';
import { UploadedImages } from './uploaded-images';

const UPLOADS = '/api/v1/uploads';
const PUBLIC_URL = 'http://localhost:3000';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

/** A PNG whose header claims far more pixels than its few bytes hold: a decompression bomb's calling card. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('uploads', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: ApiCaller;
  let ownerToken: string;
  let stranger: ApiCaller;
  let orgId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'uploads-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    ownerToken = await signedUpToken(t.app, 'ulla@example.com');
    owner = callerOf(t.app, ownerToken);
    stranger = callerOf(t.app, await signedUpToken(t.app, 'mallory@example.com'));
    orgId = await createOrganization(owner, 'Upload Bakery');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (org: string, bytes: Buffer, filename: string, contentType: string, token = ownerToken) => {
    const body = multipart(bytes, filename, contentType);
    return t.app.inject({
      method: 'POST',
      url: `${UPLOADS}?org_id=${org}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploaded = async (bytes: Buffer, filename = 'logo.png', contentType = 'image/png') => {
    const res = await upload(orgId, bytes, filename, contentType);
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json() as { blob_id: string; width: number; height: number; size: number; content_type: string; url: string; expires_at: string };
  };
  const storedFiles = (org: string) => (existsSync(join(dataDir, 'blobs', org)) ? readdirSync(join(dataDir, 'blobs', org)) : []);
  const uploadEvents = async (org: string) =>
    (
      await t.db.query<{ type: string; data: Record<string, unknown> }>('SELECT type, data FROM es_events WHERE stream_id = $1 ORDER BY stream_position', [
        `uploads-${org}`,
      ])
    ).rows;
  const follow = (url: string) => t.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });

  it('takes a PNG, stores it re-encoded under DATA_DIR/blobs, records the upload without its bytes, and links to it', async () => {
    const org = await createOrganization(owner, 'PNG Place');
    const original = await png(120, 80);
    const res = await upload(org, original, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const view = res.json();
    expect(view).toMatchObject({ width: 120, height: 80, content_type: 'image/png' });
    expect(view.url.startsWith(`${PUBLIC_URL}/api/v1/blobs/${view.blob_id}?`)).toBe(true);

    const stored = readFileSync(join(dataDir, 'blobs', org, view.blob_id));
    expect(stored.length).toBe(view.size);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });

    const events = await uploadEvents(org);
    expect(events).toEqual([
      {
        type: 'ImageUploaded',
        data: {
          blob_id: view.blob_id,
          org_id: org,
          content_type: 'image/png',
          size: view.size,
          width: 120,
          height: 80,
          original_type: 'image/png',
          original_size: original.length,
          uploaded_by: 'ulla@example.com',
        },
      },
    ]);

    const served = await follow(view.url);
    expect([served.statusCode, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('turns a phone photo (JPEG with EXIF and a hidden trailer) into a clean, upright JPEG', async () => {
    const photo = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'home-address-in-exif' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const withTrailer = Buffer.concat([photo, Buffer.from('<script>alert("hidden")</script>')]);
    const view = await uploaded(withTrailer, 'IMG_0001.jpg', 'image/jpeg');
    // Orientation 6 is a quarter turn: the stored image is upright, so 60 wide and 40 high.
    expect([view.width, view.height]).toEqual([60, 40]);
    const stored = readFileSync(join(dataDir, 'blobs', orgId, view.blob_id));
    const metadata = await sharp(stored).metadata();
    expect([metadata.format, metadata.exif, view.content_type]).toEqual(['jpeg', undefined, 'image/jpeg']);
    expect(stored.includes('home-address-in-exif')).toBe(false);
    expect(stored.includes('<script>')).toBe(false);
    expect((await uploadEvents(orgId)).at(-1)!.data).toMatchObject({ blob_id: view.blob_id, original_type: 'image/jpeg' });
  });

  it('keeps a photo a photo: light to store and to send to a visitor’s phone, served as the JPEG it is', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const view = await uploaded(photo, 'IMG_0002.jpg', 'image/jpeg');
    // As PNG this photo took about 5.7 MB: eight times the JPEG sent.
    expect([view.content_type, view.size < 2 * photo.length]).toEqual(['image/jpeg', true]);
    const served = await follow(view.url);
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.length]).toEqual([200, 'image/jpeg', view.size]);
    expect((await uploadEvents(orgId)).at(-1)!.data).toMatchObject({ content_type: 'image/jpeg', size: view.size });
  });

  it('takes WebP and GIF too', async () => {
    const base = sharp({ create: { width: 16, height: 16, channels: 4, background: '#00f8' } });
    for (const [bytes, type] of [
      [await base.clone().webp().toBuffer(), 'image/webp'],
      [await base.clone().gif().toBuffer(), 'image/gif'],
    ] as const) {
      const view = await uploaded(bytes, 'pic', 'application/octet-stream');
      expect({ type, width: view.width, content_type: view.content_type }).toEqual({ type, width: 16, content_type: 'image/png' });
    }
  });

  it('refuses scripts, non-images, oversize files and absurd dimensions with the right 4xx each, storing and recording nothing', async () => {
    const org = await createOrganization(owner, 'Refusals');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
    const oversize = Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024)]);
    const refusals: [string, Buffer, string, string, number, string][] = [
      ['an SVG with a script', svg, 'logo.svg', 'image/svg+xml', 415, 'unsupported_image_type'],
      ['the same SVG named and declared as PNG', svg, 'logo.png', 'image/png', 415, 'unsupported_image_type'],
      ['a text file renamed .png', Buffer.from('just some notes\n'), 'notes.png', 'image/png', 415, 'unsupported_image_type'],
      [
        'an HTML page declared image/png',
        Buffer.from('<!doctype html><html><body onload="alert(1)">hi</body></html>'),
        'x.png',
        'image/png',
        415,
        'unsupported_image_type',
      ],
      ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png', 415, 'unsupported_image_type'],
      ['a file over 5 MB', oversize, 'big.png', 'image/png', 413, 'upload_too_large'],
      ['a 5000 × 5000 PNG of a few kilobytes', await png(5000, 5000), 'wide.png', 'image/png', 400, 'image_dimensions_too_large'],
      ['a PNG header claiming 100000 × 100000', pngClaiming(100_000, 100_000), 'bomb.png', 'image/png', 400, 'image_dimensions_too_large'],
      ['a PNG cut short', (await png(64, 64)).subarray(0, 60), 'cut.png', 'image/png', 400, 'image_unreadable'],
    ];
    for (const [what, bytes, filename, contentType, status, code] of refusals) {
      const res = await upload(org, bytes, filename, contentType);
      expect({ what, status: res.statusCode, code: res.json().code, type: res.headers['content-type'] }).toEqual({
        what,
        status,
        code,
        type: 'application/problem+json; charset=utf-8',
      });
    }
    const noFile = await owner('POST', `${UPLOADS}?org_id=${org}`, { file: 'aGk=' });
    expect([noFile.statusCode, noFile.json().errors[0].field]).toEqual([400, 'body.file']);
    const wrongField = multipart(await png(8, 8), 'logo.png', 'image/png', 'image');
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${UPLOADS}?org_id=${org}`,
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': wrongField.contentType },
      payload: wrongField.payload,
    });
    expect([wrong.statusCode, wrong.json().errors[0].field]).toEqual([400, 'body.file']);
    const logo = { field: 'file', bytes: await png(8, 8), file: { filename: 'logo.png', contentType: 'image/png' } };
    const extras: [string, FormPart[], string][] = [
      ['a second image', [logo, { ...logo, file: { filename: 'other.png', contentType: 'image/png' } }], 'body.file'],
      ['a field beside the image', [logo, { field: 'name', bytes: Buffer.from('Logo') }], 'body.name'],
      ['a field before the image', [{ field: 'name', bytes: Buffer.from('Logo') }, logo], 'body.name'],
    ];
    for (const [what, parts, field] of extras) {
      const form = multipartForm(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: `${UPLOADS}?org_id=${org}`,
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect({ what, status: res.statusCode, errors: res.json().errors }).toEqual({
        what,
        status: 400,
        errors: [{ field, message: 'An upload takes one image, in a field named file, and nothing else.' }],
      });
    }
    const good = multipart(await png(8, 8), 'logo.png', 'image/png');
    const malformed: [string, string, Buffer][] = [
      ['no part at all', 'multipart/form-data; boundary=xx', Buffer.from('--xx\r\n\r\n')],
      ['no boundary', 'multipart/form-data', good.payload],
      ['a part cut short', good.contentType, good.payload.subarray(0, good.payload.length - 40)],
      ['a part without its headers', 'multipart/form-data; boundary=xx', Buffer.from('--xx\r\nthe image\r\n--xx--\r\n')],
    ];
    for (const [what, contentType, payload] of malformed) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${UPLOADS}?org_id=${org}`,
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': contentType },
        payload,
      });
      expect({ what, status: res.statusCode, field: res.json().errors?.[0]?.field }).toEqual({ what, status: 400, field: 'body.file' });
    }

    expect(storedFiles(org)).toEqual([]);
    expect(await uploadEvents(org)).toEqual([]);
  });

  it('lets a viewer link to files but not upload, an editor key upload to its own organisation only, and keeps every file id to its organisation', async () => {
    const view = await uploaded(await png(10, 10));
    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'vic@example.com', role: 'viewer' });
    const viewerToken = await signedUpToken(t.app, 'vic@example.com');
    const before = storedFiles(orgId).length;
    const refused = await upload(orgId, await png(10, 10), 'logo.png', 'image/png', viewerToken);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    expect(storedFiles(orgId)).toHaveLength(before);
    expect((await callerOf(t.app, viewerToken)('GET', `${UPLOADS}/${view.blob_id}/url?org_id=${orgId}`)).statusCode).toBe(200);

    const strangersOrg = await createOrganization(stranger, 'Elsewhere');
    const asOwnOrg = await stranger('GET', `${UPLOADS}/${view.blob_id}/url?org_id=${strangersOrg}`);
    expect([asOwnOrg.statusCode, asOwnOrg.json().code]).toEqual([404, 'blob_not_found']);
    const asVictim = await stranger('GET', `${UPLOADS}/${view.blob_id}/url?org_id=${orgId}`);
    expect([asVictim.statusCode, asVictim.json().code]).toEqual([404, 'organization_not_found']);
    expect((await stranger('GET', `${UPLOADS}/${randomUUID()}/url?org_id=${strangersOrg}`)).statusCode).toBe(404);

    const images = t.app.get(UploadedImages);
    expect((await images.readPng(orgId, view.blob_id)).subarray(1, 4).toString()).toBe('PNG');
    await expect(images.readPng(strangersOrg, view.blob_id)).rejects.toMatchObject({ code: 'blob_not_found' });

    const key = (await owner('POST', `/api/v1/organizations/${orgId}/api-keys`, { label: 'cms', role: 'editor' })).json().api_key;
    expect((await upload(orgId, await png(8, 8), 'k.png', 'image/png', key)).statusCode).toBe(201);
    expect((await upload(strangersOrg, await png(8, 8), 'k.png', 'image/png', key)).statusCode).toBe(404);
  });

  it('generates a time-limited link that works without sign-in, within the week a link may last', async () => {
    const view = await uploaded(await png(10, 10));
    const res = await owner('GET', `${UPLOADS}/${view.blob_id}/url?org_id=${orgId}&expires_in=120`);
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = res.json();
    expect(Math.abs(Date.parse(expires_at) - Date.now() - 120_000)).toBeLessThan(2000);
    // The store reads the clock again when it signs: the link may outlast what was promised by the second that ticked meanwhile, never fall short of it.
    expect([0, 1000]).toContain(Number(new URL(url).searchParams.get('expires')) * 1000 - Date.parse(expires_at));
    const served = await follow(url);
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, expect.stringMatching(/^private, max-age=1[12]\d$/)]);
    for (const bad of ['10', '604801', 'soon']) {
      const refused = await owner('GET', `${UPLOADS}/${view.blob_id}/url?org_id=${orgId}&expires_in=${bad}`);
      expect([bad, refused.statusCode, refused.json().errors[0].field]).toEqual([bad, 400, 'query.expires_in']);
    }
  });

  it('answers 403 to an expired or altered link', async () => {
    const view = await uploaded(await png(10, 10));
    const other = await uploaded(await png(12, 12));
    const signer = t.app.get(BlobLinkSigner);
    const expired = signer.link({ orgId, blobId: view.blob_id }, 60, new Date(Date.now() - 120_000));
    const res = await follow(expired);
    expect([res.statusCode, res.json().code]).toEqual([403, 'signed_url_expired']);

    const link = new URL(view.url);
    const altered = (change: (params: URLSearchParams) => void, path = link.pathname) => {
      const params = new URLSearchParams(link.searchParams);
      change(params);
      return `${PUBLIC_URL}${path}?${params}`;
    };
    const sig = link.searchParams.get('sig')!;
    const forgeries = {
      'a later expiry': altered((p) => p.set('expires', String(Number(p.get('expires')) + 86_400))),
      'another file': altered(() => undefined, link.pathname.replace(view.blob_id, other.blob_id)),
      'another organisation': altered((p) => p.set('org_id', randomUUID())),
      'a changed signature': altered((p) => p.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)),
      'a short signature': altered((p) => p.set('sig', sig.slice(0, 10))),
    };
    for (const [what, url] of Object.entries(forgeries)) {
      const forged = await follow(url);
      expect({ what, status: forged.statusCode, code: forged.json().code }).toEqual({ what, status: 403, code: 'signed_url_invalid' });
    }
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/v1/blobs/${view.blob_id}` });
    expect(unsigned.statusCode).toBe(400);
  });

  it('never lists the store or serves a path outside it, even under a valid signature', async () => {
    const view = await uploaded(await png(10, 10));
    const signer = t.app.get(BlobLinkSigner);
    const signedFor = (blobId: string, org = orgId) => new URL(signer.link({ orgId: org, blobId }, 60)).search;
    const attempts = [
      `/api/v1/blobs/..%2F..%2Fpackage.json${signedFor('../../package.json')}`,
      `/api/v1/blobs/..${signedFor('..')}`,
      `/api/v1/blobs/../../package.json${signedFor('..')}`,
      `/api/v1/blobs/${view.blob_id}%2F..%2F..${signedFor(`${view.blob_id}/../..`)}`,
      `/api/v1/blobs/${view.blob_id}?org_id=..%2F..&expires=9999999999&sig=x`,
      `/api/v1/blobs/${view.blob_id}${signedFor(view.blob_id, '../../etc')}`,
      '/api/v1/blobs/',
      '/api/v1/blobs',
      `/api/v1/blobs/${orgId}`,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, refused: [400, 403, 404].includes(res.statusCode), problem: res.headers['content-type'] }).toEqual({
        url,
        refused: true,
        problem: 'application/problem+json; charset=utf-8',
      });
      expect(res.body).not.toContain('devDependencies');
    }
  });

  it('leaves JSON routes as they were: JSON is parsed, and multipart sent to them is refused as bad input', async () => {
    const created = await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Still JSON', type: 'text', text: 'hi' });
    expect(created.statusCode).toBe(201);
    const body = multipart(Buffer.from('{"name":"x"}'), 'x.json', 'application/json');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/codes',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/codes',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect([malformed.statusCode, malformed.headers['content-type'], malformed.json().code]).toEqual([
      400,
      'application/problem+json; charset=utf-8',
      'malformed_request',
    ]);
  });

  it('documents the upload, link and signed-file routes in OpenAPI, the upload as multipart', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith(UPLOADS) || path.startsWith('/api/v1/blobs'))).toEqual([
      UPLOADS,
      `${UPLOADS}/nsfw-check`,
      `${UPLOADS}/{blob_id}/url`,
      '/api/v1/blobs/{blob_id}',
    ]);
    expect(Object.keys(doc.paths[UPLOADS].post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths[UPLOADS].post.responses)).toEqual(expect.arrayContaining(['201', '403', '413', '415']));
  });

  // Last: it spends this address's public allowance.
  it('limits how often one address may fetch file links, as every public route', async () => {
    const view = await uploaded(await png(10, 10));
    const answers = new Set<number>();
    for (let i = 0; i <= DEFAULT_PUBLIC_RATE_LIMIT.max; i++) answers.add((await follow(view.url)).statusCode);
    expect([...answers]).toEqual([200, 429]);
    const limited = await follow(view.url);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
    expect((await owner('GET', `${UPLOADS}/${view.blob_id}/url?org_id=${orgId}`)).statusCode).toBe(200);
  });
});
