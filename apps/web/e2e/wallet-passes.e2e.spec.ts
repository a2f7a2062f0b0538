import { mkdirSync } from 'node:fs';
import { PASS_SAMPLE_VALUES, PKPASS_MEDIA_TYPE } from '@qr/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';
// The API's own test certificates (a WWDR stand-in and a pass type certificate it issued): the
// journey drives the whole server, and a second generator of Apple's certificate shape would drift from the first.
// eslint-disable-next-line @nx/enforce-module-boundaries -- test material of the API that this journey runs
import { TEST_PASS_TYPE_ID, TEST_TEAM_ID, testAppleIssuer } from '../../api/src/passes/apple/apple-test-certificates.fixture';
import { api, signUpOwner } from './accessibility-seed';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';
import { checkScreen, SHOTS } from './screen-checks';

const { missing, describeJourney } = journeyPrerequisites('web wallet passes journey');

/** The widths the screens are checked at: a desktop's and a phone's. */
const WIDTHS = [1280, 375] as const;

/** Each screen as it is now at both widths, fitting the screen and without a blocking axe violation; the page is left at the desktop width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: scrolled, the sticky header would be drawn over the middle of a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    // The navigation slides away as the phone width is reached: the picture is of where it ends.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await checkScreen(page, `passes-${name}-${width}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

describeJourney('wallet passes, from the certificates to a voided pass', () => {
  let server: JourneyServer;
  let browser: Browser;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    mkdirSync(SHOTS, { recursive: true });
    server = await startJourneyServer('/tmp/web-e2e-wallet-api.log');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('staff connect Apple Wallet and design a card; a member adds it to Apple Wallet as a .pkpass; staff void it', async () => {
    const { origin } = server;
    const admin = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
    const page = await admin.newPage();
    await signUpOwner(page, origin, `ada.${Date.now()}@example.com`);
    const { code_id } = await api<{ code_id: string }>(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Counter', type: 'page' });
    const { programme_id: programmeId } = await api<{ programme_id: string }>(page, 'POST', '/api/v1/loyalty/programmes', {
      org_id: '{org_id}',
      code_id,
      terms: { name: 'Bread club card', description: 'A point for every loaf.', kind: 'points', min_interval_minutes: 0, reward_list: [] },
    });

    // Neither wallet is connected yet, and each says what it needs.
    await page.goto(`${origin}/admin/wallet`);
    const apple = page.getByRole('heading', { name: 'Apple Wallet' }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")]');
    const google = page.getByRole('heading', { name: 'Google Wallet' }).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")]');
    await apple.getByText('Not connected').waitFor();
    await google.getByText('Not connected').waitFor();
    await apple.getByText(/need your pass type certificate and its private key/).waitFor();
    await google.getByText(/need your Google Wallet issuer id/).waitFor();
    await shoot(page, 'wallet-empty');

    // The Apple issuer pasted as it comes from the developer account: the health check's summary shows.
    const issuer = testAppleIssuer();
    await page.getByLabel('Pass type identifier').fill(issuer.pass_type_identifier);
    await page.getByLabel('Team id').fill(issuer.team_identifier);
    await page.getByRole('textbox', { name: 'Pass type certificate (PEM)' }).fill(issuer.certificate_pem);
    await page.getByRole('textbox', { name: 'Private key (PEM)' }).fill(issuer.private_key_pem);
    await page.getByRole('textbox', { name: 'Apple WWDR certificate (PEM)' }).fill(issuer.wwdr_pem);
    await page.getByRole('button', { name: 'Save the Apple issuer' }).click();
    await apple.getByText('Connected', { exact: true }).waitFor();
    await apple.getByText(`${TEST_PASS_TYPE_ID} of team ${TEST_TEAM_ID}`, { exact: false }).waitFor();
    await google.getByText('Not connected').waitFor();
    await shoot(page, 'wallet-connected');

    // A design for the programme: the preview fills the primary field as it is typed.
    await page.goto(`${origin}/admin/passes`);
    await page.getByText('No design yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'New design' }).click();
    await page.waitForURL(`${origin}/admin/passes/new`);
    await page.getByRole('combobox', { name: 'Loyalty programme' }).click();
    await page.getByRole('option', { name: 'Bread club card' }).click();
    await page.getByLabel('Design name').fill('Bread club');
    await page.getByLabel('Description').fill('The Harbour Deli bread club card');
    await page.getByLabel('Logo text').fill('Harbour Deli');
    const preview = page.getByRole('region', { name: 'Pass preview' });
    await page.getByRole('group', { name: 'Primary field 1' }).getByLabel('Value').fill('{{balance}} points');
    await preview.getByText(`${PASS_SAMPLE_VALUES.loyalty_card.balance} points`, { exact: true }).waitFor();
    await shoot(page, 'designer');
    await page.getByRole('button', { name: 'Create the design' }).click();
    await page.waitForURL(/\/admin\/passes\/[0-9a-f-]{36}$/);
    const designAddress = page.url();
    await page.getByText('No pass yet', { exact: false }).waitFor();
    await page.goto(`${origin}/admin/passes`);
    await page.getByRole('link', { name: 'Bread club' }).waitFor();
    await shoot(page, 'designs');

    // A visitor joins on their phone and adds the card to Apple Wallet: the button downloads the signed pass.
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    await visitor.goto(`${origin}/card/${programmeId}`);
    await visitor.getByLabel('Email').fill(`grace.${Date.now()}@example.com`);
    await visitor.getByLabel('Name (optional)').fill('Grace');
    await visitor.getByRole('button', { name: 'Join' }).click();
    await visitor.getByRole('heading', { name: 'Grace’s card' }).waitFor();
    const addToWallet = visitor.getByRole('button', { name: 'Add to Apple Wallet' });
    await addToWallet.waitFor();
    await shoot(visitor, 'visitor-card');
    await visitor.setViewportSize({ width: 375, height: 800 });
    const answered = visitor.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/pass-service/pkpass/'));
    const downloaded = visitor.waitForEvent('download');
    await addToWallet.click();
    const [pkpass, download] = await Promise.all([answered, downloaded]);
    expect(pkpass.status()).toBe(200);
    expect(pkpass.headers()['content-type']).toBe(PKPASS_MEDIA_TYPE);
    expect(download.suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.pkpass$/);
    await phone.close();

    // The design lists the member's pass; voided, it says so.
    await page.goto(designAddress);
    const passes = page.getByRole('region', { name: 'Passes of the design' });
    await passes.getByRole('cell', { name: 'Grace', exact: true }).waitFor();
    await passes.getByText('Valid', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Void the pass for Grace' }).click();
    await page.getByText('The pass for Grace is voided.').waitFor();
    await passes.getByText('Voided', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Restore the pass for Grace' }).waitFor();
    await shoot(page, 'design-passes');
    await admin.close();
  }, 240_000);
});
