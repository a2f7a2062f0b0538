import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
// The API's own test certificates, for an Apple issuer the server accepts (as in wallet-passes.e2e.spec.ts).
// eslint-disable-next-line @nx/enforce-module-boundaries -- test material of the API that this suite runs
import { testAppleIssuer } from '../../api/src/passes/apple/apple-test-certificates.fixture';

/** What the seeded organisation holds, for filling in the route table's parameters. */
export interface Seed {
  orgId: string;
  codes: { url: string; page: string; vcard: string; text: string; note: string; wifi: string; paused: string };
  pageId: string;
  vanityName: string;
  folderId: string;
  customerId: string;
  member: string;
  programmeId: string;
  cardId: string;
  designId: string;
  pollId: string;
  wallId: string;
  gameId: string;
  voucherCode: string;
}

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** A new user signs up from an admin address and names their organisation, as the sign-in journey does. */
export async function signUpOwner(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/admin/my-codes`);
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 15_000 });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${origin}/admin/my-codes`, { timeout: 15_000 });
  await page.getByLabel('Organisation name').fill('Harbour Deli');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page
    .getByRole('table', { name: 'Codes' })
    .or(page.getByText(/No codes yet/))
    .first()
    .waitFor({ timeout: 15_000 });
}

/** The signed-in admin's API, called from their page with the token and organisation the app keeps; any answer but 2xx throws. */
export async function api<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
      const { org_id } = JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id?: string };
      const withOrg = (text: string) => text.replaceAll('{org_id}', org_id ?? '');
      const response = await fetch(withOrg(path), {
        method,
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? withOrg(JSON.stringify(body)) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text === '' ? {} : JSON.parse(text)) as T;
    },
    { method, path, body },
  );
}

/** A small PNG drawn in the page and uploaded as staff would, for the page's image block. */
async function uploadPicture(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('qr-platform.auth.tokens') ?? '{}') as { token?: string };
    const { org_id } = JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id?: string };
    const canvas = new OffscreenCanvas(320, 180);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1c7ed6';
    context.fillRect(0, 0, 320, 180);
    context.fillStyle = '#ffd43b';
    context.fillRect(40, 40, 240, 100);
    const form = new FormData();
    form.append('file', await canvas.convertToBlob({ type: 'image/png' }), 'shop-window.png');
    const response = await fetch(`/api/v1/uploads?org_id=${org_id}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { blob_id: string }).blob_id;
  });
}

/** A selfie wall on the code with a visitor's photo waiting in its review queue, posted as a phone posts it. */
async function seedWall(page: Page, codeId: string): Promise<string> {
  const { wall_id: wallId } = await api<{ wall_id: string }>(page, 'POST', '/api/v1/walls', {
    org_id: '{org_id}',
    code_id: codeId,
    title: 'Summer market wall',
    prompt: 'Show us your market haul!',
  });
  await page.evaluate(async (wallId) => {
    const canvas = new OffscreenCanvas(480, 360);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2f9e44';
    context.fillRect(0, 0, 480, 360);
    context.fillStyle = '#fab005';
    context.beginPath();
    context.arc(240, 180, 120, 0, Math.PI * 2);
    context.fill();
    const form = new FormData();
    form.append('file', await canvas.convertToBlob({ type: 'image/png' }), 'haul.png');
    form.append('caption', 'Our market haul');
    const response = await fetch(`/api/v1/public/walls/${wallId}/photos`, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`wall photo: ${response.status} ${await response.text()}`);
  }, wallId);
  return wallId;
}

/**
 * An open quiz with a leaderboard, played once by a visitor who answered right, won its voucher and
 * claimed it: the game's screens with stock, a play, a board and the voucher's counter page.
 */
async function seedGame(page: Page, codeId: string): Promise<{ gameId: string; voucherCode: string }> {
  const { game_id: gameId } = await api<{ game_id: string }>(page, 'POST', '/api/v1/games', {
    org_id: '{org_id}',
    code_id: codeId,
    name: 'Bread quiz',
    kind: 'quiz',
    prizes: [{ id: 'loaf', label: 'A free loaf', stock: 5, chance: 100, claim: { kind: 'voucher', text: 'One loaf of the day' } }],
    play_limit: null,
    quiz: {
      questions: [
        {
          id: 'flour',
          text: 'Which flour makes a rye loaf?',
          answers: [
            { id: 'rye', label: 'Rye' },
            { id: 'corn', label: 'Corn' },
          ],
          correct: 'rye',
          seconds: 30,
        },
      ],
    },
    leaderboard: { order: 'desc', period: 'all_time', time_zone: 'UTC' },
  });
  await api(page, 'POST', `/api/v1/games/${gameId}/open`);
  const { player_token } = await api<{ player_token: string }>(page, 'GET', `/api/v1/public/games/${gameId}`);
  const playId = randomUUID();
  await api(page, 'POST', `/api/v1/public/games/${gameId}/plays`, { player_token, play_id: playId, nickname: 'Ada' });
  await api(page, 'POST', `/api/v1/public/games/${gameId}/plays/${playId}/answers`, { player_token, question_id: 'flour', answer_id: 'rye' });
  const { voucher } = await api<{ voucher: { voucher_code: string } }>(page, 'POST', `/api/v1/public/games/${gameId}/plays/${playId}/claim`, { player_token });
  return { gameId, voucherCode: voucher.voucher_code };
}

async function poll<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not appear within 20 s`);
}

