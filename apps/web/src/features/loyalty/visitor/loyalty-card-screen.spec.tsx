import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import sharp from 'sharp';
import {
  DEFAULT_THEME_STYLE,
  encodeReferralEmail,
  loyaltyCardStorageKey,
  type CardMovement,
  type ExchangeView,
  type LoyaltyCardView,
  type PublicProgrammeView,
} from '@qr/contracts';
import { pixelsOf, QR_DECODERS, readQrWith } from '@qr/qr-render';
import { expectNoAxeViolations } from '../../../testing/axe';
import { installFakeApi, reply, requestsOf, type FakeResponse } from '../../../testing/fake-api';
import { rememberSentForm, sentForms } from '../../../api/sent-forms';
import { renderApp } from '../../../testing/render-app';

const PROGRAMME_ID = '7b000000-0000-4000-8000-000000000001';
const CARD_ID = '7c000000-0000-4000-8000-000000000002';
const EXCHANGE_ID = '7e000000-0000-4000-8000-000000000003';
const CODE_ID = 'AbCdEf1234';
const COFFEE = '7d000000-0000-4000-8000-000000000004';
const MUG = '7d000000-0000-4000-8000-000000000005';
const OWNER = { name: 'Walk Café', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } };

const PROGRAMME: PublicProgrammeView = {
  programme_id: PROGRAMME_ID,
  code_id: CODE_ID,
  name: 'Coffee card',
  description: 'Every tenth coffee is on us.',
  kind: 'stamps',
  stamps_required: 10,
  earning: { per_scan: 1, per_submission: 0, per_currency_unit: 0, currency: 'EUR' },
  min_interval_minutes: 60,
  tiers: [{ name: 'Regular', threshold: 20 }],
  rewards: [
    { reward_id: COFFEE, name: 'A free coffee', price: 3, remaining: null },
    { reward_id: MUG, name: 'A café mug', price: 8, remaining: 0 },
  ],
  campaign_rewards: [
    { campaign_reward_id: '00000000-0000-4000-8000-0000000000c1', name: 'Welcome', code_id: CODE_ID, action: 'form_submitted', times: 1, points: 2 },
    { campaign_reward_id: '00000000-0000-4000-8000-0000000000c2', name: 'Three visits', code_id: CODE_ID, action: 'scanned', times: 3, points: 5 },
  ],
  referral: { referrer_points: 2, friend_points: 1, action: 'any' },
};
const CARD: LoyaltyCardView = {
  programme_id: PROGRAMME_ID,
  card_id: CARD_ID,
  name: 'Ada',
  balance: 4,
  lifetime: 12,
  tier: null,
  next_tier: { name: 'Regular', threshold: 20 },
  next_stamp_at: null,
  granted_campaign_rewards: [],
  // Newest first, as the API sends it.
  history: [
    {
      at: '2026-12-01T09:01:00.000Z',
      kind: 'credited',
      amount: 1,
      source: 'scan',
      reward_name: null,
      exchange_id: null,
      by: null,
      note: null,
      balance_after: 1,
    },
    {
      at: '2026-12-01T09:00:00.000Z',
      kind: 'joined',
      amount: 0,
      source: null,
      reward_name: null,
      exchange_id: null,
      by: null,
      note: null,
      balance_after: 0,
    },
  ],
};
const movement = (extra: Partial<CardMovement> = {}): CardMovement => ({
  card_id: CARD_ID,
  amount: 1,
  balance: 5,
  lifetime: 13,
  tier: null,
  exchange_id: null,
  next_stamp_at: '2026-12-02T11:00:00.000Z',
  ...extra,
});
const EXCHANGE: ExchangeView = {
  exchange_id: EXCHANGE_ID,
  programme_id: PROGRAMME_ID,
  programme_name: 'Coffee card',
  card_id: CARD_ID,
  reward_name: 'A free coffee',
  price: 3,
  redeemed_at: '2026-12-02T10:00:00.000Z',
};

const BASE = '/api/v1/public/loyalty';
type Answers = Partial<Record<'register' | 'card' | 'stamp' | 'redeem' | 'referral-code' | 'campaign-reward' | 'submission', FakeResponse>>;

