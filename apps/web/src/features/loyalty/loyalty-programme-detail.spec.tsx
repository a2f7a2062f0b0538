import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import sharp from 'sharp';
import { pixelsOf, QR_DECODERS, readQrWith } from '@qr/qr-render';
import { expectNoAxeViolations } from '../../testing/axe';
import { codeView } from '../../testing/code-view';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CARD_ID, CODE_ID, memberView, PROGRAMME_ID, programmeView } from './loyalty-admin-fixtures';
import { untilRefresh } from './loyalty-counter';

const base = `/api/v1/loyalty/programmes/${PROGRAMME_ID}`;
const screenPath = (tab?: string) => `/admin/my-codes/loyalty/${CODE_ID}?programme=${PROGRAMME_ID}${tab ? `&tab=${tab}` : ''}`;
const CSV = 'card_id,email\r\n' + `${CARD_ID},ada@example.com\r\n`;
const OTHER_CARD = '0190a6b2-0000-7000-8000-0000000000e2';

const member = (n: number) => {
  const { history: _history, programme_id: _programme, ...summary } = memberView();
  return { ...summary, card_id: n === 1 ? CARD_ID : OTHER_CARD, email: `member${n}@example.com`, phone: null, name: n === 1 ? 'Ada' : null };
};

const analysis = {
  programme_id: PROGRAMME_ID,
  totals: { referrals: 2, converted: 1, flagged: 1, rewarded: 15 },
  referrers: [{ referrer: 'ada@example.com', referrals: 2, converted: 1, flagged: 1, rewarded: 15 }],
  referrals: [
    {
      referral_id: '0190a6b2-0000-7000-8000-0000000000b1',
      referrer: 'ada@example.com',
      friend: 'grace@example.com',
      action: 'any',
      status: 'converted',
      flags: [],
      referrer_rewarded: 15,
      recorded_at: '2026-11-21T10:00:00.000Z',
      converted_at: '2026-11-22T10:00:00.000Z',
    },
    {
      referral_id: '0190a6b2-0000-7000-8000-0000000000b2',
      referrer: 'ada@example.com',
      friend: 'adaa@example.com',
      action: 'any',
      status: 'flagged',
      flags: [{ rule: 'similar_email', why: 'adaa@example.com is one letter away from the referrer’s own ada@example.com.' }],
      referrer_rewarded: 0,
      recorded_at: '2026-11-23T10:00:00.000Z',
      converted_at: null,
    },
  ],
};

let api: FakeApi;
let venueCodes: { venue_code: string; valid_until: string }[];

function exportResponse(): FakeResponse {
  const chunk = new TextEncoder().encode(Buffer.from(CSV).toString('base64'));
  let sent = false;
  return {
    ...reply(200),
    headers: new Headers({ 'x-row-count': '1' }),
    body: { getReader: () => ({ read: async () => (sent ? { done: true } : ((sent = true), { done: false, value: chunk })) }) },
  } as FakeResponse;
}

function start(path: string, role = 'owner') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/${CODE_ID}`) return reply(200, codeView(CODE_ID, 'Café door'));
    if (url === `/api/v1/loyalty/programmes?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, [programmeView()]);
    if (url.startsWith(`${base}/members?`)) {
      const query = new URLSearchParams(url.split('?')[1]);
      const page = Number(query.get('page'));
      if (query.get('search') === 'nobody') return reply(200, { items: [], page: 1, per_page: 25, total: 0 });
      return reply(200, { items: [member(page)], page, per_page: 25, total: 30 });
    }
    if (url === `${base}/referrals`) return reply(200, analysis);
    if (url === `${base}/venue-code`) {
      const venue = venueCodes.length > 1 ? venueCodes.shift()! : venueCodes[0]!;
      return reply(200, {
        programme_id: PROGRAMME_ID,
        venue_code: venue.venue_code,
        url: `http://localhost/card/${PROGRAMME_ID}?venue=${venue.venue_code}`,
        valid_until: venue.valid_until,
      });
    }
    if (url === `${base}/export`) return exportResponse();
    return undefined;
  });
  return renderApp(path);
}

/** The drawn QR code as a phone's camera reads it, by each decoder. */
async function readDrawnCode(image: HTMLElement) {
  const svg = decodeURIComponent(image.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const pixels = await pixelsOf(await sharp(Buffer.from(svg)).resize(400).png().toBuffer());
  return Object.fromEntries(await Promise.all(QR_DECODERS.map(async (decoder) => [decoder, await readQrWith(decoder, pixels)])));
}

beforeEach(() => {
  localStorage.clear();
  venueCodes = [{ venue_code: 'K7Q2', valid_until: '2099-01-01T00:00:00.000Z' }];
});

test('a programme opens on its members, searched and paged, a row opening the member; its card page link has a QR code', async () => {
  const { container, router } = start(`/admin/my-codes/loyalty/${CODE_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Members and counter of Coffee card' }));
  expect(await screen.findByRole('heading', { name: 'Coffee card', level: 2 })).toBeTruthy();
  const cardLink = `${window.location.origin}/card/${PROGRAMME_ID}`;
  expect((screen.getByLabelText('Visitors join and see their card at') as HTMLInputElement).value).toBe(cardLink);
  expect(screen.getByRole('button', { name: 'Copy the card link' })).toBeTruthy();
  const qr = await screen.findByRole('img', { name: 'QR code of the card page of Coffee card' });
  expect(await readDrawnCode(qr)).toEqual({ zxing: [cardLink], zbar: [cardLink] });

  const first = (await screen.findByRole('link', { name: 'member1@example.com' })).closest('tr')!;
  expect(within(first).getByText('4 stamps')).toBeTruthy();
  expect(within(first).getByText('Ada')).toBeTruthy();
  await expectNoAxeViolations(container);
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByRole('button', { name: 'Page 2' }));
  expect(await screen.findByRole('link', { name: 'member2@example.com' })).toBeTruthy();

  fireEvent.change(screen.getByLabelText(/Search members/), { target: { value: 'nobody' } });
  expect(await screen.findByText('No member matches.')).toBeTruthy();
  expect(requestsOf(api, 'GET').map(([url]) => url)).toContain(`${base}/members?page=1&per_page=25&search=nobody`);
  fireEvent.change(screen.getByLabelText(/Search members/), { target: { value: '' } });
  fireEvent.click((await screen.findByText('member1@example.com')).closest('tr')!.querySelector('td:last-child')!);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/loyalty/${PROGRAMME_ID}/members/${CARD_ID}`));
});

