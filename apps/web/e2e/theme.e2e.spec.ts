import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, WEB_DIST } from './journey-server';
import { serveStatic, type StaticSite } from './static-server';

// A static server for the built app is enough: the home page needs no API.
const { missing, describeJourney } = journeyPrerequisites('web browser journey', { withApi: false });

describeJourney.each([
  { device: 'phone', viewport: { width: 390, height: 844 }, screenshot: '/tmp/web-home.png' },
  { device: 'desktop', viewport: { width: 1280, height: 800 }, screenshot: '/tmp/web-home-desktop.png' },
])('a visitor on a $device', ({ viewport, screenshot }) => {
  let site: StaticSite;
  let context: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    site = await serveStatic(WEB_DIST);
    profile = mkdtempSync(join(tmpdir(), 'web-e2e-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
    });
  });

  afterAll(async () => {
    await context?.close();
    await site?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('sees the home page, switches to dark, and still has dark after a reload', async () => {
    const page = await context.newPage();
    const schemeBecomes = (scheme: 'light' | 'dark') =>
      page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor({ state: 'attached', timeout: 5000 });

    await page.goto(`${site.url}/`);
    await page.getByRole('heading', { name: 'QR Platform' }).waitFor();
    await page.getByText('v0.12.1').waitFor();
    await schemeBecomes('light');

    await page.getByRole('button', { name: 'Toggle colour scheme' }).click();
    await schemeBecomes('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'QR Platform' }).waitFor();
    await schemeBecomes('dark');
    await page.screenshot({ path: screenshot, fullPage: true });
  });
});