/**
 * An organisation with something on every screen: a code of each type a visitor page shows, a
 * landing page with blocks, a picture and the default form, a submission (so a customer), a folder,
 * a note, scans from phones and desktops, an experience, a second member, published terms, a wallet pass and an open poll with a vote.
 */
export async function seedOrganisation(page: Page, origin: string): Promise<Seed> {
  const stamp = Date.now();
  const orgId = await page.evaluate(() => (JSON.parse(localStorage.getItem('qr-platform.organisation') ?? '{}') as { org_id: string }).org_id);
  const code = async (name: string, content: object) =>
    (await api<{ code_id: string }>(page, 'POST', '/api/v1/codes', { org_id: '{org_id}', name, ...content })).code_id;
  const codes = {
    url: await code('Spring sale', { type: 'url', url: 'https://example.com/spring' }),
    page: await code('Registration desk', { type: 'page' }),
    vcard: await code('Ada’s card', {
      type: 'vcard',
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization: 'Harbour Deli',
      job_title: 'Owner',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      website: 'https://example.com/',
      city: 'London',
    }),
    text: await code('Opening hours', { type: 'text', text: 'Open every day from 8 am to 6 pm.' }),
    note: await code('Allergy notes', { type: 'note', title: 'Allergens', text: 'Every sandwich can be made without gluten.' }),
    wifi: await code('Guest Wi-Fi', { type: 'wifi', ssid: 'HarbourGuest', password: 'croissant', encryption: 'WPA' }),
    paused: await code('Winter menu', { type: 'url', url: 'https://example.com/winter' }),
  };
  await api(page, 'POST', `/api/v1/codes/${codes.paused}/pause`);

  const vanityName = `harbour-deli-${stamp}`;
  const { page_id: pageId } = await api<{ page_id: string }>(page, 'POST', '/api/v1/pages', {
    code_id: codes.page,
    title: 'Welcome to Harbour Deli',
    vanity_name: vanityName,
    blocks: [
      { kind: 'heading', title: 'Join the bread club', subtitle: 'A free loaf on your birthday' },
      { kind: 'image', blob_id: await uploadPicture(page), alt: 'Our shop window' },
      { kind: 'text', html: '<p>Sign up and we will tell you <strong>first</strong> when the sourdough is out.</p>' },
      { kind: 'countdown', label: 'Summer market opens in', until: '2030-06-01T09:00:00Z' },
      { kind: 'button', label: 'See the menu', url: 'https://example.com/menu' },
      { kind: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/harbourdeli' }] },
      { kind: 'form', submit_label: 'Join' },
      // The promo entry is checked at both widths and in both schemes with the rest of the page.
      { kind: 'promo', title: 'Have a promo code?', button_label: 'Check my code' },
    ],
    success_message: 'Welcome to the club. Your first loaf is waiting.',
  });

  const { folder_id: folderId } = await api<{ folder_id: string }>(page, 'POST', '/api/v1/folders', { org_id: '{org_id}', name: 'Window posters' });
  await api(page, 'POST', `/api/v1/folders/${folderId}/codes`, { code_ids: [codes.url, codes.page] });
  await api(page, 'POST', '/api/v1/notes', { code_id: codes.page, text: 'Reprint before the summer market' });
  const today = new Date().toISOString().slice(0, 10);
  await api(page, 'POST', '/api/v1/experiences', {
    org_id: '{org_id}',
    name: 'Summer market',
    description: 'Stalls by the harbour',
    starts_on: today,
    ends_on: today,
  });
  const member = `bob.${stamp}@example.com`;
  await api(page, 'POST', `/api/v1/organizations/{org_id}/users`, { email: member, role: 'editor' });
  await api(page, 'POST', `/api/v1/organizations/{org_id}/terms`, { text: 'We keep your details safe and never sell them.' });

  // Scans as printed codes get them: phones and desktops, several times, for every chart and the heat map.
  for (const [index, userAgent] of [PHONE, DESKTOP, PHONE, PHONE, DESKTOP, PHONE].entries()) {
    for (const id of [codes.url, codes.page, codes.text]) {
      await fetch(`${origin}/${id}`, { redirect: 'manual', headers: { 'user-agent': userAgent, 'accept-language': index % 2 ? 'de-DE' : 'en-GB' } });
    }
  }

  await api(page, 'POST', `/api/v1/public/pages/${pageId}/submissions`, {
    submission_id: crypto.randomUUID(),
    answers: { first_name: 'Grace', last_name: 'Hopper', email: `grace.${stamp}@example.com`, phone: '5555550100' },
  });
  const customerId = await poll('the customer', async () => {
    const list = await api<{ items: { id: string }[] }>(page, 'GET', `/api/v1/customers?org_id={org_id}`);
    return list.items[0]?.id;
  });
  // A loyalty programme with a member who has earned and redeemed, for the card page and the staff's screens.
  const { programme_id: programmeId } = await api<{ programme_id: string }>(page, 'POST', '/api/v1/loyalty/programmes', {
    org_id: '{org_id}',
    code_id: codes.page,
    terms: {
      name: 'Bread club card',
      description: 'A stamp for every loaf; the tenth is on us.',
      kind: 'stamps',
      stamps_required: 10,
      min_interval_minutes: 0,
      tiers: [{ name: 'Regular', threshold: 5 }],
      reward_list: [
        { reward_id: crypto.randomUUID(), name: 'A free loaf', price: 10 },
        { reward_id: crypto.randomUUID(), name: 'A coffee', price: 1, stock: 50 },
      ],
      referral: { referrer_points: 1, friend_points: 1 },
    },
  });
  const { card_id: cardId } = await api<{ card_id: string }>(page, 'POST', '/api/v1/public/loyalty/register', {
    programme_id: programmeId,
    email: `grace.${stamp}@example.com`,
    name: 'Grace',
  });
  for (let stamp = 0; stamp < 3; stamp++) {
    await api(page, 'POST', `/api/v1/loyalty/programmes/${programmeId}/members/${cardId}/post`, { kind: 'stamp', request_id: crypto.randomUUID() });
  }
  // Apple Wallet connected, a pass design for the programme and Grace's pass: the wallet screens with something on them.
  await api(page, 'PUT', '/api/v1/passes/issuers/apple', { org_id: '{org_id}', ...testAppleIssuer() });
  const { design_id: designId } = await api<{ design_id: string }>(page, 'POST', '/api/v1/passes/designs', {
    org_id: '{org_id}',
    source: { kind: 'loyalty_card', programme_id: programmeId },
    terms: {
      name: 'Bread club pass',
      description: 'The Harbour Deli bread club card',
      logo_text: 'Harbour Deli',
      background_color: '#1f2937',
      foreground_color: '#ffffff',
      label_color: '#d1d5db',
      header_fields: [{ key: 'tier', label: 'Tier', value: '{{tier}}' }],
      primary_fields: [{ key: 'balance', label: 'Stamps', value: '{{balance}} of {{stamps_required}}' }],
      secondary_fields: [{ key: 'name', label: 'Member', value: '{{name}}' }],
      back_fields: [{ key: 'terms', label: 'Terms', value: 'The tenth loaf is on us.' }],
    },
  });
  await api(page, 'POST', '/pass-service/passes', { design_id: designId, holder: { kind: 'loyalty_card', card_id: cardId } });
  // An open poll with a vote in it, for the poll's screens, its presenter view and its voters' page.
  const { poll_id: pollId } = await api<{ poll_id: string }>(page, 'POST', '/api/v1/polls', {
    org_id: '{org_id}',
    code_id: codes.page,
    question: 'Which loaf should we bake next?',
    kind: 'single',
    options: [
      { id: 'rye', label: 'Rye' },
      { id: 'spelt', label: 'Spelt' },
    ],
  });
  await api(page, 'POST', `/api/v1/polls/${pollId}/open`);
  const { voter_token } = await api<{ voter_token: string }>(page, 'GET', `/api/v1/public/polls/${pollId}`);
  await api(page, 'POST', `/api/v1/public/polls/${pollId}/votes`, { voter_token, choices: ['rye'] });
  const wallId = await seedWall(page, codes.page);
  const { gameId, voucherCode } = await seedGame(page, codes.page);
  return { orgId, codes, pageId, vanityName, folderId, customerId, member, programmeId, cardId, designId, pollId, wallId, gameId, voucherCode };
}
