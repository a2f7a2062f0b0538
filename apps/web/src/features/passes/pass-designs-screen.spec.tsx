import { fireEvent, screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '../../testing/axe';
import type { PassDesignView } from '@qr/contracts';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { DESIGN_ID, designView } from './passes-admin-fixtures';

let api: FakeApi;
let designs: PassDesignView[];

function start(role: string, path = '/admin/passes') {
  FakeKeycloak.signedIn = true;
  localStorage.clear();
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  designs = [designView()];
  api = installFakeApi((url, method) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/passes/designs?org_id=${ACME_ORG_ID}`) return reply(200, designs);
    if (url === `/api/v1/passes/designs/${DESIGN_ID}` && method === 'DELETE') {
      designs = [];
      return reply(204);
    }
    if (url.startsWith('/pass-service/passes?')) return reply(200, { items: [], page: 1, per_page: 25, total: 0 });
    return undefined;
  });
  return renderApp(path);
}

test('the designs list names each design’s kind, source and passes, and opens it in the designer', async () => {
  const { container, router } = start('admin');
  const table = await screen.findByRole('region', { name: 'Pass designs' });
  const row = within(table).getByRole('link', { name: 'Coffee card pass' }).closest('tr') as HTMLElement;
  expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Coffee card pass', 'Loyalty card', 'Coffee card', '2', '25 Nov 2026']);
  expect(screen.getByRole('link', { name: 'New design' }).getAttribute('href')).toBe('/admin/passes/new');
  expect(screen.getByRole('link', { name: 'Wallet settings' }).getAttribute('href')).toBe('/admin/wallet');
  expect(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { current: 'page' }).textContent).toBe('Wallet passes');
  await expectNoAxeViolations(container);

  fireEvent.click(within(row).getByRole('link', { name: 'Coffee card pass' }));
  expect(await screen.findByRole('heading', { name: 'Coffee card pass', level: 1 })).toBeTruthy();
  expect(router.state.location.pathname).toBe(`/admin/passes/${DESIGN_ID}`);
  expect(screen.getByText('Loyalty card for the loyalty programme Coffee card')).toBeTruthy();
});

test('deleting a design asks first, then leaves it out of the list', async () => {
  const { router } = start('admin', `/admin/passes/${DESIGN_ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the design' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Coffee card pass?' });
  expect(within(dialog).getByText('No new pass can be made from it. The 2 passes already in wallets stay there.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the design' }));
  expect(await screen.findByText('No design yet. A new design starts from a programme, a campaign or an event page.')).toBeTruthy();
  expect(router.state.location.pathname).toBe('/admin/passes');
  expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/passes/designs/${DESIGN_ID}`, undefined]]);
});

test('a viewer is not offered a new design', async () => {
  start('viewer');
  await screen.findByRole('region', { name: 'Pass designs' });
  expect(screen.queryByRole('link', { name: 'New design' })).toBeNull();
});
