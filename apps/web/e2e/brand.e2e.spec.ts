import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { PAGE_THEME_PRESETS } from '@qr/contracts';
import { api, signUpOwner } from './accessibility-seed';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, ROOT, startJourneyServer, type JourneyServer } from './journey-server';
import { blockingViolations, fitsWidth } from './screen-checks';

const { missing, describeJourney } = journeyPrerequisites('web brand journey');
const SHOTS = join(tmpdir(), 'web-brand-shots');
/** GALLERY=1 also redraws the README's gallery: a landing page in each preset on a 375 px phone. */
const GALLERY = process.env['GALLERY'] === '1';
const BRAND_KIT = 'section[aria-labelledby="brand-kit-title"]';

/**
 * At 1280 and 375 px: a screenshot to look at, no sideways scrolling on the phone, and, unless the
 * screen is meant to show unreadable colours (a preview of a refused theme), axe clean inside `scope`.
 */
async function checkAtBothWidths(page: Page, name: string, scope: string, { axe = true } = {}): Promise<void> {
  const found: Record<number, string[]> = {};
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    expect(await fitsWidth(page)).toBe(true);
    if (axe) found[width] = await blockingViolations(page, scope);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  if (axe) expect(found).toEqual({ 1280: [], 375: [] });
}

describeJourney('an owner brands the organisation and gives a page its own theme', () => {
  let server: JourneyServer;
  let profile: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    mkdirSync(SHOTS, { recursive: true });
    server = await startJourneyServer(join(tmpdir(), 'web-brand-api.log'));
    profile = mkdtempSync(join(tmpdir(), 'web-brand-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await signUpOwner(page, server.origin, `owner.${Date.now()}@example.com`);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('the brand kit refuses unreadable text by name, saves once it reads, and the organisation answers the new kit', async () => {
    await page.goto(`${server.origin}/admin/organization`);
    const kit = page.getByRole('form', { name: 'Brand kit' });
    await kit.getByRole('textbox', { name: 'Text (light)', exact: true }).fill('#aaaaaa');
    await kit.getByRole('button', { name: 'Save brand kit' }).click();
    await kit.getByRole('alert').getByText('Body text on the background (light): 2.3:1, needs 4.5:1.').waitFor();
    await checkAtBothWidths(page, 'brand-kit-refused', BRAND_KIT, { axe: false });

    await kit.getByRole('textbox', { name: 'Text (light)', exact: true }).fill('#343a40');
    await kit.getByRole('button', { name: 'Save brand kit' }).click();
    await kit.getByText(/^Saved\./).waitFor();
    const [mine] = await api<{ brand_kit: { light: { text: string } } }[]>(page, 'GET', '/api/v1/organizations');
    expect(mine!.brand_kit.light.text).toBe('#343a40');
    await checkAtBothWidths(page, 'brand-kit-saved', BRAND_KIT);
  }, 120_000);

  test('a page takes the Midnight preset in the builder, and its visitors get it', async () => {
    const { code_id } = await api<{ code_id: string }>(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Tasting evening', type: 'page' });
    const { page_id } = await api<{ page_id: string }>(page, 'POST', '/api/v1/pages', { code_id });
    await page.goto(`${server.origin}/admin/update-page/${page_id}`);
    const theme = page.getByRole('region', { name: 'Theme' });
    await theme.getByRole('radio', { name: 'Own theme' }).click();
    await theme.getByRole('radio', { name: 'Midnight' }).click();
    await checkAtBothWidths(page, 'page-theme', 'section[aria-label="Theme"]');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByText('Saved. Visitors see the new version now.').waitFor();

    const visitor = await context.newPage();
    await visitor.goto(`${server.origin}/page/${page_id}`);
    const body = await visitor.evaluate(() => getComputedStyle(document.querySelector('[data-visitor-theme]')!).backgroundColor);
    expect(body).toBe('rgb(15, 23, 42)');
    await visitor.close();
  }, 120_000);

  test('a visitor without JavaScript registers through the server-drawn form and lands on the thank-you page in the brand', async () => {
    const { code_id } = await api<{ code_id: string }>(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'No script', type: 'page' });
    const { page_id } = await api<{ page_id: string }>(page, 'POST', '/api/v1/pages', {
      code_id,
      success_message: 'See you at the tasting.',
      success_button: { label: 'Our wines', url: 'https://example.com/wines' },
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const phone = await (await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } })).newPage();
      await phone.goto(`${server.origin}/page/${page_id}`);
      const form = phone.getByRole('form', { name: 'Registration form' });
      await form.getByRole('textbox', { name: 'First name' }).fill('Ada <b>');
      await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await form.getByRole('button', { name: 'Submit' }).click();
      // Refused by the server: drawn again with the errors beside their inputs and the answers kept.
      await phone.waitForURL(`${server.origin}/page/${page_id}/submit`);
      expect(await form.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Ada <b>');
      expect(await form.getByRole('textbox', { name: 'Last name' }).getAttribute('aria-invalid')).toBe('true');
      await phone.screenshot({ path: join(SHOTS, 'no-script-refused-375.png'), fullPage: true });
      await form.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
      await form.getByRole('textbox', { name: 'Phone' }).fill('5555555555');
      await form.getByRole('button', { name: 'Submit' }).click();
      await phone.waitForURL(`${server.origin}/page/${page_id}/thank-you`);
      await phone.getByRole('heading', { name: 'Thank you!' }).waitFor();
      await phone.getByText('See you at the tasting.').waitFor();
      expect(await phone.getByRole('link', { name: 'Our wines' }).getAttribute('href')).toBe('https://example.com/wines');
      await phone.screenshot({ path: join(SHOTS, 'no-script-thank-you-375.png'), fullPage: true });
    } finally {
      await browser.close();
    }
    let total = 0;
    for (let attempt = 0; attempt < 20 && total === 0; attempt += 1) {
      total = (await api<{ total: number }>(page, 'GET', `/api/v1/pages/${page_id}/submissions`)).total;
      if (total === 0) await new Promise((settle) => setTimeout(settle, 250));
    }
    expect(total).toBe(1);
  }, 120_000);

  (GALLERY ? test : test.skip)(
    'the README gallery: a landing page in each preset on a phone',
    async () => {
      const { code_id } = await api<{ code_id: string }>(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Gallery', type: 'page' });
      const { page_id } = await api<{ page_id: string }>(page, 'POST', '/api/v1/pages', {
        code_id,
        title: 'Harbour Deli',
        blocks: [
          { kind: 'heading', title: 'Join the bread club', subtitle: 'A free loaf on your birthday' },
          { kind: 'text', html: '<p>Sign up and we will tell you <strong>first</strong> when the sourdough is out.</p>' },
          { kind: 'button', label: 'See the menu', url: 'https://example.com/menu' },
          { kind: 'form', submit_label: 'Join' },
        ],
      });
      const saved = await api<Record<string, unknown>>(page, 'GET', `/api/v1/pages/${page_id}`);
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 375, height: 812 });
      for (const preset of PAGE_THEME_PRESETS) {
        const { title, vanity_name, blocks, form, success_message, success_button } = saved;
        const theme = { source: 'custom', preset: preset.id, style: preset.style, background: preset.background };
        await api(page, 'PUT', `/api/v1/pages/${page_id}`, { title, vanity_name, blocks, form, success_message, success_button, theme });
        await phone.goto(`${server.origin}/page/${page_id}`);
        await phone.evaluate(() => document.fonts.ready.then(() => undefined));
        const shot = await phone.screenshot({ fullPage: false });
        await sharp(shot)
          .png({ palette: true, quality: 80, compressionLevel: 9 })
          .toFile(join(ROOT, 'docs/gallery', `theme-${preset.id}.png`));
      }
      await phone.close();
    },
    180_000,
  );
});
