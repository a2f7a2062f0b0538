import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QrDesign } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { codeView } from '../../testing/code-view';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

/** The template the server answers a save with. */
const savedTemplate = {
  template_id: '6f1d2c1e-0000-4000-8000-000000000009',
  source: 'organization',
  org_id: '0a000000-0000-4000-8000-000000000001',
  name: 'Terrace menu',
  description: 'Table tents',
  content: { type: 'url', url: 'https://example.com/menu' },
  design: QrDesign.parse({}),
  page: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

let api: FakeApi;

function start(answer: (path: string, method: string) => ReturnType<typeof reply> | undefined = () => undefined) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  api = installFakeApi((path, method) => {
    if (path === '/api/v1/organizations') return acmeOrganizations('editor');
    if (path === '/api/v1/codes/MenuCode01') return reply(200, codeView('MenuCode01', 'Menu'));
    if (path === '/api/v1/codes/MenuCode01/children') return reply(200, [codeView('MenuCopy01', 'Menu (copy)', { base_code_id: 'MenuCode01' })]);
    return answer(path, method);
  });
  renderApp('/admin/my-codes/show/MenuCode01');
}

beforeEach(() => localStorage.clear());

test('the code screen lists its clones, and Clone makes one and opens it', async () => {
  start((path, method) =>
    path === '/api/v1/codes/MenuCode01/clone' && method === 'POST' ? reply(201, { code_id: 'MenuCopy02', public_link: 'x', qr_url: 'y' }) : undefined,
  );
  expect(await screen.findByRole('link', { name: 'Menu (copy)' })).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'Copy Menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Clone' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toContainEqual(['/api/v1/codes/MenuCode01/clone', { with_page: false }]));
  await waitFor(() => expect(api.mock.calls.map(([path]) => path)).toContain('/api/v1/codes/MenuCopy02'));
});

test('clone multiple sends one entry per row, and shows the server’s refusal under the row it concerns', async () => {
  start((path) =>
    path === '/api/v1/codes/clone-multiple'
      ? reply(400, {
          title: 'Invalid',
          code: 'validation_failed',
          errors: [{ field: 'body.data.1.url', message: 'Use a web address starting with http:// or https://.' }],
        })
      : undefined,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Copy Menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Clone multiple…' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Clone 1 name' }), { target: { value: 'Table 1' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Clone 2 web address' }), { target: { value: 'ftp://nope' } });
  fireEvent.click(screen.getByRole('button', { name: 'Remove clone 3' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create 2 clones' }));
  expect(await screen.findByText('Use a web address starting with http:// or https://.')).toBeTruthy();
  expect(screen.getByText(/Nothing was created/)).toBeTruthy();
  expect(requestsOf(api, 'POST')).toContainEqual([
    '/api/v1/codes/clone-multiple',
    { code_id: 'MenuCode01', data: [{ name: 'Table 1' }, { url: 'ftp://nope' }], with_page: false },
  ]);
});

test('save as template names the template, refuses a blank name before sending, and opens the templates', async () => {
  start((path, method) => (path === '/api/v1/templates/from-code' && method === 'POST' ? reply(201, savedTemplate) : undefined));
  fireEvent.click(await screen.findByRole('button', { name: 'Copy Menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Save as template…' }));
  const name = await screen.findByRole('textbox', { name: 'Template name' });
  expect((name as HTMLInputElement).value).toBe('Menu');
  fireEvent.change(name, { target: { value: ' ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
  expect(await screen.findByText('Give the template a name.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);

  fireEvent.change(name, { target: { value: 'Terrace menu' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'What it is for' }), { target: { value: 'Table tents' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
  await waitFor(() =>
    expect(requestsOf(api, 'POST')).toEqual([['/api/v1/templates/from-code', { code_id: 'MenuCode01', name: 'Terrace menu', description: 'Table tents' }]]),
  );
  expect(await screen.findByRole('heading', { name: 'Templates' })).toBeTruthy();
});
