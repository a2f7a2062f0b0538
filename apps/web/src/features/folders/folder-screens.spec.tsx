import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FolderView } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import { forgetPosition } from '../../api/read-position';
import FakeKeycloak from '../../testing/fake-keycloak';
import { codeView } from '../../testing/code-view';
import { pickOption } from '../../testing/pick-option';
import { renderApp } from '../../testing/render-app';
import { backToAPhone, onALaptop } from '../../testing/viewport';
import { ORGANIZATION_STORE_KEY } from '../organization';

const ORG = '0f0e0d0c-0b0a-4908-8706-050403020100';
const POSTERS = '11111111-1111-4111-8111-111111111111';
const FLYERS = '22222222-2222-4222-8222-222222222222';
const folder = (folder_id: string, name: string, code_count: number): FolderView => ({
  folder_id,
  org_id: ORG,
  name,
  code_count,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const code = (code_id: string, name: string) => codeView(code_id, name, { org_id: ORG, url: 'https://example.com', folder_id: POSTERS });

let api: FakeApi;

function start(
  path: string,
  folders: FolderView[],
  answer: (path: string, method: string, body: unknown) => ReturnType<typeof reply> | undefined = () => undefined,
) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ORG, org_name: 'Acme', organization_logo: '', role: 'editor' }));
  api = installFakeApi((requested, method, body) => {
    if (requested === '/api/v1/organizations')
      return reply(200, [{ organization_id: ORG, organization_name: 'Acme', organization_logo: null, time_zone: 'Europe/London', role: 'editor' }]);
    if (requested === `/api/v1/folders?org_id=${ORG}` && method === 'GET') return reply(200, folders);
    if (requested.includes('/qr?')) return undefined;
    return answer(requested, method, body);
  });
  renderApp(path);
}

beforeEach(() => localStorage.clear());

afterEach(backToAPhone);
// A position one test's fake server answered with is not carried into the next test's queries.
afterEach(forgetPosition);

