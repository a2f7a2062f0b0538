import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NoteView } from '@qr/contracts';
import { codeView } from '../../testing/code-view';
import { installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const ORG = '0f0e0d0c-0b0a-4908-8706-050403020100';
const NOTE = '33333333-3333-4333-8333-333333333333';
const code = codeView('AAAAAAAAA1', 'Menu', {
  org_id: ORG,
  url: 'https://example.com',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const note: NoteView = {
  id: NOTE,
  code_id: 'AAAAAAAAA1',
  org_id: ORG,
  text: 'Reprint in May',
  code_name: 'Menu',
  created_by: 'ed@example.com',
  created_at: '2026-11-02T10:00:00.000Z',
};
const list = (items: NoteView[]) => reply(200, { items, page: 1, per_page: 20, total: items.length });

let api: FakeApi;

function start(path: string, role: string, answer: (path: string, method: string) => ReturnType<typeof reply> | undefined) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ORG, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((requested, method) => {
    if (requested === '/api/v1/organizations')
      return reply(200, [{ organization_id: ORG, organization_name: 'Acme', organization_logo: null, time_zone: 'Europe/London', role }]);
    if (requested === '/api/v1/codes/AAAAAAAAA1') return reply(200, code);
    return answer(requested, method);
  });
  renderApp(path);
}

beforeEach(() => localStorage.clear());

test('on a code’s screen an editor adds a note (a blank one is refused before sending) and deletes one', async () => {
  start('/admin/my-codes/show/AAAAAAAAA1', 'editor', (path, method) => {
    if (path === '/api/v1/notes?code_id=AAAAAAAAA1&pageSize=100') return list([note]);
    if (path === '/api/v1/notes' && method === 'POST') return reply(201, { ...note, id: '44444444-4444-4444-8444-444444444444', text: 'Hung at the station' });
    if (path === `/api/v1/notes/${NOTE}` && method === 'DELETE') return reply(204);
    return undefined;
  });
  const notes = await screen.findByRole('region', { name: 'Notes' });
  expect(await within(notes).findByText('Reprint in May')).toBeTruthy();

  fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
  expect(await within(notes).findByText('Write the note first.')).toBeTruthy();
  fireEvent.change(within(notes).getByRole('textbox', { name: 'New note' }), { target: { value: 'Hung at the station' } });
  fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([['/api/v1/notes', { code_id: 'AAAAAAAAA1', text: 'Hung at the station' }]]));

  fireEvent.click(within(notes).getByRole('button', { name: 'Delete note' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/notes/${NOTE}`, undefined]]));
});

test('a viewer reads a code’s notes but gets no form and no delete button', async () => {
  start('/admin/my-codes/show/AAAAAAAAA1', 'viewer', (path) => (path.startsWith('/api/v1/notes?code_id=') ? list([note]) : undefined));
  const notes = await screen.findByRole('region', { name: 'Notes' });
  expect(await within(notes).findByText('Reprint in May')).toBeTruthy();
  expect(within(notes).queryByRole('button', { name: 'Add note' })).toBeNull();
  expect(within(notes).queryByRole('button', { name: 'Delete note' })).toBeNull();
});

test('/admin/notes lists the organization’s notes with a link to each code, or says how to write the first', async () => {
  start('/admin/notes', 'editor', (path) => (path === `/api/v1/notes?org_id=${ORG}&page=1&pageSize=20` ? list([note]) : undefined));
  const card = await screen.findByRole('article', { name: 'Note on Menu' });
  expect(within(card).getByText('Reprint in May')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('/admin/my-codes/show/AAAAAAAAA1');
});

test('/admin/notes with no notes says where notes are written', async () => {
  start('/admin/notes', 'editor', (path) => (path.startsWith('/api/v1/notes?org_id=') ? list([]) : undefined));
  expect(await screen.findByText(/No notes yet\. Open a code from/)).toBeTruthy();
});