function serve(answers: Answers = {}, programme: PublicProgrammeView = PROGRAMME) {
  return installFakeApi((path, method) => {
    if (path === `/api/v1/public/codes/${CODE_ID}`) return reply(200, { code_id: CODE_ID, type: 'text', status: 'active', owner: OWNER, text: 'Hi' });
    if (method === 'GET' && path === `${BASE}/programmes/${PROGRAMME_ID}`) return reply(200, programme);
    if (method === 'GET' && path === `${BASE}/exchanges/${EXCHANGE_ID}`) return reply(200, EXCHANGE);
    if (method === 'POST' && path.startsWith(`${BASE}/`)) {
      const route = path.slice(BASE.length + 1) as keyof Answers;
      return (
        answers[route] ??
        { card: reply(200, CARD), 'referral-code': reply(200, { referral_email: 'ada@example.com', referral_link: INVITE, referred_by_number: null }) }[
          route as 'card'
        ]
      );
    }
    return undefined;
  });
}
const INVITE = `http://localhost/card/${PROGRAMME_ID}?ref=${encodeReferralEmail('ada@example.com')}`;
const holdCard = () => localStorage.setItem(loyaltyCardStorageKey(PROGRAMME_ID), CARD_ID);
const posted = (api: ReturnType<typeof serve>, route: string) => requestsOf(api, 'POST').filter(([path]) => path === `${BASE}/${route}`);

/** The drawn card code as a counter's camera reads it, by each decoder. */
async function readDrawnCode(image: HTMLElement) {
  const src = image.getAttribute('src')!;
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const pixels = await pixelsOf(await sharp(Buffer.from(svg)).resize(400).png().toBuffer());
  return Object.fromEntries(await Promise.all(QR_DECODERS.map(async (decoder) => [decoder, await readQrWith(decoder, pixels)])));
}

beforeEach(() => localStorage.clear());