test('with no folders, the folders screen says how to start, and a new folder is created from the dialog', async () => {
  start('/admin/folders', [], (path, method, body) =>
    path === '/api/v1/folders' && method === 'POST' ? reply(201, folder(POSTERS, (body as { name: string }).name, 0)) : undefined,
  );
  expect(await screen.findByText(/No folders yet\. Create one with “New folder”/)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
  const dialog = await screen.findByRole('dialog', { name: 'New folder' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
  // The API's own contract refuses a blank name, before anything is sent.
  expect(await within(dialog).findByText('Give the folder a name.')).toBeTruthy();
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Folder name' }), { target: { value: 'Summer posters' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([['/api/v1/folders', { org_id: ORG, name: 'Summer posters' }]]));
});

test('the list refetched after a new folder waits for the position its create answered with, and shows the folder', async () => {
  let folders: FolderView[] = [];
  start('/admin/folders', [], (path, method, body) => {
    if (path === `/api/v1/folders?org_id=${ORG}&min_position=812-90210` && method === 'GET') return reply(200, folders);
    if (path !== '/api/v1/folders' || method !== 'POST') return undefined;
    folders = [folder(POSTERS, (body as { name: string }).name, 0)];
    return reply(201, folders[0], { 'x-position': '812-90210' });
  });
  expect(await screen.findByText(/No folders yet\. Create one with “New folder”/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
  const dialog = await screen.findByRole('dialog', { name: 'New folder' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Folder name' }), { target: { value: 'Summer posters' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
  expect(await within(await screen.findByRole('table', { name: 'Folders' })).findByText('Summer posters')).toBeTruthy();
});

test('the folders screen lists each folder with its count, and removing one says its codes stay', async () => {
  start('/admin/folders', [folder(FLYERS, 'Flyers', 0), folder(POSTERS, 'Posters', 3)], (path, method) =>
    path === `/api/v1/folders/${POSTERS}` && method === 'DELETE' ? reply(204) : undefined,
  );
  const table = await screen.findByRole('table', { name: 'Folders' });
  expect(within(table).getByRole('link', { name: 'Posters' }).getAttribute('href')).toBe(`/admin/folder/${POSTERS}`);
  expect(
    within(table)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([expect.stringContaining('Name'), expect.stringContaining('Flyers0'), expect.stringContaining('Posters3')]);

  fireEvent.click(screen.getByRole('button', { name: 'Remove Posters' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove this folder?' });
  expect(dialog.textContent).toContain('Its 3 codes stay in My codes, in no folder');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove folder' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/folders/${POSTERS}`, undefined]]));
});

test('on a folder’s screen, ticked codes move out of the folder or to another folder in one request', async () => {
  onALaptop();
  const codes = [code('AAAAAAAAA1', 'Menu'), code('AAAAAAAAA2', 'Poster'), code('AAAAAAAAA3', 'Sign')];
  start(`/admin/folder/${POSTERS}`, [folder(FLYERS, 'Flyers', 0), folder(POSTERS, 'Posters', 3)], (path, method) => {
    if (path === `/api/v1/folders/${POSTERS}` && method === 'GET') return reply(200, folder(POSTERS, 'Posters', 3));
    if (path === `/api/v1/folders/${POSTERS}/codes?page=1&pageSize=10`) return reply(200, { items: codes, page: 1, per_page: 10, total: 3 });
    if (method === 'POST') return reply(200, folder(POSTERS, 'Posters', 1));
    return undefined;
  });
  const table = await screen.findByRole('table', { name: 'Codes in this folder' });
  const targets = await screen.findByRole('group', { name: 'Folders to drop codes on' });
  expect(await within(targets).findByText('Flyers')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Drag Menu to a folder' })).toBeTruthy();

  fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Menu' }));
  fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Sign' }));
  const bar = screen.getByRole('region', { name: 'Selected codes' });
  expect(bar.textContent).toContain('2 codes selected');
  fireEvent.click(within(bar).getByRole('button', { name: 'Move out of folder' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([[`/api/v1/folders/${POSTERS}/codes/remove`, { code_ids: ['AAAAAAAAA1', 'AAAAAAAAA3'] }]]));

  fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every code on this page' }));
  const again = await screen.findByRole('region', { name: 'Selected codes' });
  await pickOption(within(again).getByRole('combobox', { name: 'Move to folder' }), 'Flyers');
  fireEvent.click(within(again).getByRole('button', { name: 'Move' }));
  await waitFor(() =>
    expect(requestsOf(api, 'POST').at(-1)).toEqual([`/api/v1/folders/${FLYERS}/codes`, { code_ids: ['AAAAAAAAA1', 'AAAAAAAAA2', 'AAAAAAAAA3'] }]),
  );
});

test('an empty folder’s QR grid says where its codes come from', async () => {
  start(`/admin/folder-qr/${FLYERS}`, [], (path) => {
    if (path === `/api/v1/folders/${FLYERS}`) return reply(200, folder(FLYERS, 'Flyers', 0));
    if (path.startsWith(`/api/v1/folders/${FLYERS}/codes`)) return reply(200, { items: [], page: 1, per_page: 24, total: 0 });
    return reply(404, { title: 'Folder not found', code: 'folder_not_found', detail: 'No such folder.' });
  });
  expect(await screen.findByRole('heading', { name: 'QR codes in Flyers' })).toBeTruthy();
  expect(await screen.findByText(/No codes in this folder yet/)).toBeTruthy();
});

test('a folder the API does not find says so, with a way back', async () => {
  start(`/admin/folder/${FLYERS}`, [], () => reply(404, { title: 'Folder not found', code: 'folder_not_found', detail: 'No such folder.' }));
  expect(await screen.findByText('No such folder.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to the folders' }).getAttribute('href')).toBe('/admin/folders');
});

test('My codes shows each code’s folder, filters by folder, and files ticked codes into the folder picked', async () => {
  onALaptop();
  const listed = [{ ...code('AAAAAAAAA1', 'Menu'), folder_id: null }, code('AAAAAAAAA2', 'Poster')];
  start('/admin/my-codes', [folder(FLYERS, 'Flyers', 0), folder(POSTERS, 'Posters', 1)], (path, method) => {
    if (path.startsWith('/api/v1/codes?')) return reply(200, { items: listed, page: 1, per_page: 10, total: 2 });
    if (method === 'POST') return reply(200, folder(FLYERS, 'Flyers', 1));
    return undefined;
  });
  const table = await screen.findByRole('table', { name: 'Codes' });
  expect(await within(within(table).getByRole('row', { name: /Poster/ })).findByText('Posters')).toBeTruthy();

  await pickOption(screen.getByRole('combobox', { name: 'Folder' }), 'Not in a folder');
  await waitFor(() => expect(api.mock.calls.map(([path]) => path)).toContain(`/api/v1/codes?org_id=${ORG}&page=1&per_page=10&folder_id=none`));

  fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Menu' }));
  const bar = screen.getByRole('region', { name: 'Selected codes' });
  expect(within(bar).queryByRole('button', { name: 'Move out of folder' })).toBeNull();
  await pickOption(within(bar).getByRole('combobox', { name: 'Move to folder' }), 'Flyers');
  fireEvent.click(within(bar).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([[`/api/v1/folders/${FLYERS}/codes`, { code_ids: ['AAAAAAAAA1'] }]]));
});

test('My codes says when a filter matches nothing, and one click shows every code again', async () => {
  onALaptop();
  start('/admin/my-codes', [folder(POSTERS, 'Posters', 1)], (path) => {
    if (path.startsWith('/api/v1/codes?')) {
      const filtered = path.includes('filter=') || path.includes('folder_id=');
      return reply(200, { items: filtered ? [] : [code('AAAAAAAAA2', 'Poster')], page: 1, per_page: 10, total: filtered ? 0 : 1 });
    }
    return undefined;
  });
  await screen.findByRole('table', { name: 'Codes' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Filter' }), { target: { value: 'paused' } });
  expect(await screen.findByText('No code matches this filter.')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Show all codes' }));
  expect(await screen.findByRole('table', { name: 'Codes' })).toBeTruthy();
  expect((screen.getByRole('textbox', { name: 'Filter' }) as HTMLInputElement).value).toBe('');
});

test('on a phone, codes are ticked on their cards and moved to a folder, with no drag handles to reach for', async () => {
  const listed = [{ ...code('AAAAAAAAA1', 'Menu'), folder_id: null }, code('AAAAAAAAA2', 'Poster')];
  start('/admin/my-codes', [folder(FLYERS, 'Flyers', 0), folder(POSTERS, 'Posters', 1)], (path, method) => {
    if (path.startsWith('/api/v1/codes?')) return reply(200, { items: listed, page: 1, per_page: 10, total: 2 });
    if (method === 'POST') return reply(200, folder(FLYERS, 'Flyers', 2));
    return undefined;
  });
  const list = await screen.findByRole('list', { name: 'Codes' });
  expect(await within(within(list).getAllByRole('listitem')[1]!).findByText('Posters')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Drag Menu to a folder' })).toBeNull();
  expect(screen.queryByRole('group', { name: 'Folders to drop codes on' })).toBeNull();

  fireEvent.click(within(list).getByRole('checkbox', { name: 'Select Menu' }));
  expect(screen.getByRole('region', { name: 'Selected codes' }).textContent).toContain('1 code selected');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select every code on this page' }));
  const bar = screen.getByRole('region', { name: 'Selected codes' });
  expect(bar.textContent).toContain('2 codes selected');
  await pickOption(within(bar).getByRole('combobox', { name: 'Move to folder' }), 'Flyers');
  fireEvent.click(within(bar).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([[`/api/v1/folders/${FLYERS}/codes`, { code_ids: ['AAAAAAAAA1', 'AAAAAAAAA2'] }]]));
});
