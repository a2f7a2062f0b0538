import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { api, signUpOwner } from './accessibility-seed';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';
import { checkScreen, SHOTS } from './screen-checks';

const { missing, describeJourney } = journeyPrerequisites('web live voting journey');

const shoot = (page: Page, name: string) => checkScreen(page, `live-voting-${name}`);

describeJourney('live voting, from a new poll to the presenter’s results moving as a phone votes', () => {
  let server: JourneyServer;
  let browser: Browser;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    mkdirSync(SHOTS, { recursive: true });
    server = await startJourneyServer('/tmp/web-e2e-live-voting-api.log');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('staff create and open a poll; a visitor votes on a 375 px phone; the presenter view’s results change without a reload', async () => {
    const { origin } = server;
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await signUpOwner(page, origin, `ada.${Date.now()}@example.com`);
    await api(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Conference hall', type: 'page' });

    // Created from the menu's screen, on the code picked from the organisation's codes.
    await page.goto(`${origin}/admin/my-codes`);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Live voting' }).click();
    await page.getByText('No polls yet. Create the first one below.').waitFor();
    await page.getByRole('combobox', { name: 'Code' }).selectOption({ label: 'Conference hall' });
    await page.getByLabel('Question').fill('Which loaf should we bake next?');
    await page.getByRole('textbox', { name: 'Option 1' }).fill('Rye');
    await page.getByRole('textbox', { name: 'Option 2' }).fill('Spelt');
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByRole('textbox', { name: 'Option 3' }).fill('Sourdough');
    await shoot(page, 'create');
    await page.getByRole('button', { name: 'Create poll' }).click();
    await page.waitForURL(/\/admin\/live-voting\/[0-9a-f-]{36}$/);
    const pollId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('Draft', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open voting' }).click();
    await page.getByRole('button', { name: 'Close voting' }).waitFor();
    await shoot(page, 'poll');

    // The presenter's big screen, opened from the poll's screen.
    const presenter = await admin.newPage();
    await presenter.setViewportSize({ width: 1920, height: 1080 });
    await presenter.goto(`${origin}/admin/live-voting/${pollId}/present`);
    await presenter.getByRole('heading', { name: 'Which loaf should we bake next?', level: 1 }).waitFor();
    // An empty bar has no width, so Playwright counts it hidden: it is there all the same.
    await presenter.getByRole('progressbar', { name: 'Rye: 0 votes, 0%' }).waitFor({ state: 'attached' });
    await presenter.getByRole('img', { name: 'QR code of the voters’ page' }).waitFor();
    await shoot(presenter, 'present-before');

    // A visitor on a phone, as the QR code leads them.
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const voter = await phone.newPage();
    await voter.goto(`${origin}/live-voting/${pollId}`);
    await voter.getByRole('heading', { name: 'Which loaf should we bake next?', level: 1 }).waitFor();
    await voter.getByText('Harbour Deli').waitFor();
    await shoot(voter, 'phone-ballot');
    await voter.getByRole('radio', { name: 'Spelt' }).check();
    await voter.getByRole('button', { name: 'Vote' }).click();
    await voter.getByText('Thanks, your vote is in').waitFor();
    await voter.getByText('Your vote: Spelt').waitFor();
    await voter.getByRole('progressbar', { name: 'Spelt: 1 vote, 100%' }).waitFor();
    await shoot(voter, 'phone-voted');

    // The presenter's screen has moved by itself: no reload since it opened.
    const reloads: string[] = [];
    presenter.on('framenavigated', (frame) => reloads.push(frame.url()));
    await presenter.getByRole('progressbar', { name: 'Spelt: 1 vote, 100%' }).waitFor({ timeout: 5000 });
    await presenter.getByText('1 voter', { exact: true }).waitFor();
    await shoot(presenter, 'present-after');
    await presenter.setViewportSize({ width: 375, height: 800 });
    await shoot(presenter, 'present-phone');

    // Hidden from the room: the phone hears it live too.
    await page.getByRole('button', { name: 'Hide results' }).click();
    await voter.getByText('The results will show here when the host reveals them.').waitFor({ timeout: 5000 });
    await presenter.getByText('The results will show here when the host reveals them.').waitFor({ timeout: 5000 });
    expect(reloads).toEqual([]);

    // Closed: the phone says so without a reload.
    await page.getByRole('button', { name: 'Close voting' }).click();
    await voter.getByText('This poll is closed').waitFor({ timeout: 5000 });
    await shoot(voter, 'phone-closed');
    await phone.close();
    await admin.close();
  });
});
