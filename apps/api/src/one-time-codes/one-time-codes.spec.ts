import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { MAX_ONE_TIME_CODES, MAX_PDF_SHEET_CODES } from '@qr/contracts';
import { readQrCodes } from '@qr/qr-render';
import { callerOf, signedUpToken, ownerAndStranger } from '../identity/organization-api.fixture';
import { PHONE_USER_AGENT } from '../testing/phone-user-agent';

const ONE_TIME = '/api/v1/one-time-codes';
const PUBLIC_URL = 'http://localhost:3000';
const TARGET = 'https://example.com/prize';

describe('one-time codes', () => {
  const world = ownerAndStranger('otto@example.com', 'Prize Draw');

  const baseCode = async (body: object = { type: 'url', url: TARGET }) =>
    (await world.owner('POST', '/api/v1/codes', { org_id: world.orgId, name: 'Prize voucher', ...body })).json().code_id as string;
  const issue = async (base: string, amount: number) => {
    const res = await world.owner('POST', ONE_TIME, { base_code_id: base, amount });
    if (res.statusCode !== 201) throw new Error(`issue failed: ${res.statusCode} ${res.body}`);
    return res.json() as { batch_id: string; amount: number; used: number };
  };
  const codesOf = async (batchId: string, query = '') => (await world.owner('GET', `${ONE_TIME}/${batchId}/codes?per_page=1000${query}`)).json();
  const scan = (codeId: string) => world.t.app.inject({ method: 'GET', url: `/${codeId}`, headers: { 'user-agent': PHONE_USER_AGENT } });

  it('creates a batch from a base code, lists it and its codes, each with its own QR link, all unused', async () => {
    const base = await baseCode();
    const batch = await issue(base, 25);
    expect(batch).toMatchObject({ base_code_id: base, org_id: world.orgId, amount: 25, used: 0, batch_id: expect.any(String) });
    expect((await world.owner('GET', `${ONE_TIME}?base_code_id=${base}`)).json()).toEqual([batch]);
    const list = await codesOf(batch.batch_id);
    expect(list.total).toBe(25);
    expect(new Set(list.items.map((c: { code_id: string }) => c.code_id)).size).toBe(25);
    const [first] = list.items;
    expect(first).toEqual({
      code_id: expect.stringMatching(/^[0-9A-Za-z]{10}$/),
      public_link: `${PUBLIC_URL}/code/${first.code_id}`,
      qr_url: `${PUBLIC_URL}/${first.code_id}`,
      used: false,
      used_at: null,
    });
    expect((await world.owner('GET', `${ONE_TIME}/${batch.batch_id}/codes?page=2&per_page=10`)).json().items).toHaveLength(10);
  });

  it('opens the base code’s target on the first scan and shows “already used” on every later one', async () => {
    const base = await baseCode();
    const batch = await issue(base, 3);
    const [code] = (await codesOf(batch.batch_id)).items;
    const first = await scan(code.code_id);
    expect([first.statusCode, first.headers.location]).toEqual([302, TARGET]);
    for (const again of [await scan(code.code_id), await world.t.app.inject({ method: 'GET', url: `/code/${code.code_id}` })]) {
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('This code has already been used');
    }
    await world.t.projections.caughtUp();
    expect((await codesOf(batch.batch_id, '&used=true')).items.map((c: { code_id: string }) => c.code_id)).toEqual([code.code_id]);
    expect((await world.owner('GET', `${ONE_TIME}/${batch.batch_id}`)).json().used).toBe(1);
    // The base code itself is untouched, and its scans count the one-time code's.
    const again = await scan(base);
    expect([again.statusCode, again.headers.location]).toEqual([302, TARGET]);
    await world.t.projections.caughtUp();
    expect((await world.owner('GET', `/api/v1/codes/${base}`)).json().scan_count).toBe(2);
  });

  it('lets exactly one of 200 concurrent scans of the same code through; the others see “already used”', async () => {
    const batch = await issue(await baseCode(), 1);
    const [code] = (await codesOf(batch.batch_id)).items;
    const answers = await Promise.all(Array.from({ length: 200 }, () => scan(code.code_id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(199);
    const { rows } = await world.t.db.query(`SELECT count(*)::int AS n FROM es_events WHERE type = 'OneTimeCodeUsed' AND data->>'code_id' = $1`, [
      code.code_id,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('sends a non-URL base code’s scan to its page, keeps the use while the base is paused, and ends codes whose batch or base is deleted', async () => {
    const base = await baseCode({ type: 'note', text: 'You won a coffee' });
    const batch = await issue(base, 3);
    const [a, b, c] = (await codesOf(batch.batch_id)).items;
    expect((await scan(a.code_id)).headers.location).toBe(`/code/note/${base}`);
    await world.owner('POST', `/api/v1/codes/${base}/pause`);
    expect((await scan(b.code_id)).statusCode).toBe(503);
    await world.owner('POST', `/api/v1/codes/${base}/resume`);
    expect((await scan(b.code_id)).statusCode).toBe(302);
    expect((await world.owner('DELETE', `${ONE_TIME}/${batch.batch_id}`)).statusCode).toBe(204);
    const ended = await scan(c.code_id);
    expect([ended.statusCode, ended.body.includes('This code has ended')]).toEqual([410, true]);
    expect((await world.owner('GET', `${ONE_TIME}/${batch.batch_id}`)).statusCode).toBe(404);
    expect((await world.owner('GET', `${ONE_TIME}?base_code_id=${base}`)).json()).toEqual([]);
    expect((await world.owner('DELETE', `${ONE_TIME}/${batch.batch_id}`)).json().code).toBe('one_time_batch_not_found');
  });

  it('refuses an amount of 0, below, above the documented limit or not a whole number with a clear 400, and stores nothing', async () => {
    const base = await baseCode();
    for (const amount of [0, -5, MAX_ONE_TIME_CODES + 1, 2.5, '10']) {
      const res = await world.owner('POST', ONE_TIME, { base_code_id: base, amount });
      expect({ amount, status: res.statusCode, field: res.json().errors?.[0]?.field }).toEqual({ amount, status: 400, field: 'body.amount' });
    }
    expect((await world.owner('POST', ONE_TIME, { base_code_id: base })).json().errors[0].field).toBe('body.amount');
    const unknownBase = await world.owner('POST', ONE_TIME, { base_code_id: 'AAAAAAAAAA', amount: 5 });
    expect([unknownBase.statusCode, unknownBase.json().code]).toEqual([404, 'code_not_found']);
    expect((await world.owner('GET', `${ONE_TIME}?base_code_id=${base}`)).json()).toEqual([]);
    const { rows } = await world.t.db.query(`SELECT count(*)::int AS n FROM one_time_code_batches WHERE base_code_id IN ($1, 'AAAAAAAAAA')`, [base]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('keeps batches to their organisation: a stranger gets 404 for every id, and a viewer reads but cannot create or delete', async () => {
    const base = await baseCode();
    const batch = await issue(base, 2);
    for (const [method, url, body] of [
      ['POST', ONE_TIME, { base_code_id: base, amount: 2 }],
      ['GET', `${ONE_TIME}?base_code_id=${base}`],
      ['GET', `${ONE_TIME}/${batch.batch_id}`],
      ['GET', `${ONE_TIME}/${batch.batch_id}/codes`],
      ['GET', `${ONE_TIME}/${batch.batch_id}/download?format=zip-png`],
      ['DELETE', `${ONE_TIME}/${batch.batch_id}`],
      ['POST', '/api/v1/exports/csv', { from: 'my-codes/one-time-codes', org_id: world.orgId, code_id: base }],
    ] as const) {
      const res = await world.stranger(method, url, body);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    await world.owner('POST', `/api/v1/organizations/${world.orgId}/users`, { email: 'vic@example.com', role: 'viewer' });
    const viewer = callerOf(world.t.app, await signedUpToken(world.t.app, 'vic@example.com'));
    expect((await viewer('GET', `${ONE_TIME}/${batch.batch_id}/codes`)).statusCode).toBe(200);
    expect((await viewer('POST', ONE_TIME, { base_code_id: base, amount: 2 })).statusCode).toBe(403);
    expect((await viewer('DELETE', `${ONE_TIME}/${batch.batch_id}`)).statusCode).toBe(403);
  });

  it('exports the base code’s one-time codes as base64 CSV named name_date.csv, with their used state', async () => {
    const base = await baseCode();
    const batch = await issue(base, 30);
    const codes = (await codesOf(batch.batch_id)).items;
    await scan(codes[4].code_id);
    await world.t.projections.caughtUp();
    const res = await world.owner('POST', '/api/v1/exports/csv', { from: 'my-codes/one-time-codes', org_id: world.orgId, code_id: base });
    expect([res.statusCode, res.headers['x-row-count'], res.headers['x-file-name']]).toEqual([
      200,
      '30',
      `Prize-voucher_${new Date().toISOString().slice(0, 10)}.csv`,
    ]);
    const lines = Buffer.from(res.body, 'base64').toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('code_id,public_link,qr_url,used,used_at,batch_id');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toBe(`${codes[0].code_id},${PUBLIC_URL}/code/${codes[0].code_id},${PUBLIC_URL}/${codes[0].code_id},false,,${batch.batch_id}`);
    expect(lines[5]).toMatch(new RegExp(`^${codes[4].code_id},.*,true,\\d{4}-\\d\\d-\\d\\dT.*Z,${batch.batch_id}$`));
  });

  it('downloads a batch as a ZIP of PNGs or SVGs that scan to each code, and as a PDF sheet', async () => {
    const base = await baseCode();
    const batch = await issue(base, 21);
    const codes = (await codesOf(batch.batch_id)).items;
    const png = await world.owner('GET', `${ONE_TIME}/${batch.batch_id}/download?format=zip-png`);
    expect([png.statusCode, png.headers['content-type'], png.headers['x-item-count'], png.headers['content-disposition']]).toEqual([
      200,
      'application/zip',
      '21',
      "attachment; filename=Prize-voucher-one-time-codes.zip; filename*=UTF-8''Prize%20voucher%20one-time%20codes.zip",
    ]);
    const files = unzipSync(png.rawPayload);
    const names = Object.keys(files);
    expect(names).toHaveLength(21);
    expect(names[0]).toBe(`000001-${codes[0].code_id}.png`);
    expect(await readQrCodes(files[names[20]!]!)).toEqual([`${PUBLIC_URL}/${codes[20].code_id}`]);
    const svg = unzipSync((await world.owner('GET', `${ONE_TIME}/${batch.batch_id}/download?format=zip-svg`)).rawPayload);
    expect(Buffer.from(svg[`000002-${codes[1].code_id}.svg`]!).toString()).toMatch(/^<svg /);
    const pdf = await world.owner('GET', `${ONE_TIME}/${batch.batch_id}/download?format=pdf`);
    expect([pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual(['application/pdf', '%PDF-']);
    // 21 codes at 20 a sheet: two pages.
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(2);
    expect((await world.owner('GET', `${ONE_TIME}/${batch.batch_id}/download?format=gif`)).json().errors[0].field).toBe('query.format');
    const large = await issue(base, MAX_PDF_SHEET_CODES + 1);
    const tooLarge = await world.owner('GET', `${ONE_TIME}/${large.batch_id}/download?format=pdf`);
    expect([tooLarge.statusCode, tooLarge.json().code, tooLarge.json().detail]).toEqual([
      422,
      'download_too_large',
      expect.stringContaining('download the ZIP'),
    ]);
  });

  it('documents every one-time codes route in OpenAPI with its contract', async () => {
    const doc = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith(ONE_TIME))
        .sort(),
    ).toEqual([ONE_TIME, `${ONE_TIME}/{batch_id}`, `${ONE_TIME}/{batch_id}/codes`, `${ONE_TIME}/{batch_id}/download`]);
    expect(doc.paths[ONE_TIME].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateOneTimeCodesBody' });
  });
});
