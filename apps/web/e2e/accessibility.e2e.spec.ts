import { writeFileSync } from 'node:fs';
import { source as axeSource, type RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { THEME_STORE_KEY } from '../src/app/theme-store-key';
import { routePaths } from '../src/routes/route-paths';
import { routeTable } from '../src/routes/route-table';
import { seedOrganisation, signUpOwner, type Seed } from './accessibility-seed';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, startJourneyServer, type JourneyServer } from './journey-server';

const { missing, describeJourney } = journeyPrerequisites('web accessibility suite');
const REPORT = '/tmp/web-accessibility.txt';

/** WCAG 2.0 and 2.1, levels A and AA, as issue 51 measures them. */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Two best-practice rules issue 51 names (a page without an h1, an empty table header): reported beside the rest.
  rules: { 'page-has-heading-one': { enabled: true }, 'empty-table-header': { enabled: true } },
  resultTypes: ['violations'],
};
const BLOCKING = new Set(['critical', 'serious']);
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 375] as const;
const HEIGHT = 800;
type Scheme = (typeof SCHEMES)[number];

/**
 * Where each pattern of the route table is visited. A route not listed here has its parameters filled
 * by name below, so a screen added to the table is checked without touching this suite; a parameter
 * with no sample fails that route's test and asks for one.
 */
const VISITS: Record<string, (seed: Seed) => string[]> = {
  '/:id': ({ codes }) => [codes.page, codes.vcard, codes.text].map((id) => `/${id}`),
  '/card/:id': ({ codes, programmeId }) => [`/card/${codes.vcard}`, `/card/${programmeId}`],
  '/code/:id': ({ codes }) => [`/code/${codes.text}`, `/code/${codes.wifi}`],
  '/code/note/:id': ({ codes }) => [`/code/note/${codes.note}`],
  '/share': ({ codes }) => [`/share?code=${codes.page}`],
  '/p/:key': ({ vanityName }) => [`/p/${vanityName}`],
  '/page/:key': ({ pageId }) => [`/page/${pageId}`],
  '/:id/terms': ({ orgId }) => [`/${orgId}/terms`],
  // The code's programmes, and one programme's every tab.
  '/admin/my-codes/loyalty/:codeId': ({ codes, programmeId }) => [
    `/admin/my-codes/loyalty/${codes.page}`,
    ...['members', 'rewards', 'referrals', 'counter'].map((tab) => `/admin/my-codes/loyalty/${codes.page}?programme=${programmeId}&tab=${tab}`),
  ],
  '/live-voting/:id': ({ pollId }) => [`/live-voting/${pollId}`],
  '/deleteAlert/:id': ({ member }) => [`/deleteAlert/${encodeURIComponent(member)}`],
  '/wall/:id': ({ wallId }) => [`/wall/${wallId}`],
  '/wall-embed/:id': ({ wallId }) => [`/wall-embed/${wallId}`],
  '/game/:id': ({ gameId }) => [`/game/${gameId}`],
  // The app's not-found screen, and the server's own pages for an unknown and a paused code, which no route table holds.
  '*': ({ codes }) => ['/no/such/screen', '/Zz9Zz9Zz9Z', `/${codes.paused}`],
};
const PARAMETERS: Record<string, (seed: Seed) => string> = {
  codeId: ({ codes }) => codes.page,
  folderId: ({ folderId }) => folderId,
  pageId: ({ pageId }) => pageId,
  customerId: ({ customerId }) => customerId,
  id: ({ codes }) => codes.page,
  programmeId: ({ programmeId }) => programmeId,
  cardId: ({ cardId }) => cardId,
  designId: ({ designId }) => designId,
  pollId: ({ pollId }) => pollId,
  wallId: ({ wallId }) => wallId,
  gameId: ({ gameId }) => gameId,
  voucherCode: ({ voucherCode }) => voucherCode,
};
const NOT_VISITED: Record<string, string> = {
  '/dummy': 'an empty landing spot for the journeys, never shown to anyone',
  '/admin': 'redirects to /admin/my-codes',
};

function addressesOf(pattern: string, seed: Seed): string[] {
  const visits = VISITS[pattern];
  if (visits) return visits(seed);
  return [
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      const sample = PARAMETERS[name];
      if (!sample) throw new Error(`no sample for :${name} of ${pattern}: add one to PARAMETERS or VISITS in accessibility.e2e.spec.ts`);
      return encodeURIComponent(sample(seed));
    }),
  ];
}

const routes = [...new Set(routePaths(routeTable))].filter((pattern) => !(pattern in NOT_VISITED));
const isAdmin = (pattern: string) => pattern.startsWith('/admin') || pattern.startsWith('/deleteAlert');
const adminRoutes = routes.filter(isAdmin);
const visitorRoutes = routes.filter((pattern) => !isAdmin(pattern));

interface Finding {
  address: string;
  scheme: Scheme;
  width: number;
  rule: string;
  impact: string;
  target: string;
  help: string;
}
const describeFinding = ({ address, scheme, width, rule, impact, target, help }: Finding) =>
  `${address} ${scheme} ${width}px ${impact} ${rule} ${target} (${help})`;

/** Waits until the screen has drawn its data: no loader, no busy region, and the DOM quiet for a moment (bounded). */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.querySelector('.mantine-Loader-root, [aria-busy="true"], .mantine-Skeleton-root[data-visible]') === null, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, 250);
        const cap = setTimeout(done, 4000);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 250);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        }
      }),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Each element axe faults, with what it found there: for contrast the two colours and their ratio, which say what to change. */
