import { fireEvent, screen, within } from '@testing-library/react';
import type { VoucherView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { GAME_ID, VOUCHER_CODE, voucherView } from './game-fixtures';

const base = `/api/v1/games/${GAME_ID}/vouchers/${VOUCHER_CODE}`;
let api: FakeApi;
let voucher: VoucherView;
/** Another till redeemed it between this screen's read and its Redeem. */
let redeemedElsewhere: boolean;

function start(role = 'editor', code = VOUCHER_CODE) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === base && method === 'GET') return reply(200, voucher);
    if (url === `${base}/redeem` && method === 'POST') {
      if (redeemedElsewhere || voucher.redeemed_at)
        return reply(409, { title: 'Conflict', status: 409, code: 'game_voucher_redeemed', detail: 'This voucher was redeemed on 5 Dec 2026 at 10:00.' });
      voucher = { ...voucher, redeemed_at: '2026-12-05T10:00:00.000Z' };
      return reply(200, voucher);
    }
    if (url.startsWith(`/api/v1/games/${GAME_ID}/vouchers/`))
      return reply(404, { title: 'Not found', status: 404, code: 'game_voucher_not_found', detail: 'No such voucher.' });
    return undefined;
  });
  return renderApp(`/admin/games/${GAME_ID}/vouchers/${code}`);
}

beforeEach(() => {
  localStorage.clear();
  voucher = voucherView();
  redeemedElsewhere = false;
});

test('the counter sees the prize, its text and when it was won, and redeems it once', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: `Voucher ${VOUCHER_CODE}`, level: 1 })).toBeTruthy();
  expect(screen.getByText('A free coffee')).toBeTruthy();
  expect(screen.getByText('One coffee of any size')).toBeTruthy();
  expect(screen.getByText('Not redeemed yet')).toBeTruthy();
  await expectNoAxeViolations(container);

  fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
  expect(await screen.findByText(/^Redeemed /)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
  expect(requestsOf(api, 'POST').map(([path]) => path)).toEqual([`${base}/redeem`]);
});

test('a voucher redeemed at another till says so in the server’s words', async () => {
  start();
  await screen.findByText('Not redeemed yet');
  redeemedElsewhere = true;
  fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
  expect(within(await screen.findByRole('alert')).getByText('This voucher was redeemed on 5 Dec 2026 at 10:00.')).toBeTruthy();
});

test('an unknown voucher says so, with the way back to the game', async () => {
  start('editor', 'ZZZZZZZZZZ');
  expect(await screen.findByRole('heading', { name: 'This voucher could not be found', level: 1 })).toBeTruthy();
  expect(screen.getByText('No such voucher.')).toBeTruthy();
  expect(screen.getByRole('link', { name: '← The game' }).getAttribute('href')).toBe(`/admin/games/${GAME_ID}`);
});

test('a viewer sees the voucher but cannot redeem it', async () => {
  start('viewer');
  await screen.findByText('Not redeemed yet');
  expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
});
