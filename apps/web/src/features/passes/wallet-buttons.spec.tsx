import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PassOfferView } from '@qr/contracts';
import { AppProviders } from '../../app/app-providers';
import { expectNoAxeViolations } from '../../testing/axe';
import { installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import { CARD_ID, DESIGN_ID, PASS_ID, PROGRAMME_ID, passView } from './passes-admin-fixtures';
import { EventTicketWallet, walletNavigation, WalletButtons } from './wallet-buttons';

const PAGE_ID = '0190a6b2-0000-7000-8000-0000000000a1';
const GOOGLE_LINK = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.sig';
let api: FakeApi;
let offer: PassOfferView;
let went: string[];
let noDesignFor: string | null;

function start(ui: ReactElement) {
  api = installFakeApi((url, method) => {
    if (url.startsWith('/api/v1/public/passes/offer?'))
      return reply(200, url.endsWith(`source_id=${noDesignFor}`) ? { design_id: null, apple: false, google: false } : offer);
    if (url === '/pass-service/passes' && method === 'POST') return reply(201, passView());
    if (url === '/api/v1/integrations/wallet-url' && method === 'POST') return reply(200, { url: GOOGLE_LINK });
    return undefined;
  });
  return render(<AppProviders>{ui}</AppProviders>);
}

const card = <WalletButtons kind="loyalty_card" sourceId={PROGRAMME_ID} holder={{ kind: 'loyalty_card', card_id: CARD_ID }} />;

beforeEach(() => {
  went = [];
  noDesignFor = null;
  walletNavigation.go = (url) => went.push(url);
  offer = { design_id: DESIGN_ID, apple: true, google: true };
});

test('both wallets offered: Apple makes the pass, then opens its .pkpass', async () => {
  const { container } = start(card);
  fireEvent.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
  expect(screen.getByRole('button', { name: 'Save to Google Wallet' })).toBeTruthy();
  await waitFor(() => expect(went).toEqual([passView().apple_url]));
  expect(requestsOf(api, 'GET')[0]![0]).toBe(`/api/v1/public/passes/offer?kind=loyalty_card&source_id=${PROGRAMME_ID}`);
  expect(requestsOf(api, 'POST')).toEqual([['/pass-service/passes', { design_id: DESIGN_ID, holder: { kind: 'loyalty_card', card_id: CARD_ID } }]]);
  await expectNoAxeViolations(container);
});

test('only Google offered: no Apple button, and saving makes the pass, asks its link and goes there', async () => {
  offer = { design_id: DESIGN_ID, apple: false, google: true };
  start(card);
  fireEvent.click(await screen.findByRole('button', { name: 'Save to Google Wallet' }));
  expect(screen.queryByRole('button', { name: 'Add to Apple Wallet' })).toBeNull();
  await waitFor(() => expect(went).toEqual([GOOGLE_LINK]));
  expect(requestsOf(api, 'POST')).toEqual([
    ['/pass-service/passes', { design_id: DESIGN_ID, holder: { kind: 'loyalty_card', card_id: CARD_ID } }],
    ['/api/v1/integrations/wallet-url', { pass_id: PASS_ID }],
  ]);
});

test('a programme without a design shows no wallet button, beside an event page that has one', async () => {
  offer = { design_id: DESIGN_ID, apple: true, google: false };
  noDesignFor = PROGRAMME_ID;
  start(
    <>
      {card}
      <EventTicketWallet pageId={PAGE_ID} />
    </>,
  );
  // The programme's offer was asked first, so once the page's button shows, both answers are in.
  expect(await screen.findByLabelText('Your name on the ticket')).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Add to Apple Wallet' })).toHaveLength(1);
  expect(requestsOf(api, 'GET').map(([path]) => path)).toEqual([
    `/api/v1/public/passes/offer?kind=loyalty_card&source_id=${PROGRAMME_ID}`,
    `/api/v1/public/passes/offer?kind=event_ticket&source_id=${PAGE_ID}`,
  ]);
});

test('an event ticket asks the holder’s name first, then puts it on the pass', async () => {
  offer = { design_id: DESIGN_ID, apple: true, google: false };
  const { container } = start(<EventTicketWallet pageId={PAGE_ID} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Give the ticket holder’s name.');
  expect(requestsOf(api, 'POST')).toEqual([]);
  await expectNoAxeViolations(container);

  fireEvent.change(screen.getByLabelText('Your name on the ticket'), { target: { value: 'Ada Lovelace' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to Apple Wallet' }));
  await waitFor(() => expect(went).toEqual([passView().apple_url]));
  expect(requestsOf(api, 'POST')).toEqual([['/pass-service/passes', { design_id: DESIGN_ID, holder: { kind: 'event_ticket', holder: 'Ada Lovelace' } }]]);
  expect(screen.queryByRole('alert')).toBeNull();
});
