import sharp from 'sharp';
import { pixelsOf, readQrCodes, readQrWith } from '@qr/qr-render';
import { transmissionOf, utf8EciTransmission } from '@qr/qr-render/testing';
import { startTestApp, type TestApp } from '../testing/test-app';
import { multipart } from '../uploads/multipart.fixture';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';

const CODES = '/api/v1/codes';
const PUBLIC_URL = 'http://localhost:3000';

describe('codes', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let orgId: string;
  let ownerAuthorization: string;
  beforeAll(async () => {
    t = await startTestApp();
    const token = await signedUpToken(t.app, 'cody@example.com');
    ownerAuthorization = `Bearer ${token}`;
    owner = callerOf(t.app, token);
    stranger = callerOf(t.app, await signedUpToken(t.app, 'mallory@example.com'));
    orgId = await createOrganization(owner, 'Code Café');
  });
  afterAll(() => t.close());

  const create = async (body: object, caller = owner) => {
    const res = await caller('POST', CODES, { org_id: orgId, ...body });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json().code_id as string;
  };

  it('creates a URL code whose QR encodes {PUBLIC_URL}/{code_id}, and reads it back', async () => {
    const res = await owner('POST', CODES, { org_id: orgId, name: 'Menu', type: 'url', url: 'https://example.com/menu' });
    expect(res.statusCode).toBe(201);
    const { code_id, public_link, qr_url } = res.json();
    expect(code_id).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(public_link).toBe(`${PUBLIC_URL}/code/${code_id}`);
    expect(qr_url).toBe(`${PUBLIC_URL}/${code_id}`);

    const code = (await owner('GET', `${CODES}/${code_id}`)).json();
    expect(code).toMatchObject({
      code_id,
      id: code_id,
      org_id: orgId,
      name: 'Menu',
      type: 'url',
      url: 'https://example.com/menu',
      status: 'active',
      base_code_id: null,
    });
    expect(code.design).toMatchObject({ foreground: '#000000', background: '#ffffff', module_shape: 'square' });
    expect([code.width, code.height]).toEqual([512, 512]);
  });

  it('takes the width and height spec §3 names on the code as its design’s size, on create and update', async () => {
    const id = await create({ name: 'Sticker', type: 'url', url: 'https://example.com', width: 300, height: 360, design: { width: 1000 } });
    const created = (await owner('GET', `${CODES}/${id}`)).json();
    expect([created.width, created.height, created.design.width, created.design.height]).toEqual([300, 360, 300, 360]);
    const png = await owner('GET', `${CODES}/${id}/qr?format=png`);
    expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([300, 360]);

    const updated = await owner('PUT', `${CODES}/${id}`, { name: 'Sticker', type: 'url', url: 'https://example.com', width: 800 });
    expect([updated.json().width, updated.json().height]).toEqual([800, 512]);
    const tooLarge = await owner('PUT', `${CODES}/${id}`, { name: 'Sticker', type: 'url', url: 'https://example.com', width: 100_000 });
    expect([tooLarge.statusCode, tooLarge.json().errors[0].field]).toEqual([400, 'body.width']);
  });

  it('creates every type with its content', async () => {
    const bodies = [
      { type: 'vcard', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
      { type: 'note', title: 'Closed', text: 'Back at 3 pm' },
      { type: 'text', text: 'Hello' },
      { type: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA' },
      { type: 'email', to: 'hello@example.com', subject: 'Hi' },
      { type: 'sms', phone: '+15550101234', message: 'JOIN' },
      { type: 'phone', phone: '+15550101234' },
      { type: 'page' },
    ];
    for (const body of bodies) {
      const id = await create({ name: `A ${body.type}`, ...body });
      expect((await owner('GET', `${CODES}/${id}`)).json()).toMatchObject(body);
    }
  });

  it('changes the target, even the type, without a new code; pauses, resumes and deletes', async () => {
    const id = await create({ name: 'Flyer', type: 'url', url: 'https://example.com/a' });
    const updated = await owner('PUT', `${CODES}/${id}`, { name: 'Flyer', type: 'note', text: 'Sold out' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ code_id: id, type: 'note', text: 'Sold out' });
    expect(updated.json().url).toBeUndefined();

    expect((await owner('POST', `${CODES}/${id}/pause`)).json().status).toBe('paused');
    expect((await owner('POST', `${CODES}/${id}/pause`)).json().status).toBe('paused');
    expect((await owner('POST', `${CODES}/${id}/resume`)).json().status).toBe('active');
    expect((await owner('DELETE', `${CODES}/${id}`)).statusCode).toBe(204);
    const gone = await owner('GET', `${CODES}/${id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'code_not_found']);
    expect((await owner('POST', `${CODES}/${id}/resume`)).statusCode).toBe(404);
  });

  it('lists newest first with page and per_page (or pageSize), filters by name, type and status, and names the codes', async () => {
    const org = await createOrganization(owner, 'Lister');
    for (const n of [1, 2, 3]) await owner('POST', CODES, { org_id: org, name: `Poster ${n}`, type: 'url', url: `https://example.com/${n}` });
    await owner('POST', CODES, { org_id: org, name: 'Wifi sign', type: 'wifi', ssid: 'Guest' });

    const first = (await owner('GET', `${CODES}?org_id=${org}&per_page=2`)).json();
    expect([first.page, first.per_page, first.total, first.items.map((c: { name: string }) => c.name)]).toEqual([1, 2, 4, ['Wifi sign', 'Poster 3']]);
    const second = (await owner('GET', `${CODES}?org_id=${org}&page=2&pageSize=2`)).json();
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(['Poster 2', 'Poster 1']);
    expect((await owner('GET', `${CODES}?org_id=${org}`)).json().per_page).toBe(10);

    expect((await owner('GET', `${CODES}?org_id=${org}&filter=poster%202`)).json().items.map((c: { name: string }) => c.name)).toEqual(['Poster 2']);
    // The type and status are found as stored and as the screens show them: what the row says is what finds it.
    const filtered = async (filter: string) => (await owner('GET', `${CODES}?org_id=${org}&filter=${encodeURIComponent(filter)}`)).json().total;
    expect(await Promise.all(['wifi', 'Wi-Fi', 'website', 'URL', 'ACTIVE', 'act', 'paused', 'vcard'].map(filtered))).toEqual([1, 1, 3, 3, 4, 4, 0, 0]);
    expect((await owner('GET', `${CODES}?org_id=${org}&type=url`)).json().total).toBe(3);
    expect((await owner('GET', `${CODES}?org_id=${org}&filter=100%25`)).json().total).toBe(0);

    const names = (await owner('GET', `${CODES}/names?org_id=${org}`)).json();
    expect(names.map((n: { name: string }) => n.name)).toEqual(['Poster 1', 'Poster 2', 'Poster 3', 'Wifi sign']);
    // Spec §7 "get name-and-id", and §3's code carries both `code_id` and `id`.
    expect(names.every((n: { code_id: string; id: string }) => n.id === n.code_id)).toBe(true);
  });

  it('refuses what it cannot store safely, naming the field, and stores nothing', async () => {
    const bad: [object, string][] = [
      [{ name: 'x', type: 'hologram' }, 'body.type'],
      [{ name: 'x', type: 'url' }, 'body.url'],
      [{ name: 'x', type: 'url', url: 'javascript:alert(1)' }, 'body.url'],
      [{ name: 'x', type: 'url', url: 'data:text/html,<script>alert(1)</script>' }, 'body.url'],
      [{ name: 'x', type: 'url', url: 'not a url' }, 'body.url'],
      [{ name: 'x', type: 'url', url: 'https://example.com', ssid: 'extra' }, 'body.ssid'],
      [{ name: '', type: 'text', text: 'hi' }, 'body.name'],
      [{ name: 'x', type: 'text', text: 'hi', design: { width: 100000 } }, 'body.design.width'],
      [{ name: 'x', type: 'text', text: 'hi', design: { foreground: 'red' } }, 'body.design.foreground'],
      // Drawn into the SVG, where XML cannot hold them.
      [{ name: 'x', type: 'text', text: 'hi', design: { frame: { style: 'box', text: 'a\u0001b' } } }, 'body.design.frame.text'],
      [{ name: 'x', type: 'text', text: 'hi', design: { frame: { style: 'box', text: 'a\ufffeb' } } }, 'body.design.frame.text'],
    ];
    const before = (await owner('GET', `${CODES}?org_id=${orgId}`)).json().total;
    for (const [body, field] of bad) {
      const res = await owner('POST', CODES, { org_id: orgId, ...body });
      expect({ body, status: res.statusCode, fields: res.json().errors?.map((e: { field: string }) => e.field) }).toEqual({
        body,
        status: 400,
        fields: expect.arrayContaining([field]),
      });
    }
    expect((await owner('GET', `${CODES}?org_id=${orgId}`)).json().total).toBe(before);
    const missing = await owner('POST', CODES, { org_id: orgId, name: 'x', type: 'wifi' });
    expect(missing.json().errors).toEqual([{ field: 'body.ssid', message: 'This field is required.' }]);
    const badQuery = await owner('GET', `${CODES}?org_id=${orgId}&per_page=1000&page=0`);
    expect(
      badQuery
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['query.page', 'query.per_page']);
    // Empty values, as a form leaves its unset fields, are the defaults.
    const emptyQuery = await owner('GET', `${CODES}?org_id=${orgId}&page=&per_page=`);
    expect(emptyQuery.statusCode).toBe(200);
    expect(emptyQuery.json()).toMatchObject({ page: 1, per_page: 10 });
  });

  it('keeps codes to their organisation: another tenant gets 404 for every code id, and a viewer reads but cannot change', async () => {
    const id = await create({ name: 'Private', type: 'text', text: 'secret' });
    for (const [method, url, body] of [
      ['GET', `${CODES}/${id}`],
      ['GET', `${CODES}/${id}/children`],
      ['PUT', `${CODES}/${id}`, { name: 'Hijack', type: 'text', text: 'x' }],
      ['POST', `${CODES}/${id}/pause`],
      ['POST', `${CODES}/${id}/resume`],
      ['GET', `${CODES}/${id}/qr`],
      ['DELETE', `${CODES}/${id}`],
    ] as const) {
      const res = await stranger(method, url, body);
      expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({ method, url, status: 404, code: 'code_not_found' });
    }
    const strangerList = await stranger('GET', `${CODES}?org_id=${orgId}`);
    expect([strangerList.statusCode, strangerList.json().code]).toEqual([404, 'organization_not_found']);
    expect((await stranger('POST', CODES, { org_id: orgId, name: 'x', type: 'text', text: 'x' })).statusCode).toBe(404);

    await owner('POST', `/api/v1/organizations/${orgId}/users`, { email: 'vera@example.com', role: 'viewer' });
    const viewer = callerOf(t.app, await signedUpToken(t.app, 'vera@example.com'));
    expect((await viewer('GET', `${CODES}/${id}`)).statusCode).toBe(200);
    const refused = await viewer('POST', `${CODES}/${id}/pause`);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    expect((await viewer('POST', CODES, { org_id: orgId, name: 'x', type: 'text', text: 'x' })).statusCode).toBe(403);
    // Told they may not, before anything about a design they may not save anyway.
    const unscannable = { foreground: '#ffffff', background: '#ffffff' };
    const code = { name: 'x', type: 'text', text: 'x', design: unscannable };
    for (const [method, url, body] of [
      ['POST', CODES, { org_id: orgId, ...code }],
      ['PUT', `${CODES}/${id}`, code],
    ] as const) {
      const res = await viewer(method, url, body);
      expect([method, res.statusCode, res.json().code]).toEqual([method, 403, 'forbidden']);
    }
  });

  it('answers 404 to a names or child query naming another organisation, as to its code ids, rather than a list', async () => {
    const id = await create({ name: 'Base', type: 'text', text: 'hi' });
    const theirOrg = await createOrganization(stranger, 'Their Café');
    for (const [url, code] of [
      [`${CODES}/names?org_id=${theirOrg}`, 'organization_not_found'],
      // Spec §7 "get-child (org_id, id)": the code must be in the organisation named.
      [`${CODES}/${id}/children?org_id=${theirOrg}`, 'code_not_found'],
    ] as const) {
      const res = await owner('GET', url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, code]);
    }
    expect((await owner('GET', `${CODES}/${id}/children?org_id=${orgId}`)).json()).toEqual([]);
    expect((await owner('GET', `${CODES}/${id}/children?org_id=nope`)).json().errors[0].field).toBe('query.org_id');
  });

  it('lets an editor API key create codes for its own organisation only', async () => {
    const key = (await owner('POST', `/api/v1/organizations/${orgId}/api-keys`, { label: 'printer', role: 'editor' })).json().api_key;
    const script = callerOf(t.app, key);
    expect((await script('POST', CODES, { org_id: orgId, name: 'From a script', type: 'text', text: 'hi' })).statusCode).toBe(201);
    const otherOrg = await createOrganization(owner, 'Elsewhere');
    expect((await script('POST', CODES, { org_id: otherOrg, name: 'x', type: 'text', text: 'hi' })).statusCode).toBe(404);
  });

  it('serves the QR image in the code’s design as SVG, PNG or PDF, encoding {PUBLIC_URL}/{code_id}', async () => {
    const id = await create({ name: 'Poster: spring!', type: 'url', url: 'https://example.com', design: { foreground: '#1b2a4a', width: 400, height: 400 } });
    const svg = await owner('GET', `${CODES}/${id}/qr`);
    expect([svg.statusCode, svg.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(svg.body).toContain('fill="#1b2a4a"');
    const png = await owner('GET', `${CODES}/${id}/qr?format=png&size=256&download=true`);
    expect([png.statusCode, png.headers['content-type'], png.headers['content-disposition']]).toEqual([
      200,
      'image/png',
      "attachment; filename=Poster-spring.png; filename*=UTF-8''Poster-%20spring!.png",
    ]);
    expect(png.rawPayload.readUInt32BE(16)).toBe(256);
    const pdf = await owner('GET', `${CODES}/${id}/qr?format=pdf`);
    expect([pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual(['application/pdf', '%PDF-']);
    expect((await owner('GET', `${CODES}/${id}/qr?format=gif`)).json().errors[0].field).toBe('query.format');
    expect((await stranger('GET', `${CODES}/${id}/qr`)).statusCode).toBe(404);

    // Read at its saved size, a tall, narrow design drawn 128 px high would be a code 38 px wide.
    const narrow = await create({ name: 'Narrow', type: 'url', url: 'https://example.com', design: { width: 300, height: 1024 } });
    const tiny = await owner('GET', `${CODES}/${narrow}/qr?format=png&size=128`);
    expect([tiny.statusCode, tiny.json().code]).toEqual([422, 'design_unscannable']);
    expect((await owner('GET', `${CODES}/${narrow}/qr?format=png&size=2048`)).statusCode).toBe(200);
  });

  it('prints a code holding its content itself on request, e.g. a Wi-Fi network a camera offers to join; a landing page only its link', async () => {
    const id = await create({ name: 'Terrace Wi-Fi', type: 'wifi', ssid: 'Terrace; east', password: 'espresso42', encryption: 'WPA' });
    const png = await owner('GET', `${CODES}/${id}/qr?format=png&holds=content`);
    expect(png.statusCode).toBe(200);
    expect(await readQrCodes(png.rawPayload)).toEqual(['WIFI:T:WPA;S:Terrace\\; east;P:espresso42;;']);
    expect(await readQrCodes((await owner('GET', `${CODES}/${id}/qr?format=png`)).rawPayload)).toEqual([`${PUBLIC_URL}/${id}`]);
    const card = await create({ name: 'Card', type: 'vcard', first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0000' });
    const [vcf] = await readQrCodes((await owner('GET', `${CODES}/${card}/qr?format=png&holds=content`)).rawPayload);
    expect(vcf!.split('\r\n')).toEqual(expect.arrayContaining(['BEGIN:VCARD', 'FN:Ada Lovelace', 'TEL;TYPE=WORK,VOICE:+44 20 7946 0000']));

    const page = await create({ name: 'Page', type: 'page' });
    const refused = await owner('GET', `${CODES}/${page}/qr?holds=content`);
    expect([refused.statusCode, refused.json().errors]).toEqual([
      400,
      [{ field: 'query.holds', message: 'A landing page code can only hold its link: the page lives on this platform.' }],
    ]);

    // A note may be longer than any QR code holds; its link always fits.
    const note = await create({ name: 'Long note', type: 'note', text: 'x'.repeat(3000) });
    for (const format of ['svg', 'png', 'pdf']) {
      const tooLong = await owner('GET', `${CODES}/${note}/qr?format=${format}&holds=content`);
      expect([tooLong.statusCode, tooLong.json().code, tooLong.json().detail]).toEqual([
        422,
        'design_unscannable',
        expect.stringMatching(/^The content is too long/),
      ]);
    }
    expect((await owner('GET', `${CODES}/${note}/qr?format=pdf`)).statusCode).toBe(200);
  });

  it('prints a Wi-Fi network named with an accent so that zbar, too, reads the name a phone must join', async () => {
    const id = await create({ name: 'Terrace Wi-Fi', type: 'wifi', ssid: 'Café Terrasse', password: 'crème brûlée', encryption: 'WPA' });
    const png = await owner('GET', `${CODES}/${id}/qr?format=png&holds=content`);
    const text = 'WIFI:T:WPA;S:Café Terrasse;P:crème brûlée;;';
    expect([png.statusCode, await readQrWith('zbar', await pixelsOf(png.rawPayload))]).toEqual([200, [text]]);
    // zbar built natively reads UTF-8 without the designator as Shift JIS ("Caf矇"): the designator is what it needs.
    expect(await transmissionOf(png.rawPayload)).toBe(utf8EciTransmission(text));
  });

  it('refuses to save a design that would not scan, saying why, and stores nothing', async () => {
    const before = (await owner('GET', `${CODES}?org_id=${orgId}`)).json().total;
    const faint = await owner('POST', CODES, { org_id: orgId, name: 'Faint', type: 'text', text: 'hi', design: { foreground: '#cccccc' } });
    expect([faint.statusCode, faint.json().code]).toEqual([422, 'design_unscannable']);
    expect(faint.json().detail).toContain('contrast');
    const missingLogo = await owner('POST', CODES, { org_id: orgId, name: 'Logo', type: 'text', text: 'hi', design: { logo: { blob_id: 'x' } } });
    expect(missingLogo.statusCode).toBeGreaterThanOrEqual(400);
    expect(missingLogo.statusCode).toBeLessThan(500);
    expect((await owner('GET', `${CODES}?org_id=${orgId}`)).json().total).toBe(before);

    const id = await create({ name: 'Fine', type: 'text', text: 'hi' });
    const inverted = await owner('PUT', `${CODES}/${id}`, { name: 'Fine', type: 'text', text: 'hi', design: { foreground: '#ffffff', background: '#000000' } });
    expect([inverted.statusCode, inverted.json().code]).toEqual([422, 'design_unscannable']);
    expect((await owner('GET', `${CODES}/${id}`)).json().design.foreground).toBe('#000000');
  });

  /** The blob id of an image the owner uploads to the organisation. */
  const uploaded = async (bytes: Buffer, name: string, type: string): Promise<string> => {
    const upload = multipart(bytes, name, type);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/uploads?org_id=${orgId}`,
      headers: { authorization: ownerAuthorization, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().blob_id;
  };

  it('puts an uploaded logo in the middle of the code, in every format, and still checks it scans', async () => {
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#d02040' } })
      .png()
      .toBuffer();
    const design = { logo: { blob_id: await uploaded(image, 'logo.png', 'image/png'), size: 0.2 } };
    const id = await create({ name: 'With logo', type: 'url', url: 'https://example.com', design });
    expect((await owner('GET', `${CODES}/${id}/qr`)).body).toContain('href="data:image/png;base64,');
    expect((await owner('GET', `${CODES}/${id}/qr?format=png`)).statusCode).toBe(200);
    expect((await owner('GET', `${CODES}/${id}/qr?format=pdf`)).statusCode).toBe(200);
    expect((await owner('POST', `${CODES}/qr-preview`, { org_id: orgId, design })).json().check).toEqual({ ok: true });
    // Another organisation's member cannot use this organisation's logo.
    expect((await stranger('POST', `${CODES}/qr-preview`, { org_id: orgId, design })).statusCode).toBe(404);
  });

  it('draws a photo used as a logo no larger than the design shows it, so the share image stays light', async () => {
    // A noisy photo compresses badly: stored as PNG it is about 12 MB.
    const photo = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 40 })
      .toBuffer();
    const logo = { blob_id: await uploaded(photo, 'photo.jpg', 'image/jpeg'), size: 0.3 };
    const id = await create({ name: 'Photo logo', type: 'url', url: 'https://example.com', design: { width: 512, height: 512, logo } });
    const shared = await callerOf(t.app)('GET', `/api/v1/public/codes/${id}/qr`);
    expect(shared.statusCode).toBe(200);
    // 0.3 of 512 px, twice over: a 308 px square of noise, about 400 kB as PNG and base64.
    expect(shared.body.length).toBeLessThan(600_000);
    const png = await owner('GET', `${CODES}/${id}/qr?format=png&size=2048`);
    expect([png.statusCode, png.rawPayload.length < 4_000_000]).toEqual([200, true]);
  });

  it('previews a design before the code exists, with the same check the save makes', async () => {
    const good = await owner('POST', `${CODES}/qr-preview`, { design: { module_shape: 'dots', eye_style: 'rounded' } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ svg: expect.stringMatching(/^<svg /), check: { ok: true }, frame_text_not_printed: [] });
    const bad = (await owner('POST', `${CODES}/qr-preview`, { design: { foreground: '#eeeeee' } })).json();
    expect(bad.check).toEqual({ ok: false, reason: expect.stringContaining('contrast') });
    const circles = (await owner('POST', `${CODES}/qr-preview`, { design: { eye_style: 'circle' } })).json();
    expect(circles.check).toEqual({ ok: false, reason: 'Circle eyes are not read by every phone camera: use square or rounded eyes.' });
  });

  it('names the frame text’s characters that PNG and PDF files cannot draw, each once', async () => {
    const frame = { style: 'banner', text: 'Café Ωμέγα 東京 東', colour: '#000000', text_colour: '#ffffff' };
    const preview = (await owner('POST', `${CODES}/qr-preview`, { design: { frame, height: 640 } })).json();
    expect(preview.frame_text_not_printed).toEqual(['東', '京']);
  });

  it('documents every codes route in OpenAPI with its contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith(CODES))
        .sort(),
    ).toEqual([
      CODES,
      `${CODES}/clone-multiple`,
      `${CODES}/names`,
      `${CODES}/qr-preview`,
      `${CODES}/{code_id}`,
      `${CODES}/{code_id}/children`,
      `${CODES}/{code_id}/clone`,
      `${CODES}/{code_id}/duplicate`,
      `${CODES}/{code_id}/pause`,
      `${CODES}/{code_id}/qr`,
      `${CODES}/{code_id}/resume`,
    ]);
    expect(doc.paths[CODES].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateCodeBody' });
  });
});
