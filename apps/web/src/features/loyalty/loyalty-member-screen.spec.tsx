import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProgrammeView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CARD_ID, CODE_ID, COFFEE_ID, memberView, MUG_ID, PROGRAMME_ID, programmeView } from './loyalty-admin-fixtures';

const base = `/api/v1/loyalty/programmes/${PROGRAMME_ID}`;
const memberBase = `${base}/members/${CARD_ID}`;
const movement = (balance: number, extra: object = {}) => ({
  card_id: CARD_ID,
  amount: 1,
  balance,
  lifetime: 15,
  tier: null,
  exchange_id: null,
  next_stamp_at: null,
  ...extra,
});

let api: FakeApi;
let programme: ProgrammeView;
let postAnswer: (body: Record<string, unknown>) => FakeResponse;
let redeemAnswer: (body: Record<string, unknown>) => FakeResponse;

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === base) return reply(200, programme);
    if (url === memberBase) return reply(200, memberView({ tier: 'Regular' }));
    if (url === `${memberBase}/post` && method === 'POST') return postAnswer(body as Record<string, unknown>);
    if (url === `${memberBase}/redeem` && method === 'POST') return redeemAnswer(body as Record<string, unknown>);
    return undefined;
  });
  return renderApp(`/admin/loyalty/${PROGRAMME_ID}/members/${CARD_ID}`);
}

const cardOf = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('.mantine-Card-root') as HTMLElement;
const posted = () => requestsOf(api, 'POST').map(([, body]) => body as Record<string, unknown>);

beforeEach(() => {
  localStorage.clear();
  programme = programmeView();
  postAnswer = () => reply(200, movement(5, { next_stamp_at: '2026-11-24T10:30:00.000Z' }));
  redeemAnswer = () => reply(200, movement(1, { amount: -3, exchange_id: '0190a6b2-0000-7000-8000-0000000000a9' }));
});

test('a member’s card shows balance, tier and history, newest first, and links back to the programme', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: 'Ada', level: 1 })).toBeTruthy();
  expect(screen.getByText('4 of 10 stamps')).toBeTruthy();
  expect(screen.getByText('14 stamps')).toBeTruthy();
  expect(screen.getAllByText('Regular').length).toBeGreaterThan(0);
  const rows = within(screen.getByRole('table', { name: 'The card’s history, newest first' })).getAllByRole('row');
  expect(within(rows[1]!).getByText('Given at the counter')).toBeTruthy();
  expect(within(rows[1]!).getByText('bob@acme.test')).toBeTruthy();
  expect(within(rows[2]!).getByText('Joined')).toBeTruthy();
  expect(screen.getByRole('link', { name: '← Members of Coffee card' }).getAttribute('href')).toBe(
    `/admin/my-codes/loyalty/${CODE_ID}?programme=${PROGRAMME_ID}`,
  );
  await expectNoAxeViolations(container);
});

