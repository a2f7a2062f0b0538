import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { api, signUpOwner } from './accessibility-seed';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';

const { missing, describeJourney } = journeyPrerequisites('web selfie wall journey');

/** Where the screens are left for whoever reviews them. */
const SHOTS = '/tmp/walk';

/** An ordinary photo made here: a sky over a green field with a sun, as a JPEG a phone would send. */
async function holidayPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="300" fill="#74c0fc"/><rect y="300" width="640" height="180" fill="#40c057"/>
    <circle cx="500" cy="110" r="60" fill="#ffd43b"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/selfie-wall-${name}.png`, fullPage: true });

describeJourney('a selfie wall, from staff creating it to a visitor’s photo on the room’s screen', () => {
  let server: JourneyServer;
  let browser: Browser;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    mkdirSync(SHOTS, { recursive: true });
    server = await startJourneyServer('/tmp/web-e2e-selfie-wall-api.log');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('staff create a wall; a phone posts a photo; staff approve it and the open wall shows it without a reload; the embed has no QR code', async () => {
    const { origin } = server;
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await signUpOwner(page, origin, `ada.${Date.now()}@example.com`);
    await api(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Party entrance', type: 'page' });

    await page.goto(`${origin}/admin/selfie-walls`);
    await page.getByText('No selfie walls yet. Create the first one below.').waitFor();
    await page.getByLabel('Code', { exact: true }).selectOption({ label: 'Party entrance' });
    await page.getByLabel('Title').fill('Summer party');
    await page.getByLabel('Prompt').fill('Show us your team!');
    await shot(page, 'create');
    await page.getByRole('button', { name: 'Create wall' }).click();
    await page.getByRole('heading', { name: 'Summer party', level: 1 }).waitFor();
    const wallId = new URL(page.url()).pathname.split('/').at(-1)!;

    // The room's screen, open before any photo arrives.
    const room = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const screenPage = await room.newPage();
    await screenPage.goto(`${origin}/wall/${wallId}`);
    await screenPage.getByText('No photos yet. Be the first: yours appears here once it is on the wall.').waitFor();
    await screenPage.getByRole('img', { name: 'QR code to join Summer party' }).waitFor();

    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    await visitor.goto(`${origin}/wall/${wallId}`);
    await visitor.getByRole('heading', { name: 'Show us your team!' }).waitFor();
    expect(await visitor.locator('input[type="file"][capture="user"]').count()).toBe(1);
    await visitor.locator('input[type="file"]:not([capture])').setInputFiles({ name: 'team.jpg', mimeType: 'image/jpeg', buffer: await holidayPhoto() });
    await visitor.getByLabel('Caption (optional)').fill('Team blue on the beach');
    await visitor.getByRole('button', { name: 'Post to the wall' }).click();
    await visitor.getByText('Thanks! Your photo will appear once it is approved.').waitFor({ timeout: 30_000 });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(visitor, 'visitor-posted-375');

    await page.reload();
    const queue = page.getByRole('list', { name: 'Waiting photos' });
    await queue.getByText('Team blue on the beach').waitFor({ timeout: 20_000 });
    await queue.getByText(/^NSFW score \d+%$/).waitFor();
    await shot(page, 'review-queue');
    await queue.getByRole('button', { name: 'Approve “Team blue on the beach”' }).click();
    await page.getByText('Nothing waiting for review.').waitFor();

    // No reload: the wall hears the approval over its event stream.
    await screenPage.getByRole('img', { name: 'Team blue on the beach' }).waitFor({ timeout: 10_000 });
    await screenPage.getByText('Team blue on the beach').waitFor();
    await shot(screenPage, 'wall-1280');

    const embed = await room.newPage();
    await embed.goto(`${origin}/wall-embed/${wallId}`);
    await embed.getByRole('img', { name: 'Team blue on the beach' }).waitFor();
    expect(await embed.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await shot(embed, 'embed-1280');

    await Promise.all([admin.close(), room.close(), phone.close()]);
  }, 180_000);
});
