import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_THEME_STYLE, type PublicPromoView } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeResponse } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const QR_ID = 'AbCdEf1234';
const OWNER = { name: 'Walk Café', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } };
const SUMMER: PublicPromoView['campaigns'][number] = {
  name: 'Summer at the café',
  offer: { kind: 'amount_off', text: 'Money off any cake', amount: 2.5, currency: 'EUR' },
  starts_at: '2026-06-01T00:00:00Z',
  ends_at: '2026-08-31T00:00:00Z',
  needs_location: true,
};
const LOYAL: PublicPromoView['campaigns'][number] = {
  name: 'Regulars',
  offer: { kind: 'reward', text: 'A free cookie' },
  starts_at: null,
  ends_at: null,
  needs_location: false,
};

function serve(promos: FakeResponse, status: 'active' | 'paused' = 'active') {
  return installFakeApi((path, method) => {
    if (path === `/api/v1/public/codes/${QR_ID}`) return reply(200, { code_id: QR_ID, type: 'text', status, owner: OWNER, text: 'Hello' });
    if (method === 'GET' && path === `/api/v1/public/promos/${QR_ID}`) return promos;
    if (method === 'POST' && path === '/api/v1/public/promos/nonce')
      return reply(200, { nonce: 'nonce-1', issued_at: '2026-12-02T10:00:00Z', expires_at: '2026-12-02T10:15:00Z' });
    return undefined;
  });
}

test('the promo page shows the campaign, what it gives and when, in the organisation’s frame, with the entry below', async () => {
  const api = serve(reply(200, { qr_id: QR_ID, campaigns: [SUMMER] }));
  renderApp(`/promo/${QR_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Summer at the café' })).toBeTruthy();
  expect(screen.getByText('Walk Café')).toBeTruthy();
  expect(screen.getByText('Money off any cake')).toBeTruthy();
  expect(screen.getByText(/€2\.50 off/)).toBeTruthy();
  expect(screen.getByText(/^From .*2026 to .*2026$/)).toBeTruthy();
  expect(screen.getByText('Valid at the venue: your browser will ask where you are.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Your promo code' })).toBeTruthy();
  expect(screen.getByLabelText('Promo code')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toContainEqual(['/api/v1/public/promos/nonce', { qr_id: QR_ID }]);
  expect(document.body.textContent).not.toContain('QR Platform');
});

test('several campaigns are listed by name, each with its offer', async () => {
  serve(reply(200, { qr_id: QR_ID, campaigns: [SUMMER, LOYAL] }));
  renderApp(`/promo/${QR_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeTruthy();
  expect(screen.getAllByRole('listitem').map((item) => item.querySelector('h2')?.textContent)).toEqual(['Summer at the café', 'Regulars']);
  expect(screen.getByText('A free cookie')).toBeTruthy();
  expect(screen.getByText('A reward to collect at the counter')).toBeTruthy();
});

test('a code without campaigns, or one the API does not know, says there are no offers and asks for no code', async () => {
  serve(reply(200, { qr_id: QR_ID, campaigns: [] }));
  const { unmount } = renderApp(`/promo/${QR_ID}`);
  expect(await screen.findByRole('heading', { name: 'No offers here right now' })).toBeTruthy();
  expect(screen.queryByLabelText('Promo code')).toBeNull();
  unmount();
  serve(reply(404, { code: 'code_not_found' }));
  renderApp(`/promo/${QR_ID}`);
  expect(await screen.findByRole('heading', { name: 'No offers here right now' })).toBeTruthy();
});

test('a paused code says so, as its other visitor pages do', async () => {
  serve(reply(200, { qr_id: QR_ID, campaigns: [SUMMER] }), 'paused');
  renderApp(`/promo/${QR_ID}`);
  expect(await screen.findByRole('heading', { name: 'This code is paused' })).toBeTruthy();
  expect(screen.queryByLabelText('Promo code')).toBeNull();
});

test('a visitor types a code on the promo page and it is checked against this QR code', async () => {
  const api = serve(reply(200, { qr_id: QR_ID, campaigns: [LOYAL] }));
  renderApp(`/promo/${QR_ID}`);
  fireEvent.change(await screen.findByLabelText('Promo code'), { target: { value: 'cookie-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check my code' }));
  // The fake API knows no validation: the visitor is told the check failed, and nothing pretends it was redeemed.
  expect(await screen.findByRole('alert')).toBeTruthy();
  expect(requestsOf(api, 'POST').find(([path]) => path.endsWith('/validate'))?.[1]).toMatchObject({ promo_code: 'COOKIE-1', qr_id: QR_ID });
  expect(screen.queryByRole('heading', { name: 'Redeemed' })).toBeNull();
});
