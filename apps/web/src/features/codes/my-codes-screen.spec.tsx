import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CodeView } from '@qr/contracts';
import { installFakeApi, reply, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { codeView } from '../../testing/code-view';
import { renderApp } from '../../testing/render-app';
import { backToAPhone, onALaptop } from '../../testing/viewport';
import { ORGANIZATION_STORE_KEY } from '../organization';

const LIST = '/api/v1/codes?org_id=0a000000-0000-4000-8000-000000000001&page=1&per_page=10';

/** My codes for an editor of 0a000000-0000-4000-8000-000000000001, listing whatever `listed` holds when the list is asked for. */
function myCodes(listed: () => CodeView[]): FakeApi {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  const api = installFakeApi((path, method) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('editor');
    if (path === '/api/v1/folders?org_id=0a000000-0000-4000-8000-000000000001') return reply(200, []);
    if (path === LIST) return reply(200, { items: listed(), page: 1, per_page: 10, total: listed().length });
    if (path.includes('/qr?')) return reply(200, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (method === 'DELETE') return reply(204);
    return undefined;
  });
  renderApp('/admin/my-codes');
  return api;
}

beforeEach(() => localStorage.clear());

afterEach(backToAPhone);

test('a code’s status shows in full in My codes, never cut to “AC…” beside long names', async () => {
  onALaptop();
  myCodes(() => [codeView('MenuCode01', 'A rather long name that takes the width of the table for itself')]);
  const table = await screen.findByRole('table', { name: 'Codes' });
  const badge = within(table).getByText('active').closest<HTMLElement>('.mantine-Badge-root');
  // Mantine's badge may shrink to nothing and ellipsize its label; a table squeezed by long names shrinks it.
  expect(badge?.style.minWidth).toBe('max-content');
});

test('a code deleted from My codes leaves the list, and nothing more is asked about it', async () => {
  onALaptop();
  let listed = [codeView('MenuCode01', 'Menu'), codeView('SignCode02', 'Sign')];
  const api = myCodes(() => listed);
  const table = await screen.findByRole('table', { name: 'Codes' });
  expect(await within(table).findByRole('img', { name: 'QR code of Menu' })).toBeTruthy();

  fireEvent.click(within(table).getByRole('button', { name: 'Delete Menu' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this code?' });
  listed = listed.filter((code) => code.code_id !== 'MenuCode01');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete code' }));
  await waitFor(() => expect(within(table).queryByRole('link', { name: 'Menu' })).toBeNull());
  expect(within(table).getByRole('link', { name: 'Sign' })).toBeTruthy();

  const deletedAt = api.mock.calls.findIndex(([, init]) => init?.method === 'DELETE');
  const askedSince = api.mock.calls.slice(deletedAt + 1).map(([path]) => path);
  expect(askedSince).toContain(LIST);
  // Its image asked again would be a 404 in the console.
  expect(askedSince.filter((path) => path.includes('MenuCode01'))).toEqual([]);
});

test('each row’s links are named for their code, and a long name wraps instead of pushing the actions out of view', async () => {
  onALaptop();
  const name = 'SpringSummerAutumnWinterMenuForTheCafeOnTheCornerOfMainStreet2024Edition';
  myCodes(() => [codeView('MenuCode01', 'Menu'), codeView('SignCode02', name)]);
  const table = await screen.findByRole('table', { name: 'Codes' });
  expect(within(table).getByRole('link', { name: 'Edit Menu' }).getAttribute('href')).toBe('/admin/my-codes/edit/MenuCode01');
  expect(within(table).getByRole('link', { name: 'Analytics of Menu' }).getAttribute('href')).toBe('/admin/my-codes/analytics/MenuCode01');
  expect(within(table).getByRole('link', { name }).closest('[style*="overflow-wrap: anywhere"]')).not.toBeNull();
});

test('on a phone, each code is a card showing its type, status, scans and every action, with no table to scroll sideways', async () => {
  myCodes(() => [codeView('MenuCode01', 'Menu', { scan_count: 12 }), codeView('SignCode02', 'Sign', { status: 'paused' })]);
  const list = await screen.findByRole('list', { name: 'Codes' });
  expect(screen.queryByRole('table')).toBeNull();
  const [menu, sign] = within(list).getAllByRole('listitem');
  const card = within(menu!);
  expect(await card.findByRole('img', { name: 'QR code of Menu' })).toBeTruthy();
  expect(card.getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('/admin/my-codes/show/MenuCode01');
  expect(card.getByText('Website (URL)')).toBeTruthy();
  expect(card.getByText('active')).toBeTruthy();
  expect(card.getByText('12 scans')).toBeTruthy();
  expect(card.getByRole('link', { name: 'Edit Menu' }).getAttribute('href')).toBe('/admin/my-codes/edit/MenuCode01');
  expect(card.getByRole('link', { name: 'Analytics of Menu' }).getAttribute('href')).toBe('/admin/my-codes/analytics/MenuCode01');
  expect(card.getByRole('button', { name: 'Copy Menu' })).toBeTruthy();
  expect(within(sign!).getByText('paused')).toBeTruthy();

  fireEvent.click(card.getByRole('button', { name: 'Delete Menu' }));
  expect(await screen.findByRole('dialog', { name: 'Delete this code?' })).toBeTruthy();
});
