import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { serveStatic, type StaticSite } from './static-server';

const CHROMIUM = '/usr/bin/chromium';
const DIST = join(__dirname, '../../../dist/apps/web');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const missing = [
  existsSync(CHROMIUM) ? null : `Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
  existsSync(join(DIST, 'index.html')) ? null : 'the web build in dist/apps/web (npx nx run web:build)',
].filter((item): item is string => item !== null);
const required = process.env.REQUIRE_SERVICES === '1';

if (missing.length > 0 && !required) {
  // Straight to stdout: Jest's console adds a stack trace, and a skip should cost one line.
  process.stdout.write(`web browser journey skipped: needs ${missing.join(' and ')}\n`);
}
const describeJourney = missing.length > 0 && !required ? describe.skip : describe;

describeJourney.each([
  { device: 'phone', viewport: { width: 390, height: 844 }, screenshot: '/tmp/web-home.png' },
  { device: 'desktop', viewport: { width: 1280, height: 800 }, screenshot: '/tmp/web-home-desktop.png' },
])('a visitor on a $device', ({ viewport, screenshot }) => {
  let site: StaticSite;
  let context: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    site = await serveStatic(DIST);
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
