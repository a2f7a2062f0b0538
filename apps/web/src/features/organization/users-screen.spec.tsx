import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { acmeOrganizations, ACME_ORG_ID, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { pickOption } from '../../testing/pick-option';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from './organization-record';

const USERS = `/api/v1/organizations/${ACME_ORG_ID}/users`;
let api: FakeApi;

// Notifications live in one store for the whole run: one test's must not answer for the next.
afterEach(() => act(() => notifications.clean()));

/** The users screen of Acme, with Ada (owner) and Bob (viewer); `refuseRoles` makes every role change fail. */
async function openUsers({ refuseRoles = false } = {}) {
  FakeKeycloak.signedIn = true;
  localStorage.clear();
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role: 'owner' }));
  api = installFakeApi((path, method, body) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('owner');
    if (path === USERS && method === 'GET')
      return reply(200, [
        { email: 'ada@example.com', role: 'owner', added_at: '2026-01-01T00:00:00Z' },
        { email: 'bob@example.com', role: 'viewer', added_at: '2026-01-02T00:00:00Z' },
      ]);
    if (path === USERS && method === 'POST') return reply(201, body);
    if (path.startsWith(`${USERS}/`) && method === 'PUT') {
      return refuseRoles
        ? reply(409, { title: 'The last owner cannot be changed', code: 'last_owner', detail: 'An organisation needs an owner.' })
        : reply(200, { email: 'bob@example.com', ...(body as object) });
    }
    return undefined;
  });
  renderApp('/admin/users');
  await screen.findByText('bob@example.com');
}

test('adding a user says who was added, with which role', async () => {
  await openUsers();
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ' cy@example.com ' } });
  await pickOption(screen.getByRole('combobox', { name: 'Role' }), 'editor');
  fireEvent.click(screen.getByRole('button', { name: 'Add user' }));

  expect(await screen.findByText('User added')).toBeTruthy();
  expect(screen.getByText('cy@example.com can now work in Acme as editor.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([[USERS, { email: 'cy@example.com', role: 'editor' }]]);
  expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');
});

test('changing a role says so', async () => {
  await openUsers();
  await pickOption(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), 'editor');

  expect(await screen.findByText('Role changed')).toBeTruthy();
  expect(screen.getByText('bob@example.com is now editor.')).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([[`${USERS}/bob%40example.com`, { role: 'editor' }]]);
});

test('a refused role change says it was not changed, and why', async () => {
  await openUsers({ refuseRoles: true });
  await pickOption(screen.getByRole('combobox', { name: 'Role of ada@example.com' }), 'viewer');

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toMatch(/^The role was not changed: .*An organisation needs an owner\./);
  await waitFor(() => expect(screen.queryByText('Role changed')).toBeNull());
});
