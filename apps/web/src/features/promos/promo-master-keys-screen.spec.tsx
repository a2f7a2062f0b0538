import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PromoMasterKeyView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { KEY_ID, keyView } from './promo-admin-fixtures';

let api: FakeApi;
let keys: PromoMasterKeyView[];

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    const sent = body as Record<string, string>;
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/promo-keys?org_id=${ACME_ORG_ID}`) return reply(200, keys);
    if (url === '/api/v1/promo-keys' && method === 'POST') {
      keys = [keyView({ name: sent.name, secret: sent.secret ?? 'drawn-by-server-7Q' })];
      return reply(201, keys[0]);
    }
    if (url === `/api/v1/promo-keys/${KEY_ID}` && method === 'PUT') return ((keys = [keyView({ ...keys[0], name: sent.name })]), reply(200, keys[0]));
    if (url === `/api/v1/promo-keys/${KEY_ID}/rotate` && method === 'POST') {
      keys = [keyView({ ...keys[0], version: 2, secret: 'rotated-secret-9X', rotated_at: '2026-11-25T10:00:00.000Z' })];
      return reply(200, keys[0]);
    }
    if (url === `/api/v1/promo-keys/${KEY_ID}` && method === 'DELETE') {
      if (keys[0]!.campaign_count > 0)
        return reply(409, {
          title: 'Conflict',
          code: 'promo_master_key_in_use',
          detail: '2 live campaigns are locked by this master key: set them to another key or none before deleting it.',
        });
      return ((keys = []), reply(204));
    }
    return undefined;
  });
  return renderApp('/admin/promo-keys');
}

beforeEach(() => {
  localStorage.clear();
  keys = [];
});

test('staff create a key whose secret the server draws, and are shown it to copy', async () => {
  const { container } = start();
  expect(await screen.findByText('No master keys yet. Create the first one below.')).toBeTruthy();
  await expectNoAxeViolations(container);
  fireEvent.click(screen.getByRole('button', { name: 'Create master key' }));
  expect(await screen.findByText('Give the key a name.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Secret'), { target: { value: 'abc' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create master key' }));
  expect(await screen.findByText('A master key has at least 6 characters.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Front counter' } });
  fireEvent.change(screen.getByLabelText('Secret'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create master key' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([['/api/v1/promo-keys', { org_id: ACME_ORG_ID, name: 'Front counter' }]]));
  expect(((await screen.findByLabelText('Its secret')) as HTMLInputElement).value).toBe('drawn-by-server-7Q');
  expect(await screen.findByText('Version 1 · locks 0 campaigns')).toBeTruthy();
});

test('staff reveal, rename and rotate a key, told that nothing printed changes, and see the new secret', async () => {
  keys = [keyView()];
  const { container } = start();
  fireEvent.click(await screen.findByRole('button', { name: 'Reveal the secret of Front counter' }));
  expect((screen.getByLabelText('Secret of Front counter') as HTMLInputElement).value).toBe('open-sesame-42');

  fireEvent.click(screen.getByRole('button', { name: 'Rename Front counter' }));
  fireEvent.change(screen.getByLabelText('New name for Front counter'), { target: { value: 'Bar' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
  expect(await screen.findByRole('heading', { name: 'Bar' })).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([[`/api/v1/promo-keys/${KEY_ID}`, { name: 'Bar' }]]);

  fireEvent.click(screen.getByRole('button', { name: 'Rotate Bar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rotate Bar' });
  expect(within(dialog).getByText(/Nothing printed changes/)).toBeTruthy();
  await expectNoAxeViolations(container.ownerDocument.body);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate the key' }));
  expect(((await within(dialog).findByLabelText('The new secret')) as HTMLInputElement).value).toBe('rotated-secret-9X');
  expect(requestsOf(api, 'POST')).toEqual([[`/api/v1/promo-keys/${KEY_ID}/rotate`, {}]]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(await screen.findByText(/Version 2 · locks 0 campaigns · rotated/)).toBeTruthy();
});

test('deleting a key that still locks campaigns shows the server’s reason; an unused key is deleted after confirming', async () => {
  keys = [keyView({ campaign_count: 2 })];
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Front counter' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the key' }));
  expect(await screen.findByText(/2 live campaigns are locked by this master key/)).toBeTruthy();
  expect(screen.getByText('Version 1 · locks 2 campaigns')).toBeTruthy();

  keys = [keyView()];
  fireEvent.click(screen.getByRole('button', { name: 'Delete the key' }));
  expect(await screen.findByText('No master keys yet. Create the first one below.')).toBeTruthy();
  expect(requestsOf(api, 'DELETE')).toHaveLength(2);
});

test('a viewer is told master keys are for staff who change promos, and nothing is asked of the API', async () => {
  start('viewer');
  expect(await screen.findByText('Only owners, admins and editors see and change master keys.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create master key' })).toBeNull();
  expect(requestsOf(api, 'GET').some(([url]) => url.startsWith('/api/v1/promo-keys'))).toBe(false);
});
