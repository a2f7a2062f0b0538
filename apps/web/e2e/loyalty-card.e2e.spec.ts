import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, journeyPrerequisites, ROOT, WEB_DIST } from './journey-server';
import { serveStatic, type StaticSite } from './static-server';

// The card page drawn by Chromium on a phone, with the public loyalty API answered by the page's
// own routes: its layout and contrast, which jsdom cannot measure, in an organisation's own colours.
const { missing, describeJourney } = journeyPrerequisites('loyalty card page', { withApi: false });

const PROGRAMME_ID = '7b000000-0000-4000-8000-000000000001';
const CARD_ID = '7c000000-0000-4000-8000-000000000002';
const EXCHANGE_ID = '7e000000-0000-4000-8000-000000000003';
const CODE_ID = 'AbCdEf1234';
const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['critical', 'serious']);

const OWNER = {
  name: 'Walk Café',
  logo: null,
  theme: {
    light: { primary: '#2b8a3e', accent: '#e8590c', text: '#1b1b1b', background: '#fffdf5' },
    dark: { primary: '#8ce99a', accent: '#ffa94d', text: '#f1f3f5', background: '#101513' },
    heading_font: 'lora',
    body_font: 'inter',
    radius: 12,
    button_style: 'filled',
    background: { kind: 'colour' },
  },
};
const PROGRAMME = {
  programme_id: PROGRAMME_ID,
  code_id: CODE_ID,
  name: 'The Walk Café’s coffee card',
  description: 'Every tenth coffee is on us.',
  kind: 'stamps',
  stamps_required: 10,
  earning: { per_scan: 1, per_submission: 0, per_currency_unit: 0, currency: 'EUR' },
  min_interval_minutes: 60,
  tiers: [{ name: 'Regular', threshold: 20 }],
  rewards: [
    { reward_id: '7d000000-0000-4000-8000-000000000004', name: 'A free coffee', price: 3, remaining: null },
    { reward_id: '7d000000-0000-4000-8000-000000000005', name: 'A café mug', price: 8, remaining: 0 },
  ],
  campaign_rewards: [
    { campaign_reward_id: '00000000-0000-4000-8000-0000000000c1', name: 'Welcome', code_id: CODE_ID, action: 'form_submitted', times: 1, points: 2 },
  ],
  referral: { referrer_points: 2, friend_points: 1, action: 'any' },
};
const entry = (at: string, kind: string, amount: number, source: string | null) => ({
  at,
  kind,
  amount,
  source,
  reward_name: null,
  exchange_id: null,
  by: null,
  note: null,
  balance_after: amount,
});
const CARD = {
  programme_id: PROGRAMME_ID,
  card_id: CARD_ID,
  name: 'Ada',
  balance: 4,
  lifetime: 12,
  tier: null,
  next_tier: { name: 'Regular', threshold: 20 },
  next_stamp_at: null,
  granted_campaign_rewards: [],
  history: [entry('2026-12-01T09:00:00.000Z', 'joined', 0, null), entry('2026-12-01T09:01:00.000Z', 'credited', 1, 'scan')],
};
const TOO_SOON = { title: 'Too soon for another stamp', status: 409, code: 'loyalty_too_soon', next_at: '2026-12-02T11:00:00.000Z' };

const VISITS = [
  { name: 'the join form with an invitation', path: `/card/${PROGRAMME_ID}?ref=Ym9iQGV4YW1wbGUuY29t`, withCard: false, heading: 'Get your card' },
  { name: 'the card', path: `/card/${PROGRAMME_ID}`, withCard: true, heading: 'Ada’s card' },
  { name: 'a stamp too soon', path: `/card/${PROGRAMME_ID}?venue=K7Q2`, withCard: true, heading: 'Ada’s card' },
  { name: 'the exchange', path: `/card/${PROGRAMME_ID}?exchange=${EXCHANGE_ID}`, withCard: true, heading: 'Redeemed' },
];

async function answerLikeTheApi(page: Page, origin: string) {
  await page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const json = (status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    const base = '/api/v1/public/loyalty';
    if (pathname === `/api/v1/public/codes/${CODE_ID}`) return json(200, { code_id: CODE_ID, type: 'text', status: 'active', owner: OWNER, text: 'Hi' });
    if (pathname === `${base}/programmes/${PROGRAMME_ID}`) return json(200, PROGRAMME);
    if (pathname === `${base}/card`) return json(200, CARD);
    if (pathname === `${base}/stamp`) return json(409, TOO_SOON);
    if (pathname === `${base}/referral-code`)
      return json(200, {
        referral_email: 'ada@example.com',
        referral_link: `${origin}/card/${PROGRAMME_ID}?ref=YWRhQGV4YW1wbGUuY29t`,
        referred_by_number: null,
      });
    if (pathname === `${base}/exchanges/${EXCHANGE_ID}`)
      return json(200, {
        exchange_id: EXCHANGE_ID,
        programme_id: PROGRAMME_ID,
        programme_name: PROGRAMME.name,
        card_id: CARD_ID,
        reward_name: 'A free coffee',
        price: 3,
        redeemed_at: '2026-12-02T10:00:00.000Z',
      });
    return json(404, { title: 'Not Found', status: 404, code: 'not_found' });
  });
}

describeJourney('the loyalty card page on a 375 px phone, light and dark, in the organisation’s colours', () => {
  let site: StaticSite;
  let browser: Browser;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`REQUIRE_SERVICES=1 but missing ${missing.join(' and ')}`);
    site = await serveStatic(WEB_DIST);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  test.each(VISITS.flatMap((visit) => (['light', 'dark'] as const).map((scheme) => ({ ...visit, scheme }))))(
    '$name ($scheme) fits the screen and has no critical or serious axe violation',
    async ({ path, withCard, heading, scheme }) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: scheme });
      try {
        const page = await context.newPage();
        if (withCard) await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [`${PROGRAMME_ID}_card_id`, CARD_ID] as const);
        await answerLikeTheApi(page, site.url);
        await page.goto(`${site.url}${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        if (path.includes('venue=')) await page.getByText('Too soon for another stamp').waitFor();
        if (withCard && !path.includes('exchange=')) await page.getByLabel('Your invitation link').waitFor();
        await page.addScriptTag({ content: AXE });
        const violations = await page.evaluate(async () => {
          const { violations } = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          });
          return violations.map(({ id, impact, nodes }) => ({ id, impact, where: nodes.map((node) => node.target.join(' ')) }));
        });
        expect(violations.filter(({ impact }) => BLOCKING.has(impact ?? ''))).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await context.close();
      }
    },
  );
});
