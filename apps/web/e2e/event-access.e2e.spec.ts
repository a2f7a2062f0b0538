import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';

const { missing, describeJourney } = journeyPrerequisites('web event-access journey');

// The Brandenburg Gate, a point about 330 m east of it, and one about 680 m east.
const EVENT = { latitude: 52.516275, longitude: 13.377704 };
const INSIDE = { latitude: 52.516275, longitude: 13.3826 };
const OUTSIDE = { latitude: 52.516275, longitude: 13.3877 };
const HOUR = 3_600_000;
/** A `datetime-local` value in UTC: every context of this journey runs in UTC. */
const localUtc = (at: number) => new Date(at).toISOString().slice(0, 16);

describeJourney('an event page that only people at the event can open', () => {
  let server: JourneyServer;
  let browser: Browser;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    server = await startJourneyServer('/tmp/web-e2e-events-api.log');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The signed-in admin's API, called from their page with the token and organization the app keeps. */
  const api = (page: Page, method: string, path: string, body?: object) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
        const { org_id } = JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id?: string };
        const response = await fetch(path.replace('{org_id}', org_id ?? ''), {
          method,
          headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body).replace('"{org_id}"', JSON.stringify(org_id)) : undefined,
        });
        return (await response.json()) as Record<string, string>;
      },
      { method, path, body },
    );

  async function visitorAt(position: { latitude: number; longitude: number } | null): Promise<BrowserContext> {
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 430, height: 900 } });
    if (position) {
      await context.grantPermissions(['geolocation'], { origin: server.origin });
      await context.setGeolocation(position);
    }
    return context;
  }

  test('an organiser sets up an experience and a page’s place and hours; visitors there get in, others see Access Unavailable, and nothing shows while checking', async () => {
    const { origin } = server;
    const admin = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    await page.goto(`${origin}/admin/experiences`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(`ada.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${origin}/admin/experiences`, { timeout: 15_000 });
    await page.getByLabel('Organisation name').fill('Conference Co');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    // The experiences screen explains itself, then holds the new experience.
    await page.getByText('No experiences yet. Name your first one below, with its first and last day.').waitFor();
    await page.screenshot({ path: '/tmp/web-experiences-empty.png', fullPage: true });
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Name').fill('DevConf');
    await page.getByLabel('Description').fill('Two days of talks by the gate');
    await page.getByLabel('First day').fill(today);
    await page.getByLabel('Last day').fill(today);
    await page.getByRole('button', { name: 'Create experience' }).click();
    await page.getByRole('button', { name: 'Edit DevConf' }).waitFor();
    await page.screenshot({ path: '/tmp/web-experiences.png', fullPage: true });

    const { code_id } = await api(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name: 'Gate desk', type: 'page' });
    const { page_id } = await api(page, 'POST', '/api/v1/pages', { code_id });

    // The page editor's Event access tab: a place, a radius and today's window, in the experience.
    await page.goto(`${origin}/admin/update-page/${page_id}`);
    await page.getByRole('tab', { name: 'Event access' }).click();
    await page.getByText(/Anyone can open this page now/).waitFor();
    await page.getByLabel('Latitude').fill(String(EVENT.latitude));
    await page.getByLabel('Longitude').fill(String(EVENT.longitude));
    await page.getByLabel('Radius in metres').fill('500');
    await page.getByLabel('Starts').fill(localUtc(Date.now() - HOUR));
    await page.getByLabel('Ends').fill(localUtc(Date.now() + 2 * HOUR));
    await page.getByLabel('Experience', { exact: false }).selectOption({ label: 'DevConf' });
    await page.getByRole('button', { name: 'Save event access' }).click();
    await page.getByText(/Only visitors who are within the radius/).waitFor();
    await page.screenshot({ path: '/tmp/web-page-event-access.png', fullPage: true });

    // Allowed: a visitor 330 m from the point, during the window.
    const inside = await visitorAt(INSIDE);
    const visitor = await inside.newPage();
    await visitor.goto(`${origin}/page/${page_id}`);
    await visitor.getByRole('heading', { name: 'welcome to the club' }).waitFor();
    await visitor.screenshot({ path: '/tmp/web-event-allowed.png', fullPage: true });

    // Unknown: while the location check is unanswered, neither the page nor the refusal shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitor.route('**/api/v1/public/event-data/check-location', async (route) => {
      await held;
      await route.continue();
    });
    const asked = visitor.waitForRequest('**/api/v1/public/event-data/check-location');
    await visitor.reload();
    await asked;
    expect(await visitor.getByRole('heading', { name: 'welcome to the club' }).count()).toBe(0);
    expect(await visitor.getByText('Access Unavailable').count()).toBe(0);
    await visitor.screenshot({ path: '/tmp/web-event-unknown.png', fullPage: true });
    release();
    await visitor.getByRole('heading', { name: 'welcome to the club' }).waitFor();
    await inside.close();

    // Denied: 680 m away.
    const outside = await visitorAt(OUTSIDE);
    const far = await outside.newPage();
    await far.goto(`${origin}/page/${page_id}`);
    await far.getByRole('heading', { name: 'Access Unavailable' }).waitFor();
    await far.getByText('Please verify the event details and try again later.').waitFor();
    expect(await far.getByRole('heading', { name: 'welcome to the club' }).count()).toBe(0);
    await far.screenshot({ path: '/tmp/web-event-denied.png', fullPage: true });
    await outside.close();

    // Denied: at the point, but the window has closed.
    const closed = {
      ...EVENT,
      radius_m: 500,
      starts_at: new Date(Date.now() - 3 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
      experience_id: null,
    };
    expect((await api(page, 'PUT', `/api/v1/pages/${page_id}/event-data`, closed))['page_id']).toBe(page_id);
    const late = await visitorAt(EVENT);
    const lateVisitor = await late.newPage();
    await lateVisitor.goto(`${origin}/page/${page_id}`);
    await lateVisitor.getByRole('heading', { name: 'Access Unavailable' }).waitFor();
    await late.close();
    await admin.close();
  }, 180_000);
});
