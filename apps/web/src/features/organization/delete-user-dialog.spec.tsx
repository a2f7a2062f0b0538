import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeApi, reply, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from './organization-record';

let fetchMock: FakeApi;

/** The app at /deleteAlert/{email}, opened from the users screen; answers where the app is. */
function openDialog(email: string) {
  const { router } = renderApp(['/admin/users', `/deleteAlert/${encodeURIComponent(email)}`]);
  return () => router.state.location.pathname;
}

beforeEach(() => {
  FakeKeycloak.signedIn = true;
  localStorage.clear();
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'owner' }),
  );
  fetchMock = installFakeApi((path, method) => {
    if (path === '/api/v1/organizations') {
      return reply(200, [
        {
          organization_id: '0a000000-0000-4000-8000-000000000001',
          organization_name: 'Acme',
          organization_logo: '',
          time_zone: 'Europe/London',
          role: 'owner',
        },
      ]);
    }
    if (path === '/api/v1/organizations/0a000000-0000-4000-8000-000000000001/users' && method === 'GET') {
      return reply(200, [{ email: 'ada@example.com', role: 'owner', added_at: '2026-01-01T00:00:00Z' }]);
    }
    return method === 'DELETE' ? reply(204) : undefined;
  });
});

test('the dialog shows the spec texts', async () => {
  openDialog('bob@example.com');

  expect(await screen.findByText('Delete Confirmation')).toBeTruthy();
  expect(screen.getByText('Do you want to delete the user?')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'DELETE' })).toBeTruthy();
});

test('DELETE deletes the user from the selected organization, then goes back', async () => {
  const pathname = openDialog('bob@example.com');

  fireEvent.click(await screen.findByRole('button', { name: 'DELETE' }));

  await waitFor(() => expect(pathname()).toBe('/admin/users'));
  const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
  expect(deletes.map(([path]) => path)).toEqual(['/api/v1/organizations/0a000000-0000-4000-8000-000000000001/users/bob%40example.com']);
  expect(new Headers(deletes[0]?.[1]?.headers).get('Authorization')).toBe('Bearer access-token');
  await waitFor(() => expect(screen.queryByText('Do you want to delete the user?')).toBeNull());
});

test('Cancel goes back without deleting', async () => {
  const pathname = openDialog('bob@example.com');

  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(pathname()).toBe('/admin/users'));
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
});
