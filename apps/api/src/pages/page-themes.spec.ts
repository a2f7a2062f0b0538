import { DEFAULT_PAGE_THEME, DEFAULT_THEME_STYLE, PAGE_THEME_PRESETS, type PageTheme } from '@qr/contracts';
import sharp from 'sharp';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { multipart } from '../uploads/multipart.fixture';

const PAGES = '/api/v1/pages';
const PUBLIC = '/api/v1/public/pages';

const preset = (id: string) => PAGE_THEME_PRESETS.find((candidate) => candidate.id === id)!;
const sunrise = preset('sunrise');
const gradientTheme: PageTheme = { source: 'custom', preset: 'sunrise', style: sunrise.style, background: sunrise.background };
const button = { label: 'See the programme', url: 'https://example.com/programme' };

describe('page themes and the thank-you screen', () => {
  let t: TestApp;
  let ownerToken: string;
  let owner: ApiCaller;
  let stranger: ApiCaller;
  let visitor: ApiCaller;
  let orgId: string;
  let codeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ownerToken = await signedUpToken(t.app, 'theme-owner@example.com');
    owner = callerOf(t.app, ownerToken);
    stranger = callerOf(t.app, await signedUpToken(t.app, 'theme-stranger@example.com'));
    visitor = callerOf(t.app);
    orgId = await createOrganization(owner, 'Harbour Festival');
    codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Gate', type: 'page' })).json().code_id;
  });
  afterAll(() => t.close());

  const createPage = async (body: object = {}) => {
    const res = await owner('POST', PAGES, { code_id: codeId, ...body });
    if (res.statusCode !== 201) throw new Error(`create page failed: ${res.statusCode} ${res.body}`);
    return res.json().page_id as string;
  };
  const upload = async (token: string, org: string) => {
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c63' } })
      .png()
      .toBuffer();
    const file = multipart(image, 'crowd.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/uploads?org_id=${org}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': file.contentType },
      payload: file.payload,
    });
    return res.json().blob_id as string;
  };

  it('keeps a page’s own theme and thank-you button through save and read, and a new page follows the brand kit with no button', async () => {
    const plain = (await owner('GET', `${PAGES}/${await createPage()}`)).json();
    expect([plain.theme, plain.success_button]).toEqual([DEFAULT_PAGE_THEME, null]);

    const pageId = await createPage({ theme: gradientTheme, success_button: button });
    expect((await owner('GET', `${PAGES}/${pageId}`)).json()).toMatchObject({ theme: gradientTheme, success_button: button });
    const {
      page_id: _id,
      code_id: _code,
      org_id: _org,
      created_at: _created,
      updated_at: _updated,
      ...content
    } = (await owner('GET', `${PAGES}/${pageId}`)).json();
    const saved = await owner('PUT', `${PAGES}/${pageId}`, { ...content, theme: DEFAULT_PAGE_THEME, success_button: null });
    expect([saved.statusCode, saved.json().theme, saved.json().success_button]).toEqual([200, DEFAULT_PAGE_THEME, null]);
    expect((await owner('GET', `${PAGES}?code_id=${codeId}`)).json().find((page: { page_id: string }) => page.page_id === pageId).theme).toEqual(
      DEFAULT_PAGE_THEME,
    );
  });

  it('draws a brand-kit page in the organisation’s kit as the kit is now, on a plain background', async () => {
    const pageId = await createPage();
    expect((await visitor('GET', `${PUBLIC}/${pageId}`)).json().theme).toEqual({ ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } });

    const forest = preset('forest').style;
    expect((await owner('PUT', `/api/v1/organizations/${orgId}/brand-kit`, forest)).statusCode).toBe(200);
    const shown = (await visitor('GET', `${PUBLIC}/${pageId}`)).json();
    expect(shown.theme).toEqual({ ...forest, background: { kind: 'colour' } });
    expect(shown.owner).toEqual({ name: 'Harbour Festival', logo: null, theme: { ...forest, background: { kind: 'colour' } } });
    await owner('PUT', `/api/v1/organizations/${orgId}/brand-kit`, DEFAULT_THEME_STYLE);
  });

  it('draws a page with its own theme in that theme, whatever the brand kit', async () => {
    const pageId = await createPage({ theme: gradientTheme });
    expect((await visitor('GET', `${PUBLIC}/${pageId}`)).json().theme).toEqual({ ...sunrise.style, background: sunrise.background });
  });

  it('shows a theme’s background image through an expiring link, and refuses another organisation’s image as a background', async () => {
    const blobId = await upload(ownerToken, orgId);
    const background = { kind: 'image', blob_id: blobId, overlay: '#000000', overlay_opacity: 0.55 } as const;
    const pageId = await createPage({ theme: { ...gradientTheme, background } });
    const { theme } = (await visitor('GET', `${PUBLIC}/${pageId}`)).json();
    expect(theme).toEqual({ ...sunrise.style, background: { kind: 'image', url: expect.any(String), overlay: '#000000', overlay_opacity: 0.55 } });
    const served = await t.app.inject({ method: 'GET', url: theme.background.url.replace('http://localhost:3000', '') });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);

    const theirOrg = await createOrganization(stranger, 'Other Festival');
    const theirCode = (await stranger('POST', '/api/v1/codes', { org_id: theirOrg, name: 'Theirs', type: 'page' })).json().code_id;
    const stolen = await stranger('POST', PAGES, { code_id: theirCode, theme: { ...gradientTheme, background } });
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'blob_not_found']);
    const theirPage = (await stranger('POST', PAGES, { code_id: theirCode })).json().page_id;
    const {
      page_id: _id,
      code_id: _code,
      org_id: _org,
      created_at: _created,
      updated_at: _updated,
      ...content
    } = (await stranger('GET', `${PAGES}/${theirPage}`)).json();
    const stolenOnSave = await stranger('PUT', `${PAGES}/${theirPage}`, { ...content, theme: { ...gradientTheme, background } });
    expect([stolenOnSave.statusCode, stolenOnSave.json().code]).toEqual([404, 'blob_not_found']);
  });

  it('shows the thank-you screen with its button, in the page’s theme, naming the organisation', async () => {
    const pageId = await createPage({ success_message: 'See you on the quay!', success_button: button, theme: gradientTheme });
    expect((await visitor('GET', `${PUBLIC}/${pageId}/success`)).json()).toEqual({
      page_id: pageId,
      title: 'Welcome',
      success_message: 'See you on the quay!',
      success_button: button,
      owner: { name: 'Harbour Festival', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } },
      theme: { ...sunrise.style, background: sunrise.background },
    });
  });

  it('refuses a theme or button it cannot draw with a 400 naming the field', async () => {
    const badColour = await owner('POST', PAGES, {
      code_id: codeId,
      theme: { ...gradientTheme, style: { ...sunrise.style, light: { ...sunrise.style.light, text: 'black' } } },
    });
    expect([badColour.statusCode, badColour.json().errors?.[0]?.field]).toEqual([400, 'body.theme.style.light.text']);
    const badSource = await owner('POST', PAGES, { code_id: codeId, theme: { source: 'somebody_else' } });
    expect([badSource.statusCode, badSource.json().errors?.[0]?.field]).toEqual([400, 'body.theme.source']);
    const badButton = await owner('POST', PAGES, { code_id: codeId, success_button: { label: '', url: 'https://example.com' } });
    expect([badButton.statusCode, badButton.json().errors?.[0]?.field]).toEqual([400, 'body.success_button.label']);
  });
});
