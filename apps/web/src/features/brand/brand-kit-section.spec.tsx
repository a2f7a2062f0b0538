import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_THEME_STYLE } from '@qr/contracts';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const BRAND_KIT = `/api/v1/organizations/${ACME_ORG_ID}/brand-kit`;
let api: FakeApi;

function signInAs(role: string) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((path, method, body) => {
    if (path === '/api/v1/organizations') return acmeOrganizations(role, 'UTC');
    if (path === BRAND_KIT && method === 'PUT')
      return reply(200, { organization_id: ACME_ORG_ID, organization_name: 'Acme', organization_logo: null, time_zone: 'UTC', brand_kit: body });
    if (path.endsWith('/api-keys')) return reply(200, []);
    if (path.endsWith('/terms')) return reply(204);
    return undefined;
  });
}

const brandKit = async () => screen.findByRole('form', { name: 'Brand kit' });
const colour = (form: HTMLElement, name: string) => within(form).getByLabelText(name);

beforeEach(() => localStorage.clear());

test('an admin changes the primary colour and the whole kit is saved, with Saved. beside the button', async () => {
  signInAs('admin');
  renderApp('/admin/organization');
  const form = await brandKit();

  fireEvent.change(colour(form, 'Primary (light)'), { target: { value: '#0b7285' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save brand kit' }));

  expect(await within(form).findByText(/^Saved\./)).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([[BRAND_KIT, { ...DEFAULT_THEME_STYLE, light: { ...DEFAULT_THEME_STYLE.light, primary: '#0b7285' } }]]);
  // The organisation list is asked again, so every screen reading the kit gets the saved one.
  await waitFor(() => expect(api.mock.calls.filter(([path]) => path === '/api/v1/organizations').length).toBeGreaterThan(1));
});

test('light grey text is named with its ratio, the save is refused with that list, and fixing it lets the save through', async () => {
  signInAs('owner');
  renderApp('/admin/organization');
  const form = await brandKit();

  fireEvent.change(colour(form, 'Text (light)'), { target: { value: '#aaaaaa' } });
  const message = 'Body text on the background (light): 2.3:1, needs 4.5:1.';
  expect(within(within(form).getByRole('status', { name: 'Contrast check' })).getByText(message)).toBeTruthy();

  fireEvent.click(within(form).getByRole('button', { name: 'Save brand kit' }));
  const refusal = await within(form).findByRole('alert');
  expect(within(refusal).getByText('Not saved: fix the contrast first')).toBeTruthy();
  expect(within(refusal).getByText(message)).toBeTruthy();
  expect(requestsOf(api, 'PUT')).toEqual([]);

  fireEvent.change(colour(form, 'Text (light)'), { target: { value: '#333333' } });
  expect(within(form).queryByRole('alert')).toBeNull();
  expect(within(form).getByText('✓ Every colour pair passes the WCAG AA contrast check.')).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Save brand kit' }));
  await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
});

test('switching the dark version off hides its colours and its preview and saves the kit without one; on again brings them back', async () => {
  signInAs('admin');
  renderApp('/admin/organization');
  const form = await brandKit();
  const darkSwitch = within(form).getByRole('switch', { name: /^Also a dark version/ });
  expect(screen.getByText('Preview in dark mode')).toBeTruthy();
  fireEvent.change(colour(form, 'Background (dark)'), { target: { value: '#101113' } });

  fireEvent.click(darkSwitch);
  expect(within(form).queryByLabelText('Background (dark)')).toBeNull();
  expect(screen.queryByText('Preview in dark mode')).toBeNull();
  fireEvent.click(within(form).getByRole('button', { name: 'Save brand kit' }));
  await waitFor(() => expect(requestsOf(api, 'PUT')).toEqual([[BRAND_KIT, { ...DEFAULT_THEME_STYLE, dark: null }]]));

  fireEvent.click(darkSwitch);
  expect((colour(form, 'Background (dark)') as HTMLInputElement).value).toBe('#101113');
});

test('a viewer sees the brand kit and its preview but cannot change or save it', async () => {
  signInAs('viewer');
  renderApp('/admin/organization');
  const form = await brandKit();

  expect(within(form).queryByRole('button', { name: 'Save brand kit' })).toBeNull();
  expect(within(form).getByText('Owners and admins change the brand kit.')).toBeTruthy();
  expect((colour(form, 'Primary (light)') as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText('Preview')).toBeTruthy();
});