async function runAxe(page: Page): Promise<{ rule: string; impact: string; target: string; help: string }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const { violations } = await axe.run(document, options);
    return violations.flatMap(({ id, impact, help, nodes }) =>
      nodes.map((node) => {
        const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const text = node.html.replace(/\s+/g, ' ').slice(0, 90);
        return {
          rule: id,
          impact: node.impact ?? impact ?? 'minor',
          target: node.target.join(' '),
          help: contrast?.contrastRatio ? `${contrast.fgColor} on ${contrast.bgColor}, ${contrast.contrastRatio}:1: ${text}` : `${help}: ${text}`,
        };
      }),
    );
  }, AXE_OPTIONS);
}

/**
 * A tab in a browser of its own for one scheme: the admin's stored choice and the device's preference a
 * visitor's page may follow. Separate browsers, because Mantine follows the stored choice across tabs.
 */
async function schemeTab(browser: Browser, scheme: Scheme, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: HEIGHT }, colorScheme: scheme, storageState });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORE_KEY, scheme] as const);
  return context.newPage();
}

describeJourney('every screen against WCAG 2.1 A and AA (axe-core), light and dark, at 1280 and 375 px', () => {
  let server: JourneyServer;
  let browser: Browser;
  let seed: Seed;
  const tabs = {} as Record<'admin' | 'visitor', Record<Scheme, Page>>;
  const findings: Finding[] = [];
  const overflowing: string[] = [];
  const started = Date.now();

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    server = await startJourneyServer('/tmp/web-e2e-accessibility-api.log');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const signUp = await browser.newContext({ viewport: { width: WIDTHS[0], height: HEIGHT } });
    const owner = await signUp.newPage();
    await signUpOwner(owner, server.origin, `ada.${Date.now()}@example.com`);
    seed = await seedOrganisation(owner, server.origin);
    // The admin's session is copied into both schemes' browsers (its token outlives the suite); a visitor is a stranger with nothing stored.
    const signedIn = await signUp.storageState();
    await signUp.close();
    tabs.admin = { light: await schemeTab(browser, 'light', signedIn), dark: await schemeTab(browser, 'dark', signedIn) };
    tabs.visitor = { light: await schemeTab(browser, 'light'), dark: await schemeTab(browser, 'dark') };
  }, 120_000);

  afterAll(async () => {
    const lines = [
      `${findings.length} violations, ${findings.filter((finding) => BLOCKING.has(finding.impact)).length} critical or serious, in ${Math.round((Date.now() - started) / 1000)} s`,
      ...findings.map(describeFinding),
      ...overflowing.map((where) => `wider than the screen: ${where}`),
    ];
    writeFileSync(REPORT, `${lines.join('\n')}\n`);
    process.stdout.write(`accessibility report: ${REPORT} (${lines[0]})\n`);
    await browser?.close();
    await server?.stop();
  });

  /** What axe finds on the page as it is now, kept for the report; the blocking ones returned. */
  async function scan(page: Page, address: string, scheme: Scheme, width: number): Promise<string[]> {
    const found = (await runAxe(page)).map((violation) => ({ address, scheme, width, ...violation }));
    findings.push(...found);
    return found.filter((finding) => BLOCKING.has(finding.impact)).map(describeFinding);
  }

  /** One scheme of one address at every width: what axe finds, the blocking ones returned. */
  async function checkScheme(page: Page, who: 'admin' | 'visitor', address: string, scheme: Scheme): Promise<string[]> {
    const blocking: string[] = [];
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(`${server.origin}${address}`);
    await settle(page);
    if (who === 'admin' && new URL(page.url()).pathname.startsWith('/oidc/')) throw new Error(`${address} sent the signed-in admin to sign in`);
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settle(page);
      }
      blocking.push(...(await scan(page, address, scheme, width)));
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) overflowing.push(`${address} ${scheme} ${width}px`);
    }
    return blocking;
  }

  /** Both schemes side by side, each in its own tab: the two wait on the server in parallel. */
  async function check(who: 'admin' | 'visitor', address: string): Promise<string[]> {
    const found = await Promise.all(SCHEMES.map((scheme) => checkScheme(tabs[who][scheme], who, address, scheme)));
    return found.flat();
  }

  test.each(adminRoutes)(
    'admin screen %s has no critical or serious violation',
    async (pattern) => {
      const blocking = [];
      for (const address of addressesOf(pattern, seed)) blocking.push(...(await check('admin', address)));
      expect(blocking).toEqual([]);
    },
    120_000,
  );

  test.each(visitorRoutes)(
    'visitor page %s has no critical or serious violation',
    async (pattern) => {
      const blocking = [];
      for (const address of addressesOf(pattern, seed)) blocking.push(...(await check('visitor', address)));
      expect(blocking).toEqual([]);
    },
    120_000,
  );

  test('the thank-you screen after a visitor sends the form has no critical or serious violation', async () => {
    const blocking: string[] = [];
    for (const scheme of SCHEMES) {
      const page = tabs.visitor[scheme];
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      await page.goto(`${server.origin}/page/${seed.pageId}`);
      await page.getByLabel('First name').fill('Alan');
      await page.getByLabel('Last name').fill('Turing');
      await page.getByLabel('Email').fill(`alan.${scheme}@example.com`);
      await page.getByLabel('Phone').fill('5555550111');
      await page.getByRole('button', { name: 'Join' }).click();
      await page.getByText('Welcome to the club. Your first loaf is waiting.').waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settle(page);
        blocking.push(...(await scan(page, `/page/${seed.pageId} after sending the form`, scheme, width)));
      }
    }
    expect(blocking).toEqual([]);
  }, 60_000);
});
