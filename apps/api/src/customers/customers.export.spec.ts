import type { Readable } from 'node:stream';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { Base64Encoder, csvLine, EXPORT_PAGE_SIZE } from './customers.export';

const EXPORT = '/api/v1/exports/csv';
const ROWS = 100_000;
const HEADER = 'id,email,phone,name,basedOn,code_id,page_id,first_seen,last_seen,interactions\r\n';

/** Decodes a base64 body as it arrives, counting lines, without keeping it. */
async function readCsv(body: Readable, onChunk: (bytes: number) => void): Promise<{ lines: number; first: string; last: string }> {
  let carry = '';
  let text = '';
  let lines = 0;
  let first = '';
  let last = '';
  for await (const chunk of body) {
    const b64 = carry + String(chunk);
    const whole = b64.length - (b64.length % 4);
    carry = b64.slice(whole);
    text += Buffer.from(b64.slice(0, whole), 'base64').toString('utf8');
    const parts = text.split('\r\n');
    text = parts.pop()!;
    if (!first) first = parts[0] ?? '';
    if (parts.length > 0) last = parts.at(-1)!;
    lines += parts.length;
    onChunk(String(chunk).length);
  }
  expect([carry, text]).toEqual(['', '']);
  return { lines, first, last };
}

describe('CSV export of a code’s customers', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let ownerToken: string;
  let orgId: string;
  let codeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ownerToken = await signedUpToken(t.app, 'export-owner@example.com');
    owner = callerOf(t.app, ownerToken);
    orgId = await createOrganization(owner, 'Export Co');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Stand', type: 'page' })).json().code_id;
  });
  afterAll(() => t.close());

  it('encodes base64 in whole 3-byte groups across chunk borders, and keeps formulas out of spreadsheets', async () => {
    const encoder = new Base64Encoder();
    const out: string[] = [];
    encoder.on('data', (chunk: Buffer) => out.push(String(chunk)));
    for (const piece of ['a', 'bc', 'déf', 'ghij', '']) encoder.write(piece);
    encoder.end();
    await new Promise((resolve) => encoder.on('end', resolve));
    expect(out.join('')).toBe(Buffer.from('abcdéfghij').toString('base64'));
    expect(csvLine(['=SUM(A1)', '+44 1', '+441', 'a,"b"', null, 3])).toBe(`'=SUM(A1),'+44 1,+441,"a,""b""",,3\r\n`);
  });

  it('says another organisation’s code is not found', async () => {
    const other = await owner('POST', EXPORT, { from: 'my-codes/customer', org_id: orgId, code_id: 'AAAAAAAAAA' });
    expect([other.statusCode, other.json().code]).toEqual([404, 'code_not_found']);
  });

  it(`streams ${ROWS.toLocaleString('en')} customers as base64 CSV in pages, with the row count up front and memory bounded`, async () => {
    // The read model filled directly: 100,000 submissions through the API would test the submit path, not the export.
    await t.db.query(
      `INSERT INTO customers (org_id, customer_id, email, phone, name, based_on, code_id, page_id, first_seen, last_seen, interactions)
         SELECT $1, lpad(g::text, 32, '0'), 'person' || g || '@example.com', '+1555' || g, 'Name ' || g || repeat('x', 200), 'form', $2, NULL,
                timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01' + g * interval '1 second', 1
           FROM generate_series(1, $3::int) g`,
      [orgId, codeId, ROWS],
    );
    await t.db.query(
      `INSERT INTO customer_interactions (org_id, interaction_id, customer_id, kind, code_id, page_id, at)
         SELECT $1, 'i' || g, lpad(g::text, 32, '0'), 'form', $2, NULL, timestamptz '2026-01-01' FROM generate_series(1, $3::int) g`,
      [orgId, codeId, ROWS],
    );
    // Every read of the export goes through the client: none may return more than a page, and
    // pages are read only as fast as the client takes the body (backpressure), so what the server
    // holds is a few pages, whatever the export's size.
    let largestRead = 0;
    let pagesRead = 0;
    const original = t.db.query.bind(t.db);
    const spy = jest.spyOn(t.db, 'query').mockImplementation(async (...args: Parameters<typeof original>) => {
      const result = await original(...args);
      largestRead = Math.max(largestRead, result.rows.length);
      if (String(args[0]).includes('customer_id >')) pagesRead += 1;
      return result;
    });
    const res = await t.app.inject({
      method: 'POST',
      url: EXPORT,
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: { from: 'my-codes/customer', org_id: orgId, code_id: codeId },
      payloadAsStream: true,
    });
    expect([res.statusCode, res.headers['x-row-count'], res.headers['x-file-name']]).toEqual([200, String(ROWS), 'interaction_data.csv']);
    let received = 0;
    const progress: { pagesRead: number; received: number }[] = [];
    const csv = await readCsv(res.stream(), (bytes) => {
      received += bytes;
      progress.push({ pagesRead, received });
    });
    spy.mockRestore();

    expect(csv.lines).toBe(ROWS + 1);
    expect(`${csv.first}\r\n`).toBe(HEADER);
    expect(csv.last).toBe(
      `${String(ROWS).padStart(32, '0')},person${ROWS}@example.com,+1555${ROWS},Name ${ROWS}${'x'.repeat(200)},form,${codeId},,2026-01-02T03:46:40.000Z,2026-01-02T03:46:40.000Z,1`,
    );
    expect(largestRead).toBeLessThanOrEqual(EXPORT_PAGE_SIZE);
    // The base64 body is about 44 MB; at no point had the server read more than 3 pages beyond what the client received.
    const bytesPerPage = received / (ROWS / EXPORT_PAGE_SIZE);
    const readAhead = Math.max(...progress.map((p) => p.pagesRead - p.received / bytesPerPage));
    expect(readAhead).toBeLessThan(3);
  }, 120_000);
});