test('a stamp is given with a fresh request id per intent, and one too soon says when the next is possible', async () => {
  start();
  await screen.findByRole('heading', { name: 'Ada', level: 1 });
  // A double tap is one intent: whatever reaches the API carries one request id, which credits once.
  const give = within(cardOf('Give a stamp')).getByRole('button', { name: 'Give a stamp' });
  fireEvent.click(give);
  fireEvent.click(give);
  expect(await screen.findByText(/Given\. The card holds 5 stamps\. Next stamp from/)).toBeTruthy();
  expect(new Set(posted().map((body) => body.request_id)).size).toBe(1);
  const tapped = posted().length;

  postAnswer = () =>
    reply(409, {
      title: 'Too soon for another stamp',
      code: 'loyalty_too_soon',
      detail: 'One stamp every 60 minutes: the next is possible at 2026-11-24T10:30:00.000Z.',
      next_at: '2026-11-24T10:30:00.000Z',
    });
  fireEvent.click(within(cardOf('Give a stamp')).getByRole('button', { name: 'Give a stamp' }));
  const refusal = await within(cardOf('Give a stamp')).findByRole('alert');
  const nextAt = new Date('2026-11-24T10:30:00.000Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
  expect(refusal.textContent).toBe(`Too soon for another stamp: the next one is possible from ${nextAt}.`);

  const [first, second] = [posted()[0], posted()[tapped]];
  expect(first).toEqual({ kind: 'stamp', request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(second?.request_id).not.toBe(first?.request_id);
});

test('a purchase sends its amount, a correction its amount and reason, each with its own request id', async () => {
  postAnswer = (body) => reply(200, movement(body.kind === 'purchase' ? 9 : 2));
  start();
  await screen.findByRole('heading', { name: 'Ada', level: 1 });
  const purchase = cardOf('Record a purchase');
  expect(within(purchase).getByText('Earns 0.5 stamps per EUR spent, rounded down.')).toBeTruthy();
  const record = within(purchase).getByRole('button', { name: 'Record the purchase' });
  expect(record.hasAttribute('disabled')).toBe(true);
  fireEvent.change(within(purchase).getByLabelText('Amount in EUR'), { target: { value: '12.50' } });
  fireEvent.click(record);
  expect(await within(purchase).findByText('Recorded. The card holds 9 stamps.')).toBeTruthy();

  const correction = cardOf('Correct the balance');
  fireEvent.change(within(correction).getByLabelText(/Change in stamps/), { target: { value: '-2' } });
  expect(within(correction).getByRole('button', { name: 'Correct the balance' }).hasAttribute('disabled')).toBe(true);
  fireEvent.change(within(correction).getByLabelText(/Reason/), { target: { value: 'Stamped twice by mistake' } });
  fireEvent.click(within(correction).getByRole('button', { name: 'Correct the balance' }));
  expect(await within(correction).findByText('Corrected. The card holds 2 stamps.')).toBeTruthy();

  const [bought, corrected] = posted();
  expect(bought).toEqual({ kind: 'purchase', request_id: expect.any(String), purchase_amount: 12.5 });
  expect(corrected).toEqual({ kind: 'correction', request_id: expect.any(String), amount: -2, note: 'Stamped twice by mistake' });
  expect(corrected?.request_id).not.toBe(bought?.request_id);
});

test('a reward the card cannot afford or that is out of stock cannot be picked, and says why', async () => {
  const { container } = start();
  await screen.findByRole('heading', { name: 'Ada', level: 1 });
  const redeem = cardOf('Redeem a reward');
  const coffee = within(redeem).getByRole('radio', { name: 'A free coffee, 10 stamps' });
  const mug = within(redeem).getByRole('radio', { name: 'A mug, 3 stamps' });
  expect(coffee.hasAttribute('disabled')).toBe(true);
  expect(within(redeem).getByText('Not possible: 6 stamps short')).toBeTruthy();
  expect(mug.hasAttribute('disabled')).toBe(true);
  expect(within(redeem).getByText('Not possible: out of stock')).toBeTruthy();
  expect(within(redeem).getByRole('button', { name: 'Redeem' }).hasAttribute('disabled')).toBe(true);
  await expectNoAxeViolations(container);
});

test('staff redeem an affordable reward, and the server’s out-of-stock refusal reads plainly', async () => {
  programme = programmeView({
    rewards: [
      { reward_id: COFFEE_ID, name: 'A free coffee', price: 10, stock: null, redeemed: 4, remaining: null },
      { reward_id: MUG_ID, name: 'A mug', price: 3, stock: 5, redeemed: 4, remaining: 1 },
    ],
  });
  start();
  await screen.findByRole('heading', { name: 'Ada', level: 1 });
  const redeem = cardOf('Redeem a reward');
  fireEvent.click(await within(redeem).findByRole('radio', { name: 'A mug, 3 stamps' }));
  expect(within(redeem).getByText('1 left')).toBeTruthy();
  fireEvent.click(within(redeem).getByRole('button', { name: 'Redeem A mug' }));
  expect(await within(redeem).findByText('Redeemed: hand the reward over. The card holds 1 stamp.')).toBeTruthy();
  expect(posted()).toEqual([{ reward_id: MUG_ID, request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);

  redeemAnswer = () => reply(409, { title: 'This reward is out of stock', code: 'loyalty_out_of_stock', detail: 'A mug is all redeemed.' });
  fireEvent.click(within(redeem).getByRole('radio', { name: 'A mug, 3 stamps' }));
  fireEvent.click(within(redeem).getByRole('button', { name: 'Redeem A mug' }));
  expect((await within(redeem).findByRole('alert')).textContent).toBe('This reward is out of stock: nothing was taken from the card.');
});

test('a viewer sees the card and its history, but none of the counter’s actions', async () => {
  start('viewer');
  expect(await screen.findByRole('heading', { name: 'Ada', level: 1 })).toBeTruthy();
  expect(screen.getByRole('table', { name: 'The card’s history, newest first' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Give a stamp' })).toBeNull();
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([]));
});
