import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANISATION_STORE_KEY } from '../organisation/organisation-record';

let api: FakeApi;

function start(save: (body: unknown) => ReturnType<typeof reply>) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANISATION_STORE_KEY, JSON.stringify({ org_id: 'org-1', org_name: 'Acme', organization_logo: '', role: 'editor' }));
  api = installFakeApi((path, method, body) => {
    if (path === '/api/v1/organizations') return reply(200, [{ organization_id: 'org-1', organization_name: 'Acme', organization_logo: null, role: 'editor' }]);
    if (path === '/api/v1/codes/qr-preview') return reply(200, { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', check: { ok: true } });
    if (path === '/api/v1/codes' && method === 'POST') return save(body);
    return undefined;
  });
  renderApp('/admin/create-qr-code');
}

beforeEach(() => localStorage.clear());

test('a web address the contract refuses is named next to the field, and nothing is sent', async () => {
  start(() => reply(201, {}));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'javascript:alert(1)' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(await screen.findByText('Use a web address starting with http:// or https://.')).toBeTruthy();
  expect(requestsOf(api, 'POST').filter(([path]) => path === '/api/v1/codes')).toEqual([]);
});

test('a design the server would not scan is explained in the designer', async () => {
  start(() => reply(422, { title: 'This design would not scan', code: 'design_unscannable', detail: 'The contrast between the code and its background is too low.' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Flyer' } });
  fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'https://example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));
  expect(await screen.findByText('The contrast between the code and its background is too low.')).toBeTruthy();
  await waitFor(() =>
    expect(requestsOf(api, 'POST').find(([path]) => path === '/api/v1/codes')?.[1]).toMatchObject({ org_id: 'org-1', name: 'Flyer', type: 'url', url: 'https://example.com' }),
  );
});