test('a phone without a card reads the programme, its rewards and how to earn, and joins with an email checked by the contract', async () => {
  const api = serve({ register: reply(201, movement({ amount: 0, balance: 0, lifetime: 0, next_stamp_at: null })) });
  const { container } = renderApp(`/card/${PROGRAMME_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Coffee card' })).toBeTruthy();
  // The organisation's frame, from the programme's code.
  expect(screen.getByText('Walk Café')).toBeTruthy();
  expect(screen.getByText('Every tenth coffee is on us.')).toBeTruthy();
  expect(screen.getByText('1 stamp each visit: scan the code at the counter (at most one every hour).')).toBeTruthy();
  expect(screen.getByText('A full card has 10 stamps.')).toBeTruthy();
  expect(screen.getByText('Regular: from 20 stamps earned')).toBeTruthy();
  expect(screen.getByText(': 2 stamps for sending the form')).toBeTruthy();
  expect(screen.getByText('Invite a friend: you get 2 stamps once they earn for the first time.')).toBeTruthy();
  const mug = screen.getByText('A café mug').closest('li')!;
  expect(within(mug).getByText('Out of stock')).toBeTruthy();
  expect(within(mug).getByText('8 stamps')).toBeTruthy();
  // Without a card there is nothing to redeem.
  expect(screen.queryByRole('button', { name: /^Redeem/ })).toBeNull();
  await expectNoAxeViolations(container);

  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(await screen.findByText('Enter your email or your phone number.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Phone number', { exact: false }), { target: { value: '020 7946 0958' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(await screen.findByText('Use a phone number in international form, such as +44 20 7946 0958.')).toBeTruthy();
  expect(posted(api, 'register')).toEqual([]);
  await expectNoAxeViolations(container);

  fireEvent.change(screen.getByLabelText('Phone number', { exact: false }), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
  fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Ada' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(await screen.findByRole('heading', { name: 'Ada’s card' })).toBeTruthy();
  expect(posted(api, 'register')).toEqual([[`${BASE}/register`, { programme_id: PROGRAMME_ID, email: 'ada@example.com', name: 'Ada' }]]);
  expect(localStorage.getItem(loyaltyCardStorageKey(PROGRAMME_ID))).toBe(CARD_ID);
});

test('a phone number in international form joins as E.164', async () => {
  const api = serve({ register: reply(201, movement({ amount: 0 })) });
  renderApp(`/card/${PROGRAMME_ID}`);
  fireEvent.change(await screen.findByLabelText('Phone number', { exact: false }), { target: { value: '+44 20 7946 0958' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  await screen.findByRole('heading', { name: 'Ada’s card' });
  expect(posted(api, 'register')[0]?.[1]).toEqual({ programme_id: PROGRAMME_ID, phone: '+442079460958' });
});

test('a friend’s phone number typed at joining goes as referred_by_number, in E.164', async () => {
  const api = serve({ register: reply(201, movement({ amount: 0 })) });
  renderApp(`/card/${PROGRAMME_ID}`);
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Invited by a friend? Their number (optional)', { exact: false }), { target: { value: '+44 20 7946 0111' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  await screen.findByRole('heading', { name: 'Ada’s card' });
  expect(posted(api, 'register')[0]?.[1]).toEqual({ programme_id: PROGRAMME_ID, email: 'ada@example.com', referred_by_number: '+442079460111' });
});

test('an invitation link shows who invited and joins with their email as referral_email', async () => {
  const api = serve({ register: reply(201, movement({ amount: 1 })) });
  renderApp(`/card/${PROGRAMME_ID}?ref=${encodeReferralEmail('Bob@Example.com')}`);
  expect(await screen.findByText('bob@example.com')).toBeTruthy();
  expect(screen.getByText(/Invited by/).textContent).toBe('Invited by bob@example.com');
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  await screen.findByRole('heading', { name: 'Ada’s card' });
  expect(posted(api, 'register')[0]?.[1]).toEqual({ programme_id: PROGRAMME_ID, email: 'ada@example.com', referral_email: 'bob@example.com' });
});

test('a link whose invitation is not an email is ignored, and an email with a card elsewhere is told to ask at the counter', async () => {
  const api = serve({ register: reply(409, { title: 'You already have a card', code: 'loyalty_already_member', status: 409 }) });
  renderApp(`/card/${PROGRAMME_ID}?ref=bm90LWFuLWVtYWls`);
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
  expect(screen.queryByText(/^Invited by .*@/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Ask at the counter: staff can find your card.');
  expect(posted(api, 'register')[0]?.[1]).toEqual({ programme_id: PROGRAMME_ID, email: 'ada@example.com' });
  expect(localStorage.getItem(loyaltyCardStorageKey(PROGRAMME_ID))).toBeNull();
});

test('a card holder sees the stamps filled up to the balance, the next level, the history and a code staff scan to open the member', async () => {
  holdCard();
  serve();
  const { container } = renderApp(`/card/${PROGRAMME_ID}`);
  const grid = await screen.findByRole('img', { name: '4 of 10 stamps' });
  expect(grid.querySelectorAll('[data-filled]')).toHaveLength(4);
  expect(grid.children).toHaveLength(10);
  expect(screen.getByText('4 of 10 stamps')).toBeTruthy();
  expect(screen.getByText('Next level: Regular, 8 stamps to go')).toBeTruthy();
  const history = screen.getByRole('heading', { name: 'History' }).parentElement!;
  expect(
    within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([expect.stringMatching(/^Visit.*\+1 stamp$/), expect.stringMatching(/^Joined/)]);
  const link = `http://localhost/admin/loyalty/${PROGRAMME_ID}/members/${CARD_ID}`;
  expect(await readDrawnCode(screen.getByRole('img', { name: 'Your card’s code, for staff to scan' }))).toEqual({ zxing: [link], zbar: [link] });
  // The rewards within reach can be redeemed; the others say how far off they are.
  expect(screen.getByRole('button', { name: 'Redeem A free coffee' }).hasAttribute('disabled')).toBe(false);
  expect(screen.queryByRole('button', { name: 'Redeem A café mug' })).toBeNull();
  // The invitation link, to copy or share.
  expect(((await screen.findByLabelText('Your invitation link')) as HTMLInputElement).value).toBe(INVITE);
  expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  await expectNoAxeViolations(container);
});

test('a reward the balance does not reach cannot be redeemed', async () => {
  holdCard();
  serve({ card: reply(200, { ...CARD, balance: 2 }) });
  renderApp(`/card/${PROGRAMME_ID}`);
  expect((await screen.findByRole('button', { name: 'Redeem A free coffee' })).hasAttribute('disabled')).toBe(true);
  expect(screen.getByText('1 stamp to go')).toBeTruthy();
});

test('redeeming asks once more, then shows the exchange’s screen for the counter, and back leads to the card', async () => {
  holdCard();
  const api = serve({ redeem: reply(200, movement({ amount: -3, balance: 1, exchange_id: EXCHANGE_ID })) });
  const { router, container } = renderApp(`/card/${PROGRAMME_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Redeem A free coffee' }));
  expect(posted(api, 'redeem')).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Yes, redeem' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Redeemed' })).toBeTruthy();
  expect(posted(api, 'redeem')).toEqual([[`${BASE}/redeem`, { programme_id: PROGRAMME_ID, card_id: CARD_ID, reward_id: COFFEE }]]);
  expect(router.state.location.search).toBe(`?exchange=${EXCHANGE_ID}`);
  expect(screen.getByText('A free coffee')).toBeTruthy();
  expect(screen.getByText('Show this at the counter.')).toBeTruthy();
  expect(screen.getByText(/^Coffee card, redeemed /)).toBeTruthy();
  await expectNoAxeViolations(container);
  fireEvent.click(screen.getByRole('button', { name: 'Back to my card' }));
  expect(await screen.findByRole('heading', { name: 'Ada’s card' })).toBeTruthy();
});

test('a refused redemption says why in plain words', async () => {
  holdCard();
  serve({ redeem: reply(409, { title: 'This reward is out of stock', code: 'loyalty_out_of_stock', status: 409 }) });
  renderApp(`/card/${PROGRAMME_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Redeem A free coffee' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, redeem' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Not redeemedThis reward has all been given out.');
});

test('a campaign reward for visits is claimed on the card, and until the card is far enough along the stream’s count is told', async () => {
  holdCard();
  const api = serve({
    'campaign-reward': reply(409, { title: 'Not yet', code: 'loyalty_action_not_done', detail: 'Three visits comes after 3: this card is at 2.' }),
  });
  renderApp(`/card/${PROGRAMME_ID}`);
  // A form's reward comes with the form: only the visits' is claimed here.
  expect(screen.queryByRole('button', { name: 'Claim Welcome' })).toBeNull();
  fireEvent.click(await screen.findByRole('button', { name: 'Claim Three visits' }));
  expect(await screen.findByText('Three visits comes after 3: this card is at 2.')).toBeTruthy();
  expect(posted(api, 'campaign-reward')).toEqual([
    [`${BASE}/campaign-reward`, { programme_id: PROGRAMME_ID, card_id: CARD_ID, code_id: CODE_ID, action: 'scanned' }],
  ]);
});

test('a form sent on this phone earns on the card when it opens, with the form’s campaign reward, and is then forgotten', async () => {
  holdCard();
  const submission = '00000000-0000-4000-8000-0000000000f1';
  rememberSentForm(submission);
  const api = serve(
    { submission: reply(200, movement({ amount: 1 })), 'campaign-reward': reply(200, movement({ amount: 2 })) },
    { ...PROGRAMME, earning: { ...PROGRAMME.earning, per_submission: 1 } },
  );
  renderApp(`/card/${PROGRAMME_ID}`);
  expect(await screen.findByText('3 stamps added for the form you sent.')).toBeTruthy();
  expect(posted(api, 'submission')).toEqual([[`${BASE}/submission`, { programme_id: PROGRAMME_ID, card_id: CARD_ID, submission_id: submission }]]);
  expect(posted(api, 'campaign-reward')).toEqual([
    [`${BASE}/campaign-reward`, { programme_id: PROGRAMME_ID, card_id: CARD_ID, code_id: CODE_ID, action: 'form_submitted', submission_id: submission }],
  ]);
  expect(sentForms()).toEqual([]);
});

test('a form the server does not know yet is asked about again next time', async () => {
  holdCard();
  rememberSentForm('00000000-0000-4000-8000-0000000000f2');
  const notYet = reply(404, { title: 'Not found', code: 'loyalty_submission_not_found' });
  const api = serve({ submission: notYet, 'campaign-reward': notYet }, { ...PROGRAMME, earning: { ...PROGRAMME.earning, per_submission: 1 } });
  renderApp(`/card/${PROGRAMME_ID}`);
  await waitFor(() => expect(posted(api, 'campaign-reward')).toHaveLength(1));
  await waitFor(() => expect(sentForms().map((form) => form.submission_id)).toEqual(['00000000-0000-4000-8000-0000000000f2']));
  expect(screen.queryByText(/added for the form you sent/)).toBeNull();
});

test('the venue’s code of the day adds a stamp once, and leaves the address so that a reload does not ask again', async () => {
  holdCard();
  const api = serve({ stamp: reply(200, movement()) });
  const { router } = renderApp(`/card/${PROGRAMME_ID}?venue=K7Q2`);
  expect(await screen.findByText('Stamp added')).toBeTruthy();
  expect(screen.getByText('You have 5 of 10 stamps.')).toBeTruthy();
  expect(posted(api, 'stamp')).toEqual([[`${BASE}/stamp`, { programme_id: PROGRAMME_ID, card_id: CARD_ID, venue_code: 'K7Q2' }]]);
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(screen.getByText('Stamp added')).toBeTruthy();
  expect(posted(api, 'stamp')).toHaveLength(1);
});

test('a stamp collected before a redemption is not asked for again when the visitor is back from the exchange’s screen', async () => {
  holdCard();
  const api = serve({ stamp: reply(200, movement()), redeem: reply(200, movement({ amount: -3, balance: 2, exchange_id: EXCHANGE_ID })) });
  renderApp(`/card/${PROGRAMME_ID}?venue=K7Q2`);
  expect(await screen.findByText('Stamp added')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Redeem A free coffee' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, redeem' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Back to my card' }));
  expect(await screen.findByRole('heading', { name: 'Ada’s card' })).toBeTruthy();
  expect(screen.queryByText('Stamp added')).toBeNull();
  expect(posted(api, 'stamp')).toHaveLength(1);
});

test('a stamp too soon after the last says when the next is possible, in the visitor’s own way of writing times', async () => {
  holdCard();
  const nextAt = '2026-12-02T11:00:00.000Z';
  serve({ stamp: reply(409, { title: 'Too soon for another stamp', code: 'loyalty_too_soon', status: 409, next_at: nextAt }) });
  const { router } = renderApp(`/card/${PROGRAMME_ID}?venue=K7Q2`);
  expect(await screen.findByText('Too soon for another stamp')).toBeTruthy();
  expect(
    screen.getByText(`You can collect the next one from ${new Date(nextAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.`),
  ).toBeTruthy();
  await waitFor(() => expect(router.state.location.search).toBe(''));
});

test('yesterday’s venue code is refused as not today’s', async () => {
  holdCard();
  serve({ stamp: reply(400, { title: 'This is not today’s code', code: 'loyalty_venue_code_invalid', status: 400 }) });
  renderApp(`/card/${PROGRAMME_ID}?venue=OLD1`);
  expect(await screen.findByText('Not today’s code')).toBeTruthy();
  expect(screen.getByText('This is not today’s code. Scan the code at the counter again.')).toBeTruthy();
});

test('a visitor without a card who scans the venue code joins first, and the stamp is collected then', async () => {
  const api = serve({ register: reply(201, movement({ amount: 0 })), stamp: reply(200, movement()) });
  renderApp(`/card/${PROGRAMME_ID}?venue=K7Q2`);
  expect(await screen.findByText(/Your stamp for today is added once you have joined\./)).toBeTruthy();
  expect(posted(api, 'stamp')).toEqual([]);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  expect(await screen.findByText('Stamp added')).toBeTruthy();
  expect(posted(api, 'stamp')).toEqual([[`${BASE}/stamp`, { programme_id: PROGRAMME_ID, card_id: CARD_ID, venue_code: 'K7Q2' }]]);
});

test('a card this programme no longer knows is forgotten, and the phone is offered to join again', async () => {
  holdCard();
  serve({ card: reply(404, { title: 'Card not found', code: 'loyalty_member_not_found', status: 404 }) });
  renderApp(`/card/${PROGRAMME_ID}`);
  expect(await screen.findByRole('heading', { name: 'Get your card' })).toBeTruthy();
  expect(localStorage.getItem(loyaltyCardStorageKey(PROGRAMME_ID))).toBeNull();
});

test('an unknown programme says the card is not available, and a code id still opens its business card', async () => {
  serve();
  const { unmount } = renderApp('/card/7b000000-0000-4000-8000-00000000ffff');
  expect(await screen.findByRole('heading', { name: 'This card is not available' })).toBeTruthy();
  unmount();
  installFakeApi((path) =>
    path === `/api/v1/public/codes/${CODE_ID}`
      ? reply(200, { code_id: CODE_ID, type: 'vcard', status: 'active', owner: OWNER, first_name: 'Ada', last_name: 'Lovelace' })
      : undefined,
  );
  renderApp(`/card/${CODE_ID}`);
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
});

test('long names wrap within a phone’s 375 px instead of widening the page, and the stamp grid fits it', async () => {
  holdCard();
  const long = 'TheVeryLongestRewardNameWithoutASingleSpaceAnywhereAtAll';
  serve({}, { ...PROGRAMME, name: long, rewards: [{ reward_id: COFFEE, name: long, price: 3, remaining: null }] });
  renderApp(`/card/${PROGRAMME_ID}`);
  const wraps = (element: HTMLElement) => element.closest('[style*="overflow-wrap: anywhere"]') !== null;
  const grid = await screen.findByRole('img', { name: '4 of 10 stamps' });
  expect(wraps(screen.getAllByText(long).find((element) => element.closest('li'))!)).toBe(true);
  expect(wraps(screen.getByRole('heading', { level: 1, name: long }))).toBe(true);
  // 375 px less the frame's padding on each side (16 px): at most five squares a row, in at most 320 px.
  expect(grid.style.maxWidth).toBe('320px');
  expect(grid.style.gridTemplateColumns).toBe('repeat(5, 1fr)');
});
