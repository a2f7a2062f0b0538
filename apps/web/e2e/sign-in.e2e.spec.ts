import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';

const API_LOG = join(tmpdir(), 'web-e2e-api.log');

const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const { missing, describeJourney } = journeyPrerequisites('web sign-in journey');

/** What the API says the member's role is, polled until it matches: the UI saves it in the background. */
async function expectRoleOnServer(page: Page, email: string, role: string): Promise<void> {
  const read = () =>
    page.evaluate(async (member) => {
      const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
      const { org_id } = JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id?: string };
      const response = await fetch(`/api/v1/organizations/${org_id}/users/${encodeURIComponent(member)}/role`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { role?: string }).role;
    }, email);
  const deadline = Date.now() + 10_000;
  let seen = await read();
  while (seen !== role && Date.now() < deadline) {
    await page.waitForTimeout(100);
    seen = await read();
  }
  expect(seen).toBe(role);
}

describeJourney('a new organization user', () => {
  let server: JourneyServer;
  let origin: string;
  let profile: string;
  let context: BrowserContext;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    // The same server under another name plays the short host printed in QR codes.
    server = await startJourneyServer(API_LOG, (port) => ({ ALT_HOST: `127.0.0.1:${port}` }));
    origin = server.origin;

    profile = mkdtempSync(join(tmpdir(), 'web-e2e-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** A new person on this browser (no session from the journeys before) signs up from an admin address and names their organization there. */
  async function newOwner(path: string, name: string, email: string, organization: string): Promise<Page> {
    const page = await context.newPage();
    await context.clearCookies();
    await page.goto(`${origin}/dummy`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${origin}${path}`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${origin}${path}`, { timeout: 15_000 });
    await page.getByLabel('Organisation name').fill(organization);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    return page;
  }

  /** On the create screen: a URL code of that name, leading to /dummy on this server. */
  async function fillUrlCode(page: Page, name: string): Promise<void> {
    await page.getByRole('heading', { name: 'Create a QR code' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByLabel('Web address').fill(`${origin}/dummy`);
  }

  test('creates an account from an admin link, comes back to it, stays signed in over a reload, and signs out', async () => {
    const email = `ada.${Date.now()}@example.com`;
    const page = await context.newPage();

    await page.goto(`${origin}/admin/my-codes`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`${origin}/admin/my-codes`, { timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByText('Select or create an organisation first.').waitFor();
    await page.screenshot({ path: '/tmp/web-admin-signed-in.png', fullPage: true });

    // The cached access token is one the API accepts: a new user belongs to no organization yet.
    const organizations = await page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
      const response = await fetch('/api/v1/organizations', { headers: { Authorization: `Bearer ${token}` } });
      return [response.status, await response.json()];
    });
    expect(organizations).toEqual([200, []]);

    // The token cache keeps the session over a reload, without another trip to the provider.
    const providerVisits: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/oidc/')) providerVisits.push(frame.url());
    });
    await page.reload();
    await page.getByText(email).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/my-codes');
    expect(providerVisits).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'QR Platform' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('auth.tokens')))).toEqual([]);
  }, 90_000);

  test('signs up, creates an organization, invites, re-roles and deletes a user, signs out and back in to the stored return path', async () => {
    const stamp = Date.now();
    const email = `grace.${stamp}@example.com`;
    const invitee = `bob.${stamp}@example.com`;
    const password = 'correct horse battery';
    const page = await context.newPage();

    await page.goto(`${origin}/admin/users`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${origin}/admin/users`, { timeout: 15_000 });

    await page.getByLabel('Organisation name').fill('Harbour Deli');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: 'Users of Harbour Deli' }).waitFor();

    const users = page.getByRole('table', { name: 'Users' });
    await page.getByRole('form', { name: 'Add user' }).getByLabel('Email').fill(invitee);
    await page.getByRole('button', { name: 'Add user' }).click();
    await users.getByRole('cell', { name: invitee, exact: true }).waitFor();

    const inviteeRole = page.locator(`input[aria-label="Role of ${invitee}"]`);
    await inviteeRole.click();
    await page.getByRole('option', { name: 'editor' }).click();
    await expectRoleOnServer(page, invitee, 'editor');
    await page.screenshot({ path: '/tmp/web-admin-users.png', fullPage: true });

    await page.getByRole('button', { name: `Delete ${invitee}` }).click();
    await page.getByText('Delete Confirmation').waitFor();
    await page.getByText('Do you want to delete the user?').waitFor();
    await page.getByRole('button', { name: 'DELETE', exact: true }).click();
    await page.waitForURL(`${origin}/admin/users`);
    await users.getByRole('cell', { name: invitee, exact: true }).waitFor({ state: 'detached' });
    await users.getByRole('cell', { name: email, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/`, { timeout: 15_000 });

    // Signed out, an admin address sends the user to sign in and then back to that address.
    await page.goto(`${origin}/admin/profile`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin}/admin/profile`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.getByRole('table', { name: 'Your organisations' }).getByRole('cell', { name: 'Harbour Deli' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Grace Hopper');
    await page.screenshot({ path: '/tmp/web-admin-profile.png', fullPage: true });
  }, 120_000);

  test('creates a QR code in the designer, finds it in My codes, and a scan of it lands where it points', async () => {
    const stamp = Date.now();
    const page = await newOwner('/admin/create-qr-code', 'Lin Designer', `lin.${stamp}@example.com`, 'Lin Prints');

    await fillUrlCode(page, 'Shop window');
    await page.getByRole('radio', { name: 'Rounded navy' }).click();
    const logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#e8590c' } })
      .png()
      .toBuffer();
    const previewWithLogo = page.waitForResponse(
      (response) => response.url().endsWith('/qr-preview') && (response.request().postData() ?? '').includes('blob_id'),
    );
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByText('Logo size: 20 % of the code’s width').waitFor({ timeout: 15_000 });
    expect((await previewWithLogo).status()).toBe(200);
    await page.getByText('Scans fine.').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/web-create-code.png', fullPage: true });
    await page.getByRole('button', { name: 'Create QR code' }).click();

    await page.getByRole('heading', { name: 'Your QR code is ready' }).waitFor({ timeout: 15_000 });
    const link = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    const codeId = link.split('/').at(-1)!;
    const qr = page.getByRole('img', { name: 'QR code of Shop window' });
    await qr.waitFor();
    await page.screenshot({ path: '/tmp/web-code-ready.png', fullPage: true });
    const photo = await qr.screenshot();

    await page.goto(`${origin}/admin/my-codes`);
    await page.getByRole('table', { name: 'Codes' }).getByRole('link', { name: 'Shop window', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/web-my-codes.png', fullPage: true });

    // What the printed code encodes: the scan is recorded and the browser lands on the target. The
    // browser passes for a phone's: headless Chromium says what it is, and the code list leaves bots out.
    await page.setExtraHTTPHeaders({ 'user-agent': PHONE_USER_AGENT });
    await page.goto(`${origin}/${codeId}`);
    expect(new URL(page.url()).pathname).toBe('/dummy');
    await page.setExtraHTTPHeaders({});
    await page.goto(`${origin}/admin/my-codes/show/${codeId}`);
    await page.getByText(/1 scan ·/).waitFor({ timeout: 15_000 });
    await page.getByText(`Sends visitors to ${origin}/dummy.`).waitFor();

    // On the short host (ALT_HOST) a visitor photographs the QR and is taken where it points.
    const visitor = await context.newPage();
    await visitor.setExtraHTTPHeaders({ 'user-agent': PHONE_USER_AGENT });
    await visitor.goto(origin.replace('localhost', '127.0.0.1'));
    await visitor.getByRole('heading', { name: 'Open a code' }).waitFor();
    await visitor.screenshot({ path: '/tmp/web-visitor-home.png', fullPage: true });
    await visitor.locator('input[type="file"]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: photo });
    await visitor.waitForURL((url) => url.pathname === '/dummy', { timeout: 30_000 });
    await visitor.close();
    await page.goto(`${origin}/admin/my-codes/show/${codeId}`);
    await page.getByText(/2 scans/).waitFor({ timeout: 15_000 });

    // On a phone the header keeps to its bar (the organization is picked in the menu) and the codes
    // are cards with their actions in view instead of a table wider than the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/admin/my-codes`);
    await page.getByRole('list', { name: 'Codes' }).getByRole('link', { name: 'Edit Shop window' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.screenshot({ path: '/tmp/web-my-codes-phone.png' });
    // The users table too, whose owner's email and role menu are wider than a phone.
    await page.goto(`${origin}/admin/users`);
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('button', { name: /^Delete / })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.getByRole('button', { name: 'Navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('combobox', { name: 'Organisation' }).waitFor();
  }, 120_000);

  test('creates a URL code, scans it once, and its analytics count that scan, downloadable as CSV and PNG', async () => {
    const stamp = Date.now();
    const page = await newOwner('/admin/create-qr-code', 'Ola Analyst', `ola.${stamp}@example.com`, 'Ola Counts');
    await fillUrlCode(page, 'Poster');
    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByRole('heading', { name: 'Your QR code is ready' }).waitFor({ timeout: 15_000 });
    const codeId = (await page.getByRole('textbox', { name: 'Public link' }).inputValue()).split('/').at(-1)!;

    // A phone scans the printed code. Not this browser: headless Chromium says so in its user agent, and bots are counted apart.
    const scan = await fetch(`${origin}/${codeId}`, { redirect: 'manual', headers: { 'User-Agent': PHONE_USER_AGENT } });
    expect([scan.status, scan.headers.get('location')]).toEqual([302, `${origin}/dummy`]);
    await page.goto(`${origin}/admin/my-codes/show/${codeId}`);
    await page.getByRole('link', { name: 'See its analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics of Poster' }).waitFor();

    // The scan reaches the analytics rollup through a projection, a moment after the redirect: reload until it has.
    const scans = page.getByRole('group', { name: 'Scans', exact: true });
    const deadline = Date.now() + 15_000;
    while (!/^Scans1(?!\d)/.test((await scans.textContent({ timeout: 10_000 })) ?? '') && Date.now() < deadline) await page.reload();
    expect(await scans.textContent()).toMatch(/^Scans1(?!\d)/);
    expect(await page.getByRole('group', { name: 'QR scans' }).textContent()).toMatch(/^QR scans1(?!\d)/);
    await page.getByRole('region', { name: 'Scans over time' }).locator('.recharts-surface').first().waitFor();
    await page.screenshot({ path: '/tmp/web-code-analytics.png', fullPage: true });

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Totals as CSV' }).click();
    const csvFile = await csv;
    expect(csvFile.suggestedFilename()).toMatch(/^analytics-poster-totals-30day-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readFileSync((await csvFile.path())!, 'utf8')).toContain('Scans,1,0,\r\n');
    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Scans over time as PNG' }).click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toMatch(/^analytics-poster-scans-over-time-30day-.*\.png$/);
    expect((await sharp((await pngFile.path())!).metadata()).format).toBe('png');
  }, 120_000);

  test('creates one-time codes from a code; the first scan of one lands on the target, the next sees “already used”, and the batch downloads as a ZIP', async () => {
    const stamp = Date.now();
    const page = await newOwner('/admin/create-qr-code', 'Otto Vouchers', `otto.${stamp}@example.com`, 'Otto Prizes');
    await fillUrlCode(page, 'Prize');
    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByRole('heading', { name: 'Your QR code is ready' }).waitFor({ timeout: 15_000 });
    const codeId = (await page.getByRole('textbox', { name: 'Public link' }).inputValue()).split('/').at(-1)!;

    await page.goto(`${origin}/admin/my-codes/show/${codeId}`);
    await page.getByRole('heading', { name: 'One-time codes' }).waitFor();
    await page.getByText(/No one-time codes yet/).waitFor();
    await page.getByLabel('How many codes').fill('3');
    await page.getByRole('button', { name: 'Create one-time codes' }).click();
    await page.getByText(/3 codes · 0 used/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Show codes' }).click();
    const first = (await page.getByRole('row').nth(1).getByRole('cell').first().textContent())!;
    expect(first).toMatch(/^[0-9A-Za-z]{10}$/);

    const scan = () => fetch(`${origin}/${first}`, { redirect: 'manual', headers: { 'User-Agent': PHONE_USER_AGENT } });
    const won = await scan();
    expect([won.status, won.headers.get('location')]).toEqual([302, `${origin}/dummy`]);
    const visitor = await context.newPage();
    const again = await visitor.goto(`${origin}/${first}`);
    expect(again!.status()).toBe(410);
    await visitor.getByRole('heading', { name: 'This code has already been used' }).waitFor();
    await visitor.screenshot({ path: '/tmp/web-one-time-used.png', fullPage: true });
    await visitor.close();

    await page.reload();
    await page.getByText(/3 codes · 1 used/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Show codes' }).click();
    await page.getByText(/^Used /).waitFor();
    await page.screenshot({ path: '/tmp/web-one-time-codes.png', fullPage: true });
    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download ZIP of PNGs' }).click();
    const zipFile = await zip;
    expect(zipFile.suggestedFilename()).toBe('Prize one-time codes.zip');
    expect(
      readFileSync((await zipFile.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  }, 120_000);

  test('builds a landing page with the default form; a visitor on a phone fixes their answers, is found in the submissions and among the customers, is exported and then forgotten', async () => {
    const stamp = Date.now();
    const admin = await newOwner('/admin/create-qr-code', 'Pia Planner', `pia.${stamp}@example.com`, 'Pia Events');

    await admin.getByRole('heading', { name: 'Create a QR code' }).waitFor();
    await admin.getByLabel('Type', { exact: true }).first().click();
    await admin.getByRole('option', { name: 'Landing page' }).click();
    await admin.getByRole('textbox', { name: 'Name' }).fill('Registration desk');
    await admin.getByRole('button', { name: 'Create QR code' }).click();
    await admin.getByRole('link', { name: 'Build its landing page' }).click();
    await admin.getByRole('button', { name: 'New page' }).click();
    await admin.getByRole('button', { name: 'Save page' }).waitFor({ timeout: 15_000 });
    await admin.getByRole('textbox', { name: 'Title', exact: true }).fill('Welcome to Pia Events');
    await admin.getByRole('textbox', { name: 'Page name (optional)' }).fill(`pia-${stamp}`);
    // The consent text is rich text: staff format it rather than type HTML.
    await admin.getByRole('textbox', { name: 'Text', exact: true }).click();
    await admin.keyboard.press('Control+A');
    await admin.getByRole('button', { name: 'Bold' }).click();
    await admin.getByRole('button', { name: 'Save page' }).click();
    await admin.getByText('Saved. Visitors see the new version now.').waitFor();
    await admin.screenshot({ path: '/tmp/web-page-editor.png', fullPage: true });
    // The visitor comes by the page's name.
    const pageUrl = await admin.getByRole('link', { name: `/p/pia-${stamp}` }).getAttribute('href');
    expect(pageUrl).toBe(`/p/pia-${stamp}`);

    const phone = await context.browser()!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    const dialogs: string[] = [];
    visitor.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await visitor.goto(`${origin}${pageUrl}`);
    await visitor.getByRole('heading', { name: 'Welcome to Pia Events' }).waitFor();
    await visitor.locator('strong', { hasText: 'By submitting this form you agree' }).waitFor();
    await visitor.getByLabel('First name').fill('Ada');
    await visitor.getByLabel('Last name').fill('Lovelace');
    await visitor.getByLabel('Email').fill('ada at example');
    await visitor.getByLabel('Phone').fill('555 555 5555');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByText('Enter an email address such as name@example.com.').waitFor();
    await visitor.screenshot({ path: '/tmp/web-page-errors.png', fullPage: true });
    await visitor.getByLabel('Email').fill(`ada.${stamp}@example.com`);
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(dialogs).toEqual([]);
    await phone.close();

    await admin.getByRole('tab', { name: 'Submissions' }).click();
    await admin.getByText(`ada.${stamp}@example.com`).waitFor({ timeout: 15_000 });
    await admin.screenshot({ path: '/tmp/web-page-submissions.png', fullPage: true });

    // She is a customer now: exported with the code's customers, then forgotten for good.
    await admin.goto(`${origin}/admin/customers`);
    await admin.getByRole('link', { name: 'Ada Lovelace' }).waitFor({ timeout: 15_000 });
    await admin.getByRole('combobox', { name: 'Code' }).selectOption({ label: 'Registration desk' });
    const exported = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await exported;
    expect(csvFile.suggestedFilename()).toBe('interaction_data.csv');
    expect(readFileSync((await csvFile.path())!, 'utf8')).toContain(`ada.${stamp}@example.com`);
    await admin.screenshot({ path: '/tmp/web-customers.png', fullPage: true });
    await admin.getByRole('link', { name: 'Ada Lovelace' }).click();
    await admin.getByText('Sent a form through Registration desk').waitFor();
    await admin.getByRole('button', { name: 'Forget this customer' }).click();
    await admin.getByRole('dialog', { name: 'Forget this customer?' }).getByRole('button', { name: 'Forget', exact: true }).click();
    await admin.getByText('No customers yet. People appear here once they send a page’s form.').waitFor({ timeout: 15_000 });
  }, 120_000);

  test('runs no script from any field of a page built from XSS payloads, before or after a submission', async () => {
    const stamp = Date.now();
    const admin = await newOwner('/admin/add-new-page', 'Mal Payload', `mal.${stamp}@example.com`, 'Payload Co');
    await admin.getByRole('heading', { name: 'New landing page' }).waitFor();

    const payloads = [
      '<script>alert("script")</script>',
      '<img src=x onerror=alert("img")>',
      '<svg onload=alert("svg")><script>alert("svg-script")</script></svg>',
      '<a href="javascript:alert(\'link\')">link</a>',
      '<div style="background:url(javascript:alert(\'css\'))">css</div>',
      '<iframe src="javascript:alert(\'frame\')"></iframe>',
      '"><img src=x onerror=alert("attr")>',
    ];
    const all = payloads.join(' ');
    // Built through the API as a script would: every text field and block carries every payload.
    const pageId = await admin.evaluate(
      async ({ all, payloads }) => {
        const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
        const { org_id } = JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id?: string };
        const call = async (path: string, body: object) => {
          const response = await fetch(path, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          const answer = (await response.json()) as Record<string, string>;
          if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
          return answer;
        };
        const { code_id } = await call('/api/v1/codes', { org_id, name: all.slice(0, 120), type: 'page' });
        const short = (text: string, max: number) => text.slice(0, max);
        const { page_id } = await call('/api/v1/pages', {
          code_id,
          title: short(all, 120),
          blocks: [
            ...payloads.map((payload) => ({ kind: 'heading', title: short(payload, 120), subtitle: short(payload, 200) })),
            ...payloads.map((payload) => ({ kind: 'text', html: payload })),
            ...payloads.map((payload) => ({ kind: 'button', label: short(payload, 60), url: 'https://example.com/?q=' + encodeURIComponent(payload) })),
            ...payloads.map((payload) => ({ kind: 'countdown', label: short(payload, 120), until: '2030-01-01T00:00:00Z' })),
            ...payloads.map((payload) => ({ kind: 'map', label: short(payload, 120), latitude: 1, longitude: 2 })),
            { kind: 'form', submit_label: 'Send' },
          ],
          form: [
            { name: 'page', input_display_name: 'Page1', input_type: 'page' },
            ...payloads.map((payload, index) => ({
              name: `field${index}`,
              input_display_name: short(payload, 80),
              placeholder_text: short(payload, 120),
              input_type: 'text',
            })),
            { name: 'choice', input_display_name: 'Choice', input_type: 'select', options: payloads.map((payload) => short(payload, 80)) },
          ],
          success_message: short(all, 500),
        });
        return page_id;
      },
      { all, payloads },
    );

    const visitor = await context.newPage();
    const dialogs: string[] = [];
    visitor.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await visitor.goto(`${origin}/page/${pageId}`);
    await visitor.getByRole('button', { name: 'Send' }).waitFor();
    await visitor.locator('input[name=field0]').fill(payloads[1]!);
    await visitor.screenshot({ path: '/tmp/web-page-xss.png', fullPage: true });
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await visitor.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    const injected = await visitor.evaluate(() => ({
      // Only scripts a browser runs: the server-rendered page's data is a JSON island, which holds the payloads as text, with `<` escaped.
      scripts: [...document.querySelectorAll('script')].filter(
        (script) => (script.type === 'application/json' ? script.textContent?.includes('<') : script.textContent?.includes('alert')) ?? false,
      ).length,
      images: document.querySelectorAll('img[src="x"]').length,
      svgs: document.querySelectorAll('svg[onload], svg script').length,
      frames: document.querySelectorAll('iframe').length,
      javascriptLinks: [...document.querySelectorAll('a')].filter((link) => link.href.startsWith('javascript:')).length,
      styled: document.querySelectorAll('[style*="javascript"]').length,
    }));
    expect(injected).toEqual({ scripts: 0, images: 0, svgs: 0, frames: 0, javascriptLinks: 0, styled: 0 });
  }, 120_000);
  test('starts a code from the gallery, clones it with its landing page, clones it several times and saves it as a template', async () => {
    const stamp = Date.now();
    const page = await newOwner('/admin/templates', 'Tom Planner', `tom.${stamp}@example.com`, 'Tom Events');
    await page.getByRole('heading', { name: 'Gallery' }).waitFor();
    // Every card's QR preview is drawn before the picture is taken.
    await page.getByRole('img', { name: 'QR code design of Wi-Fi' }).waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: 'QR code design of Event check-in' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/web-templates.png', fullPage: true });

    await page.getByRole('button', { name: 'Use this template: Event check-in' }).click();
    await page.getByRole('textbox', { name: 'Name of the new code' }).fill('Open day');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Your QR code is ready' }).waitFor({ timeout: 15_000 });
    const baseId = (await page.getByRole('textbox', { name: 'Public link' }).inputValue()).split('/').at(-1)!;

    await page.goto(`${origin}/admin/my-codes/show/${baseId}`);
    await page.getByText('No clones yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy Open day' }).click();
    await page.getByRole('menuitem', { name: 'Clone with its page' }).click();
    await page.getByRole('heading', { name: 'Open day (copy)' }).waitFor({ timeout: 15_000 });
    const cloneId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(cloneId).not.toBe(baseId);

    // The clone's own landing page is the template's check-in page.
    const visitor = await context.newPage();
    await visitor.goto(`${origin}/page/${cloneId}`);
    await visitor.getByRole('heading', { name: 'Welcome! Let’s get you checked in' }).waitFor({ timeout: 15_000 });
    await visitor.close();

    await page.goto(`${origin}/admin/my-codes/show/${baseId}`);
    await page.getByRole('button', { name: 'Copy Open day' }).click();
    await page.getByRole('menuitem', { name: 'Clone multiple…' }).click();
    await page.getByRole('textbox', { name: 'Clone 1 name' }).fill('Open day, north door');
    await page.getByRole('textbox', { name: 'Clone 2 name' }).fill('Open day, south door');
    await page.getByRole('button', { name: 'Remove clone 3' }).click();
    await page.screenshot({ path: '/tmp/web-clone-multiple.png', fullPage: true });
    await page.getByRole('button', { name: 'Create 2 clones' }).click();
    const clones = page.getByRole('list', { name: 'Clones of this code' });
    await clones.getByRole('link', { name: 'Open day, south door' }).waitFor({ timeout: 15_000 });
    // A batch's clones share their creation time, so only the set is certain.
    expect((await clones.getByRole('link').allTextContents()).sort()).toEqual(['Open day (copy)', 'Open day, north door', 'Open day, south door']);
    await page.screenshot({ path: '/tmp/web-code-clones.png', fullPage: true });

    await page.getByRole('button', { name: 'Copy Open day' }).click();
    await page.getByRole('menuitem', { name: 'Save as template…' }).click();
    await page.getByRole('textbox', { name: 'What it is for' }).fill('Doors open, guests check in');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.waitForURL(`${origin}/admin/templates`, { timeout: 15_000 });
    await page.getByRole('article', { name: 'Open day' }).getByText('Doors open, guests check in').waitFor({ timeout: 15_000 });
    await page.getByRole('img', { name: 'QR code design of Open day' }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/web-templates-own.png', fullPage: true });
  }, 120_000);

  test('sorts codes into a folder by dragging one and moving another in bulk, sees the folder’s QR grid, and keeps a note on a code', async () => {
    const stamp = Date.now();
    const page = await newOwner('/admin/folders', 'Fay Filer', `fay.${stamp}@example.com`, 'Fay Prints');
    await page.getByText(/No folders yet/).waitFor();
    await page.screenshot({ path: '/tmp/web-folders-empty.png', fullPage: true });
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Folder name').fill('Window posters');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('table', { name: 'Folders' }).getByRole('link', { name: 'Window posters' }).waitFor();

    // Two codes made through the API, as a script would: this journey is about sorting them.
    for (const name of ['Spring sale', 'Opening hours']) {
      await page.evaluate(async (codeName) => {
        const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
        const { org_id } = JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id?: string };
        const response = await fetch('/api/v1/codes', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ org_id, name: codeName, type: 'url', url: 'https://example.com/' }),
        });
        if (response.status !== 201) throw new Error(`create code: ${response.status}`);
      }, name);
    }

    await page.goto(`${origin}/admin/my-codes`);
    const codes = page.getByRole('table', { name: 'Codes' });
    await codes.getByRole('link', { name: 'Spring sale', exact: true }).waitFor();
    const target = page.locator('[data-folder-target="Window posters"]');
    await target.waitFor();
    await page.screenshot({ path: '/tmp/web-my-codes-folders.png', fullPage: true });

    // Drag by the handle onto the folder, with the pointer moving in steps as a hand does.
    const handle = page.getByRole('button', { name: 'Drag Spring sale to a folder' });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    await codes
      .getByRole('row', { name: /Spring sale/ })
      .getByText('Window posters')
      .waitFor({ timeout: 15_000 });

    await codes.getByRole('checkbox', { name: 'Select Opening hours' }).check();
    const bar = page.getByRole('region', { name: 'Selected codes' });
    await bar.getByRole('combobox', { name: 'Move to folder' }).click();
    await page.getByRole('option', { name: 'Window posters' }).click();
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    await codes
      .getByRole('row', { name: /Opening hours/ })
      .getByText('Window posters')
      .waitFor({ timeout: 15_000 });

    await target.getByRole('link', { name: 'Window posters' }).click();
    await page.getByRole('heading', { name: 'Window posters' }).waitFor();
    await page.getByText('2 codes', { exact: true }).first().waitFor();
    const inFolder = page.getByRole('table', { name: 'Codes in this folder' });
    await inFolder.getByRole('link', { name: 'Opening hours', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/web-folder.png', fullPage: true });

    await page.getByRole('link', { name: 'Show QR codes' }).click();
    await page.getByRole('heading', { name: 'QR codes in Window posters' }).waitFor();
    await page.getByRole('img', { name: 'QR code of Spring sale' }).waitFor();
    await page.getByRole('img', { name: 'QR code of Opening hours' }).waitFor();
    await page.screenshot({ path: '/tmp/web-folder-qr.png', fullPage: true });

    await page.getByRole('link', { name: '← Window posters' }).click();
    await inFolder.getByRole('checkbox', { name: 'Select Opening hours' }).check();
    await page.getByRole('button', { name: 'Move out of folder' }).click();
    await page.getByText('1 code', { exact: true }).first().waitFor({ timeout: 15_000 });
    await inFolder.getByRole('link', { name: 'Opening hours', exact: true }).waitFor({ state: 'detached' });

    await inFolder.getByRole('link', { name: 'Spring sale', exact: true }).click();
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByText(/No notes yet/).waitFor();
    await notes.getByRole('textbox', { name: 'New note' }).fill('Reprint before the summer sale');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByRole('article', { name: 'Note on Spring sale' }).getByText('Reprint before the summer sale').waitFor();
    await page.screenshot({ path: '/tmp/web-code-notes.png', fullPage: true });

    await page.goto(`${origin}/admin/notes`);
    const note = page.getByRole('article', { name: 'Note on Spring sale' });
    await note.getByText('Reprint before the summer sale').waitFor();
    await page.screenshot({ path: '/tmp/web-notes.png', fullPage: true });
    await note.getByRole('link', { name: 'Spring sale' }).click();
    await page.getByRole('heading', { name: 'Spring sale' }).waitFor();

    await page.goto(`${origin}/admin/folders`);
    const folders = page.getByRole('table', { name: 'Folders' });
    await folders.getByRole('button', { name: 'Remove Window posters' }).click();
    await page.getByRole('dialog', { name: 'Remove this folder?' }).getByRole('button', { name: 'Remove folder' }).click();
    await page.getByText(/No folders yet/).waitFor();
    await page.goto(`${origin}/admin/my-codes`);
    await codes.getByRole('link', { name: 'Spring sale', exact: true }).waitFor();
  }, 120_000);
});
