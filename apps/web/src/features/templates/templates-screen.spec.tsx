import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEMPLATE_GALLERY } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { qrPreview } from '../../testing/code-view';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

let api: FakeApi;

function start(role: 'editor' | 'viewer', own: unknown[] = []) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role }),
  );
  api = installFakeApi((path, method) => {
    if (path === '/api/v1/organizations') return acmeOrganizations(role);
    if (path === '/api/v1/templates?org_id=0a000000-0000-4000-8000-000000000001') return reply(200, [...TEMPLATE_GALLERY, ...own]);
    if (path === '/api/v1/codes/qr-preview') return reply(200, qrPreview());
    if (path === '/api/v1/templates/wifi/codes' && method === 'POST') return reply(201, { code_id: 'NewCode001', public_link: 'x', qr_url: 'y' });
    return undefined;
  });
  renderApp('/admin/templates');
}

beforeEach(() => localStorage.clear());

test('the gallery shows every built-in template with its QR design, and says how to save templates of your own', async () => {
  start('editor');
  for (const template of TEMPLATE_GALLERY) expect(await screen.findByRole('article', { name: template.name })).toBeTruthy();
  expect(await screen.findAllByRole('img', { name: /^QR code design of / })).toHaveLength(TEMPLATE_GALLERY.length);
  expect(screen.getByText(/No templates of your own yet/)).toBeTruthy();
});

test('using a template creates a code under the chosen name and opens it ready to download', async () => {
  start('editor');
  fireEvent.click(await screen.findByRole('button', { name: 'Use this template: Wi-Fi' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name of the new code' }), { target: { value: 'Lobby Wi-Fi' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
  await waitFor(() =>
    expect(requestsOf(api, 'POST')).toContainEqual(['/api/v1/templates/wifi/codes', { org_id: '0a000000-0000-4000-8000-000000000001', name: 'Lobby Wi-Fi' }]),
  );
  await waitFor(() => expect(api.mock.calls.map(([path]) => path)).toContain('/api/v1/codes/NewCode001'));
});

test('an organization’s own template is listed under Your templates and can be deleted', async () => {
  const own = {
    ...TEMPLATE_GALLERY[0]!,
    template_id: '6f1d2c1e-0000-4000-8000-000000000001',
    source: 'organization',
    org_id: '0a000000-0000-4000-8000-000000000001',
    name: 'Our gala',
    created_at: '2026-01-01T00:00:00.000Z',
  };
  start('editor', [own]);
  const card = await screen.findByRole('article', { name: 'Our gala' });
  fireEvent.click(within(card).getByRole('button', { name: 'Delete the Our gala template' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/templates/${own.template_id}`, undefined]]));
});

test('a viewer browses the gallery but is offered nothing to create', async () => {
  start('viewer');
  expect(await screen.findByRole('article', { name: 'Coupon' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Use the/ })).toBeNull();
});
