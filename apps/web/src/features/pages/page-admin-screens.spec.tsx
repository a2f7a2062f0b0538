import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PAGE_BLOCKS, DEFAULT_REGISTRATION_FORM } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const PAGE_ID = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';
const page = {
  page_id: PAGE_ID,
  code_id: 'AbCdEf1234',
  org_id: '0a000000-0000-4000-8000-000000000001',
  title: 'Welcome',
  vanity_name: null,
  blocks: DEFAULT_PAGE_BLOCKS,
  form: DEFAULT_REGISTRATION_FORM,
  success_message: 'Your details are in.',
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};
let api: FakeApi;

function start(path: string) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role: 'editor' }),
  );
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations('editor');
    if (url === `/api/v1/pages/${PAGE_ID}` && method === 'GET') return reply(200, page);
    if (url === `/api/v1/pages/${PAGE_ID}` && method === 'PUT') return reply(200, { ...page, ...(body as object) });
    if (url.startsWith(`/api/v1/pages/${PAGE_ID}/submissions`)) {
      return reply(200, {
        items: [
          {
            submission_id: '0d000000-0000-4000-8000-000000000001',
            page_id: PAGE_ID,
            code_id: 'AbCdEf1234',
            answers: { first_name: 'Ada', email: 'ada@example.com' },
            submitted_at: '2026-11-23T11:00:00.000Z',
          },
        ],
        page: 1,
        per_page: 20,
        total: 1,
      });
    }
    if (url === '/api/v1/codes/names?org_id=0a000000-0000-4000-8000-000000000001')
      return reply(200, [{ code_id: 'AbCdEf1234', id: 'AbCdEf1234', name: 'Badge desk' }]);
    if (url === '/api/v1/pages' && method === 'POST') return reply(201, { page_id: PAGE_ID, public_link: `/page/${PAGE_ID}` });
    return undefined;
  });
  renderApp(path);
}

beforeEach(() => localStorage.clear());

test('staff edit the page with a live phone preview, add an input, and save the whole page', async () => {
  start(`/admin/update-page/${PAGE_ID}`);
  const title = await screen.findByDisplayValue('welcome to the club');
  const preview = screen.getByLabelText('Page preview');
  expect(within(preview).getByRole('heading', { name: 'welcome to the club' })).toBeTruthy();
  fireEvent.change(title, { target: { value: 'Doors at 7' } });
  expect(within(preview).getByRole('heading', { name: 'Doors at 7' })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Add input' }));
  expect(within(preview).getByLabelText('New question')).toBeTruthy();
  // The page marker that opens the form cannot be removed.
  expect((screen.getByRole('button', { name: 'Remove page' }) as HTMLButtonElement).disabled).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
  await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
  const [, saved] = requestsOf(api, 'PUT')[0]!;
  expect((saved as { blocks: { title?: string }[] }).blocks[0]!.title).toBe('Doors at 7');
  expect((saved as { form: { name: string }[] }).form.map((input) => input.name)).toEqual(['page', 'first_name', 'last_name', 'email', 'phone', 'field1']);
  expect(await screen.findByText('Saved. Visitors see the new version now.')).toBeTruthy();
});

test('staff read a page’s submissions, with a column per input', async () => {
  start(`/admin/update-page/${PAGE_ID}`);
  fireEvent.click(await screen.findByRole('tab', { name: 'Submissions' }));
  expect(await screen.findByText('ada@example.com')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'First name' })).toBeTruthy();
});

test('a new page starts from a chosen code and opens in the editor', async () => {
  start('/admin/add-new-page');
  await screen.findByRole('option', { name: 'Badge desk' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AbCdEf1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
  expect(await screen.findByDisplayValue('welcome to the club')).toBeTruthy();
  expect(requestsOf(api, 'POST').find(([url]) => url === '/api/v1/pages')?.[1]).toEqual({ code_id: 'AbCdEf1234' });
});
