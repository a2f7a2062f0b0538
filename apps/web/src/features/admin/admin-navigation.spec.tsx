import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { acmeOrganizations, ACME_ORG_ID, installFakeApi, reply } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

beforeEach(() => {
  FakeKeycloak.signedIn = true;
  localStorage.clear();
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role: 'owner' }));
  installFakeApi((path) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('owner');
    return path.startsWith('/api/v1/') ? reply(200, []) : undefined;
  });
});

const menu = () => screen.findByRole('navigation', { name: 'Admin sections' });
const groupNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('group')
    .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
const linksOf = (nav: HTMLElement, group: string) =>
  within(within(nav).getByRole('group', { name: group }))
    .getAllByRole('link')
    .map((link) => link.textContent);

test('the navigation groups the screens a marketer uses, each with an icon', async () => {
  renderApp('/admin/payment');
  const nav = await menu();

  expect(groupNames(nav)).toEqual(['Codes', 'Pages', 'Audience', 'Engagement', 'Settings']);
  expect(linksOf(nav, 'Codes')).toEqual(['My codes', 'Create QR code', 'Folders', 'Templates']);
  expect(linksOf(nav, 'Pages')).toEqual(['Add new page']);
  expect(linksOf(nav, 'Audience')).toEqual(['Customers', 'Analytics']);
  expect(linksOf(nav, 'Engagement')).toEqual(['Experiences', 'Notes', 'Live voting', 'Master keys', 'Campaigns', 'SMS campaigns', 'Selfie walls', 'Games']);
  expect(linksOf(nav, 'Settings')).toEqual(['Users', 'Organisation', 'Messaging', 'Wallet passes', 'Profile']);
  for (const link of within(nav).getAllByRole('link')) expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
});

test('screens that have not shipped are not offered, though their addresses still answer', async () => {
  renderApp('/admin/shop-discounts');
  const nav = await menu();

  expect(await screen.findByText('Shop discounts arrives in a later release.')).toBeTruthy();
  for (const label of ['AI QR', 'Shop discounts', 'Integrations', 'Payment']) {
    expect(within(nav).queryByRole('link', { name: label })).toBeNull();
  }
  expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull();
});

test('the screen in view is marked as the current page, also on the screens under it', async () => {
  renderApp('/admin/folder/0b000000-0000-4000-8000-000000000002');
  const nav = await menu();

  expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Folders');
});

test('on a phone the navigation opens from a named menu button and closes once a screen is picked', async () => {
  renderApp('/admin/my-codes');
  const nav = await menu();
  const burger = screen.getByRole('button', { name: 'Navigation menu' });
  expect(burger.getAttribute('aria-controls')).toBe(nav.id);
  expect(burger.getAttribute('aria-expanded')).toBe('false');

  fireEvent.click(burger);
  expect(burger.getAttribute('aria-expanded')).toBe('true');

  fireEvent.click(within(nav).getByRole('link', { name: 'Customers' }));
  expect(burger.getAttribute('aria-expanded')).toBe('false');
  await waitFor(() => expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Customers'));
});
