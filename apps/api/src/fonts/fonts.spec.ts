import { readFileSync } from 'node:fs';
import { BRAND_FONTS, FONT_WEIGHTS } from '@qr/contracts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { FONT_FILES } from './shipped-fonts';

/** Every WOFF2 file starts with this signature. */
const WOFF2 = Buffer.from('wOF2');

describe('the shipped brand fonts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('ships both weights of every family a brand kit may name, as the Latin subset of its package', () => {
    expect([...FONT_FILES.keys()]).toEqual(BRAND_FONTS.flatMap(({ id }) => FONT_WEIGHTS.map((weight) => `${id}/${weight}`)));
    for (const [key, file] of FONT_FILES) {
      expect({ key, file: file.replace(/^.*node_modules\//, '') }).toEqual({
        key,
        file: expect.stringMatching(/^@fontsource\/[a-z0-9-]+\/files\/[a-z0-9-]+-latin-(400|700)-normal\.woff2$/),
      });
      expect(readFileSync(file).subarray(0, 4)).toEqual(WOFF2);
    }
  });

  it('serves a font file as WOFF2 that browsers keep for a year, however often a page asks (no rate limit)', async () => {
    for (let request = 0; request < 4; request++) {
      const res = await get('/fonts/source-serif-4/700.woff2');
      expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'font/woff2', 'public, max-age=31536000, immutable']);
      expect(res.rawPayload).toEqual(readFileSync(FONT_FILES.get('source-serif-4/700')!));
    }
    const regular = await get('/fonts/inter/400.woff2');
    expect([regular.statusCode, regular.rawPayload.subarray(0, 4)]).toEqual([200, WOFF2]);
  });

  it('answers 404 for a family or weight it does not ship, or another kind of file', async () => {
    for (const url of ['/fonts/comic-sans/400.woff2', '/fonts/inter/300.woff2', '/fonts/inter/400.woff', '/fonts/inter/400', '/fonts/Inter/400.woff2']) {
      const res = await get(url);
      expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({
        url,
        status: 404,
        type: expect.stringContaining('application/problem+json'),
      });
    }
  });

  it('never reads a file outside the shipped fonts, however the path is dressed up', async () => {
    for (const url of [
      '/fonts/..%2F..%2F..%2Fpackage.json/400.woff2',
      '/fonts/inter%2F..%2F..%2Fpackage.json/400.woff2',
      '/fonts/../../package.json/400.woff2',
      '/fonts/inter/..%2F400.woff2',
      '/fonts/%2Fetc%2Fpasswd/400.woff2',
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, font: res.headers['content-type'] === 'font/woff2' }).toEqual({ url, status: 404, font: false });
    }
  });

  it('documents the font route in OpenAPI', async () => {
    const doc = (await get('/api/docs/json')).json();
    const operation = doc.paths['/fonts/{font_id}/{weight}.woff2'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['font/woff2']);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['font_id', 'weight']));
  });
});
