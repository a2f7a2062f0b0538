import { fireEvent, screen, within } from '@testing-library/react';
import { adminNavigation } from '../features/admin/admin-navigation';
import { upcomingAdminSections } from '../features/admin/admin-sections';
import { LoadingControls } from '../testing/loading-controls';
import { renderApp } from '../testing/render-app';
import { routePaths } from './route-paths';
import { routeTable } from './route-table';

const specRoutes = [
  '/',
  '/card/:id',
  '/p/:key',
  '/:id',
  '/ai-qr',
  '/page/:key',
  '/live-voting/:id',
  '/code/note/:id',
  '/wall/:id',
  '/wall-embed/:id',
  '/code/:id',
  // Ours: where a visitor enters a promo code of a QR code (issue 53).
  '/promo/:id',
  '/share',
  // Ours: where an email's unsubscribe link leads (issue 55).
  '/unsubscribe',
  // Ours: a game's players' page, which its QR code opens (issue 58).
  '/game/:id',
  '/deleteAlert/:id',
  '/:id/terms',
  '/auth/login',
  '/dummy',
  '*',
  '/admin',
  '/admin/ai-qr',
  '/admin/profile',
  '/admin/my-codes',
  '/admin/my-codes/edit/:codeId',
  '/admin/my-codes/edit/:codeId/success',
  '/admin/my-codes/show/:codeId',
  '/admin/my-codes/analytics/:codeId',
  // Ours: a code's promo campaigns, their usage and codes (issue 53).
  '/admin/my-codes/promos/:codeId',
  // Ours: a code's loyalty programmes, their members, rewards, referrals and counter (issue 54).
  '/admin/my-codes/loyalty/:codeId',
  '/admin/analytics',
  '/admin/folder-qr/:folderId',
  '/admin/folder/:folderId',
  '/admin/folders',
  '/admin/shop-discounts',
  '/admin/sms-campaigns',
  '/admin/campaigns',
  '/admin/campaigns/new',
  '/admin/campaigns/update/:codeId',
  '/admin/templates',
  '/admin/create-qr-code',
  '/admin/create-qr-success',
  '/admin/pages/:codeId',
  '/admin/customers',
  // Ours: one customer's activity, opened from the list (spec §1 "customer lists and activity").
  '/admin/customers/:customerId',
  '/admin/notes',
  '/admin/update-page/:pageId',
  '/admin/add-new-page',
  '/admin/integrations',
  '/admin/shop-integration',
  '/admin/email-marketing-integration',
  '/admin/payment',
  // Not in spec §2's admin list: the organization's users (spec §6), which /deleteAlert/:id serves.
  '/admin/users',
  // Also ours: the organization's details, API keys and terms (spec §7 "Organisation and users").
  '/admin/organization',
  // Also ours: the organization's experiences (spec §7 "Events and experiences"), which pages join.
  '/admin/experiences',
  // Also ours: the organization's master promo keys, which unlock promo codes at the counter (issue 53).
  '/admin/promo-keys',
  // Also ours: one loyalty member's card, where the QR code on their phone leads staff (issue 54).
  '/admin/loyalty/:programmeId/members/:cardId',
  // Also ours: the email and SMS providers' connections and the outbox messages go to without them (issue 55).
  '/admin/messaging',
  // Also ours: wallet pass designs with their passes, and the issuers that sign them (issue 56).
  '/admin/passes',
  '/admin/passes/new',
  '/admin/passes/:designId',
  '/admin/wallet',
  // Also ours: the organisation's polls, one poll's controls and results, and its presenter's big screen (issue 57).
  '/admin/live-voting',
  '/admin/live-voting/:pollId',
  '/admin/live-voting/:pollId/present',
  // Also ours: the organisation's selfie walls, each with its review queue and embeds (issue 57).
  '/admin/selfie-walls',
  '/admin/selfie-walls/:wallId',
  // Also ours: the organisation's games, one game's stock, plays and leaderboard, and a voucher's counter page (issue 58).
  '/admin/games',
  '/admin/games/:gameId',
  '/admin/games/:gameId/vouchers/:voucherCode',
];

test('every screen of spec §2 has a route, and there are no others', () => {
  expect([...new Set(routePaths(routeTable))].sort()).toEqual([...specRoutes].sort());
});

test('every admin menu entry leads to a routed screen, and so does every screen still to come', () => {
  const routed = routePaths(routeTable);
  const offered = adminNavigation.flatMap((group) => group.items.map((item) => item.path));
  for (const path of [...offered, ...Object.keys(upcomingAdminSections)]) {
    expect(routed).toContain(`/admin/${path}`);
  }
});

test('/dummy shows nothing at all', () => {
  const { container } = renderApp('/dummy');

  // Mantine's <style> sheets are all the providers put on the page.
  const shown = [...container.children].filter((element) => element.tagName !== 'STYLE');
  expect(shown).toEqual([]);
});

test('an unknown address says "Page not found", but not while the app is still loading', () => {
  renderApp('/no/such/screen', <LoadingControls />);
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Start loading' }));
  expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Finish loading' }));
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
});

test('an address that is not a code id says the code is not available, as the server does for unknown ids', async () => {
  renderApp('/abc123');

  expect(await screen.findByRole('heading', { name: 'This code is not available' })).toBeTruthy();
  expect(screen.queryByText(/later release/)).toBeNull();
});

test('a visitor screen that has not shipped says so instead of showing made-up content', async () => {
  renderApp('/ai-qr');

  expect(await screen.findByRole('heading', { name: 'This screen is not available yet' })).toBeTruthy();
  expect(screen.getByText('AI QR generation arrives in a later release.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
});

test('a screen still to come answers at its address but is not offered in the navigation', async () => {
  renderApp('/admin/payment');

  const menu = await screen.findByRole('navigation', { name: 'Admin sections' });
  expect(menu.textContent).toContain('My codes');
  expect(await screen.findByText('Payment arrives in a later release.')).toBeTruthy();
  for (const label of Object.values(upcomingAdminSections)) expect(within(menu).queryByRole('link', { name: label })).toBeNull();
  expect(screen.getByText('v0.12.1')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Toggle colour scheme' })).toBeTruthy();
});
