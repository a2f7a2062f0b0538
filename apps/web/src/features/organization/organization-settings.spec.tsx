import { DEFAULT_THEME_STYLE } from '@qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from './organization-record';

const ORG = '/api/v1/organizations/0a000000-0000-4000-8000-000000000001';
const key = {
  key_id: '0c000000-0000-4000-8000-000000000001',
  label: 'nightly export',
  role: 'viewer',
  prefix: 'qrk_abcd',
  created_at: '2026-11-01T10:00:00Z',
  revoked_at: null,
};
let api: FakeApi;

function signInAs(role: string, terms: { version: number; accepted_version: number | null } | null = null) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role }),
  );
  api = installFakeApi((path, method, body) => {
    if (path === '/api/v1/organizations') return acmeOrganizations(role, 'UTC');
    if (path === ORG && method === 'PATCH')
      return reply(200, {
        organization_id: '0a000000-0000-4000-8000-000000000001',
        organization_name: 'Acme',
        organization_logo: null,
        time_zone: 'UTC',
        brand_kit: DEFAULT_THEME_STYLE,
        ...(body as object),
      });
    if (path === `${ORG}/api-keys` && method === 'GET') return reply(200, [key]);
    if (path === `${ORG}/api-keys` && method === 'POST') {
      return reply(201, { ...key, key_id: '0c000000-0000-4000-8000-000000000002', ...(body as object), prefix: 'qrk_wxyz', api_key: 'qrk_wxyz_the-secret' });
    }
    if (path === `${ORG}/terms` && method === 'GET') {
      return terms ? reply(200, { ...terms, text: 'Be <b>kind</b>.', published_at: '2026-11-01T10:00:00Z' }) : reply(204);
    }
    if (path === `${ORG}/terms/accept`) return reply(200, { version: 2, accepted_version: 2, text: 'Be kind.', published_at: '2026-11-01T10:00:00Z' });
    return undefined;
  });
}

beforeEach(() => localStorage.clear());

test('an owner issues an API key, sees its secret once in a dialog, and the list never shows it', async () => {
  signInAs('owner');
  renderApp('/admin/organization');

  const table = await screen.findByRole('table', { name: 'API keys' });
  expect(within(table).getByText('nightly export')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('What is it for?'), { target: { value: 'dashboard' } });
  fireEvent.click(screen.getByRole('button', { name: 'Issue API key' }));

  expect((await screen.findByTestId('issued-api-key')).textContent).toBe('qrk_wxyz_the-secret');
  expect(requestsOf(api, 'POST')).toEqual([[`${ORG}/api-keys`, { label: 'dashboard', role: 'viewer' }]]);
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText('qrk_wxyz_the-secret')).toBeNull());
});

test('on a server without the clipboard (plain http), Copy key says it could not copy and shows the key selected to copy by hand', async () => {
  // jsdom, like a browser on an insecure page, has no navigator.clipboard.
  expect(navigator.clipboard).toBeUndefined();
  signInAs('owner');
  renderApp('/admin/organization');
  fireEvent.change(await screen.findByLabelText('What is it for?'), { target: { value: 'dashboard' } });
  fireEvent.click(screen.getByRole('button', { name: 'Issue API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });

  fireEvent.click(within(dialog).getByRole('button', { name: 'Copy key' }));
  expect((await within(dialog).findByRole('status')).textContent).toMatch(/did not let the page copy/);
  const byHand = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Text to copy' });
  expect(byHand.value).toBe('qrk_wxyz_the-secret');
  expect(document.activeElement).toBe(byHand);
});

test('a label the contract refuses is named next to the field and nothing is sent', async () => {
  signInAs('admin');
  renderApp('/admin/organization');

  fireEvent.click(await screen.findByRole('button', { name: 'Issue API key' }));
  expect(await screen.findByText('Say what the key is for.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);
});

test('a viewer sees the keys and terms but no form to change them', async () => {
  signInAs('viewer', { version: 1, accepted_version: 1 });
  renderApp('/admin/organization');

  expect(await screen.findByRole('table', { name: 'API keys' })).toBeTruthy();
  expect(screen.getByText('Owners and admins issue and revoke keys.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Issue API key' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Publish terms' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Revoke nightly export' })).toBeNull();
  expect((screen.getByLabelText('Organisation name') as HTMLInputElement).disabled).toBe(true);
});

test('a member who has not accepted the latest terms is asked to, and accepting sends that version', async () => {
  signInAs('editor', { version: 2, accepted_version: 1 });
  renderApp('/admin/users');

  fireEvent.click(await screen.findByRole('button', { name: 'Read and accept' }));
  // Terms are shown as text: markup an organization typed is not interpreted.
  expect(await screen.findByText('Be <b>kind</b>.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'I accept' }));

  await waitFor(() => expect(screen.queryByRole('button', { name: 'Read and accept' })).toBeNull());
  expect(requestsOf(api, 'POST')).toEqual([[`${ORG}/terms/accept`, { version: 2 }]]);
});

test('an admin moves the organization to another time zone, which analytics then count days in', async () => {
  signInAs('admin');
  renderApp('/admin/organization');

  const zone = (await screen.findByLabelText('Time zone', { selector: 'input' })) as HTMLInputElement;
  expect(zone.value).toBe('UTC');
  expect(screen.getByText('Analytics count days, weeks and months in this time zone.')).toBeTruthy();
  fireEvent.click(zone);
  fireEvent.change(zone, { target: { value: 'Europe/Ber' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Europe/Berlin', hidden: true }));
  fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

  await screen.findByText('Saved.');
  expect(requestsOf(api, 'PATCH')).toEqual([[ORG, { organization_name: 'Acme', organization_logo: null, time_zone: 'Europe/Berlin' }]]);
});