test('the rewards tab says stock, redeemed and remaining; the referrals tab totals, referrers and each flag with why', async () => {
  const { container } = start(screenPath('rewards'));
  const coffee = (await screen.findByRole('cell', { name: 'A free coffee' })).closest('tr')!;
  expect(within(coffee).getAllByText('No limit')).toHaveLength(2);
  expect(within(coffee).getByText('4')).toBeTruthy();
  const mug = screen.getByRole('cell', { name: 'A mug' }).closest('tr')!;
  expect(within(mug).getByText('Out of stock')).toBeTruthy();
  // On a phone the table scrolls sideways, and holds no link to reach it by: its box takes the keyboard's focus.
  expect(screen.getByRole('region', { name: 'Rewards' }).getAttribute('tabindex')).toBe('0');
  await expectNoAxeViolations(container);

  fireEvent.click(screen.getByRole('tab', { name: 'Referrals' }));
  expect(await screen.findByText('Stamps given')).toBeTruthy();
  const flagged = screen.getByRole('cell', { name: 'adaa@example.com' }).closest('tr')!;
  expect(within(flagged).getByText('Flagged')).toBeTruthy();
  expect(within(flagged).getByText('Near-identical email')).toBeTruthy();
  expect(within(flagged).getByText(/one letter away from the referrer’s own/)).toBeTruthy();
  expect(within(screen.getByRole('cell', { name: 'grace@example.com' }).closest('tr')!).getByText('Converted')).toBeTruthy();
  await expectNoAxeViolations(container);
});

test('the counter shows today’s venue code as a QR code with its address and end, and the next day’s once it ends', async () => {
  venueCodes = [
    { venue_code: 'K7Q2', valid_until: new Date(Date.now() + 300).toISOString() },
    { venue_code: 'M3X9', valid_until: '2099-01-01T00:00:00.000Z' },
  ];
  const { container } = start(screenPath('counter'));
  const today = `http://localhost/card/${PROGRAMME_ID}?venue=K7Q2`;
  const image = await screen.findByRole('img', { name: 'Today’s code of Coffee card' });
  expect(screen.getByRole('link', { name: today })).toBeTruthy();
  expect(screen.getByText(/^Valid until .* \(Europe\/London\)\. A new code shows here by itself after midnight\.$/)).toBeTruthy();
  expect(await readDrawnCode(image)).toEqual({ zxing: [today], zbar: [today] });
  await expectNoAxeViolations(container);

  const tomorrow = `http://localhost/card/${PROGRAMME_ID}?venue=M3X9`;
  expect(await screen.findByRole('link', { name: tomorrow }, { timeout: 4000 })).toBeTruthy();
  expect(await readDrawnCode(await screen.findByRole('img', { name: 'Today’s code of Coffee card' }))).toEqual({ zxing: [tomorrow], zbar: [tomorrow] });
});

test('the counter asks again just past the code’s end, never at once, nor later than a day', () => {
  const now = Date.parse('2026-12-02T17:00:00.000Z');
  expect(untilRefresh('2026-12-03T00:00:00.000Z', now)).toBe(7 * 60 * 60 * 1000 + 1000);
  expect(untilRefresh('2026-12-02T16:00:00.000Z', now)).toBe(1000);
  expect(untilRefresh('2027-12-02T16:00:00.000Z', now)).toBe(24 * 60 * 60 * 1000);
});

test('the export saves `<name>_<date>.csv` holding the decoded CSV; an editor, who may not export, sees no button', async () => {
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:csv'));
  URL.revokeObjectURL = jest.fn();
  const names: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const { unmount } = start(screenPath());
  fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(names).toEqual([`Coffee card_${new Date().toISOString().slice(0, 10)}.csv`]);
  const text = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(saved[0]!);
  });
  expect(text).toBe(CSV);
  click.mockRestore();
  unmount();

  start(screenPath(), 'editor');
  expect(await screen.findByRole('heading', { name: 'Coffee card', level: 2 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
});

test('on a tablet the counter’s code goes full screen, and the button goes away while it is', async () => {
  Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
  const requested: HTMLElement[] = [];
  HTMLElement.prototype.requestFullscreen = jest.fn(async function (this: HTMLElement) {
    requested.push(this);
  });
  start(screenPath('counter'));
  fireEvent.click(await screen.findByRole('button', { name: 'Show full screen' }));
  expect(requested).toHaveLength(1);
  expect(within(requested[0]!).getByRole('img', { name: 'Today’s code of Coffee card' })).toBeTruthy();

  Object.defineProperty(document, 'fullscreenElement', { value: requested[0], configurable: true });
  fireEvent(document, new Event('fullscreenchange'));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Show full screen' })).toBeNull());
  Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
  Object.defineProperty(document, 'fullscreenEnabled', { value: undefined, configurable: true });
});
