import { DEFAULT_THEME_STYLE } from '@qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { pickOption } from '../../testing/pick-option';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const ADA = 'AdaAdaAdaAdaAdaAdaAdaAdaAdaAda12';
const ada = {
  id: ADA,
  org_id: '0a000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  phone: '5555550001',
  name: 'Ada Lovelace',
  basedOn: 'form',
  code_id: 'AbCdEf1234',
  page_id: '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11',
  first_seen: '2026-11-23T10:00:00.000Z',
  last_seen: '2026-11-24T10:00:00.000Z',
  interactions: 2,
};
const CSV = 'id,email\r\nAda,ada@example.com\r\nGrace,grace@example.com\r\n';

/** Holds the export's last chunk back until the test has seen the progress bar. */
let releaseLastChunk: () => void = () => undefined;

/** A streamed export: the base64 body cut at awkward places, as a network would. */
function exportResponse(): FakeResponse & { headers: Headers; body: { getReader: () => { read: () => Promise<{ done: boolean; value?: Uint8Array }> } } } {
  const b64 = Buffer.from(CSV).toString('base64');
  const chunks = [b64.slice(0, 5), b64.slice(5, 46), b64.slice(46)].map((part) => new TextEncoder().encode(part));
  return {
    ...reply(200),
    headers: new Headers({ 'x-row-count': '2' }),
    body: {
      getReader: () => ({
        read: async () => {
          if (chunks.length === 1) await new Promise<void>((resolve) => (releaseLastChunk = resolve));
          return chunks.length > 0 ? { done: false, value: chunks.shift() } : { done: true };
        },
      }),
    },
  };
}

let api: FakeApi;
let exportAnswer: () => FakeResponse;

function start(path: string, role = 'owner') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role }),
  );
  api = installFakeApi((url, method) => {
    if (url === '/api/v1/organizations') {
      return reply(200, [
        {
          organization_id: '0a000000-0000-4000-8000-000000000001',
          organization_name: 'Acme',
          organization_logo: null,
          time_zone: 'Europe/London',
          brand_kit: DEFAULT_THEME_STYLE,
          role,
        },
        {
          organization_id: '0a000000-0000-4000-8000-000000000002',
          organization_name: 'Bolt',
          organization_logo: null,
          time_zone: 'Europe/London',
          brand_kit: DEFAULT_THEME_STYLE,
          role,
        },
      ]);
    }
    if (url === '/api/v1/codes/names?org_id=0a000000-0000-4000-8000-000000000001')
      return reply(200, [{ code_id: 'AbCdEf1234', id: 'AbCdEf1234', name: 'Badge desk' }]);
    if (url === '/api/v1/codes/names?org_id=0a000000-0000-4000-8000-000000000002') return reply(200, []);
    if (url.startsWith('/api/v1/customers?')) {
      const page = new URLSearchParams(url.split('?')[1]).get('page');
      return reply(200, { items: page === '2' ? [] : [ada], page: Number(page), per_page: 25, total: 30 });
    }
    if (url === `/api/v1/customers/${ADA}/activity?org_id=0a000000-0000-4000-8000-000000000001`) {
      return reply(200, {
        customer: ada,
        items: [
          {
            kind: 'form',
            id: 's1',
            code_id: 'AbCdEf1234',
            page_id: ada.page_id,
            at: '2026-11-24T10:00:00.000Z',
            answers: { first_name: 'Ada', last_name: 'Visitor', birthday: '1990-03-07', newsletter: true },
          },
        ],
      });
    }
    if (url === `/api/v1/customers/${ADA}?org_id=0a000000-0000-4000-8000-000000000001` && method === 'DELETE') return reply(204);
    if (url === '/api/v1/exports/csv') return exportAnswer();
    return undefined;
  });
  renderApp(path);
}

beforeEach(() => {
  localStorage.clear();
  exportAnswer = exportResponse;
});

test('staff list customers, filter by code and page through them', async () => {
  start('/admin/customers');
  expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
  expect(await screen.findByRole('cell', { name: 'Badge desk' })).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AbCdEf1234' } });
  await waitFor(() =>
    expect(requestsOf(api, 'GET').map(([url]) => url)).toContain(
      '/api/v1/customers?org_id=0a000000-0000-4000-8000-000000000001&page=1&pageSize=25&code_id=AbCdEf1234',
    ),
  );
  fireEvent.change(screen.getByLabelText('Came through'), { target: { value: 'form' } });
  await waitFor(() =>
    expect(requestsOf(api, 'GET').map(([url]) => url)).toContain(
      '/api/v1/customers?org_id=0a000000-0000-4000-8000-000000000001&page=1&pageSize=25&basedOn=form&code_id=AbCdEf1234',
    ),
  );
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of customers' })).getByRole('button', { name: 'Page 2' }));
  await waitFor(() =>
    expect(requestsOf(api, 'GET').map(([url]) => url)).toContain(
      '/api/v1/customers?org_id=0a000000-0000-4000-8000-000000000001&page=2&pageSize=25&basedOn=form&code_id=AbCdEf1234',
    ),
  );
});

test('switching organization starts the list afresh, without the code filter of the one before', async () => {
  start('/admin/customers');
  await screen.findByRole('option', { name: 'Badge desk' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AbCdEf1234' } });
  await waitFor(() =>
    expect(requestsOf(api, 'GET').map(([url]) => url)).toContain(
      '/api/v1/customers?org_id=0a000000-0000-4000-8000-000000000001&page=1&pageSize=25&code_id=AbCdEf1234',
    ),
  );
  await pickOption((await screen.findAllByRole('combobox', { name: 'Organisation', hidden: true }))[0]!, 'Bolt');
  await waitFor(() =>
    expect(requestsOf(api, 'GET').map(([url]) => url)).toContain('/api/v1/customers?org_id=0a000000-0000-4000-8000-000000000002&page=1&pageSize=25'),
  );
  expect(
    requestsOf(api, 'GET')
      .map(([url]) => url)
      .filter((url) => url.includes('org_id=0a000000-0000-4000-8000-000000000002&') && url.includes('code_id')),
  ).toEqual([]);
  expect((screen.getByLabelText('Code') as HTMLSelectElement).value).toBe('');
});

test('exporting a code’s customers streams the base64 body with a progress bar and saves interaction_data.csv', async () => {
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.download).toBe('interaction_data.csv');
  });
  start('/admin/customers');
  const button = await screen.findByRole('button', { name: 'Export CSV' });
  await screen.findByRole('option', { name: 'Badge desk' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AbCdEf1234' } });
  expect(screen.getByText('The customers of Badge desk.')).toBeTruthy();
  fireEvent.click(button);

  // Two chunks in, one CSV line of two decoded: the bar stands at 50 %.
  const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
  await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
  releaseLastChunk();
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull();
  expect(requestsOf(api, 'POST')).toEqual([
    ['/api/v1/exports/csv', { from: 'my-codes/customer', org_id: '0a000000-0000-4000-8000-000000000001', code_id: 'AbCdEf1234' }],
  ]);
  const text = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(saved[0]!);
  });
  expect(text).toBe(CSV);
  click.mockRestore();
});

test('without a code picked, Export CSV exports every customer of the organisation', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:export');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  start('/admin/customers');
  const button = await screen.findByRole('button', { name: 'Export CSV' });
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(button.getAttribute('aria-describedby') && document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
    'Every customer of the organisation.',
  );
  fireEvent.click(button);
  const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
  await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
  releaseLastChunk();
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(requestsOf(api, 'POST')).toEqual([['/api/v1/exports/csv', { from: 'my-codes/customer', org_id: '0a000000-0000-4000-8000-000000000001' }]]);
  click.mockRestore();
});

test('a customer’s timeline reads as words: the answers under their labels, one a line, and dates written out', async () => {
  start(`/admin/customers/${ADA}`);
  expect(await screen.findByText('Sent a form through Badge desk')).toBeTruthy();
  const answers = screen.getAllByRole('listitem').map((item) => item.textContent);
  expect(answers).toEqual(['First name: Ada', 'Last name: Visitor', 'Birthday: 7 Mar 1990', 'Newsletter: Yes']);
  expect(screen.getByText('24 Nov 2026, 10:00')).toBeTruthy();
  expect(screen.queryByText(/last_name/)).toBeNull();
});

test('a failed export is logged as spec §8 says and shown to the user', async () => {
  exportAnswer = () => reply(403, { title: 'Your role does not allow this', code: 'forbidden' });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  start('/admin/customers');
  await screen.findByRole('option', { name: 'Badge desk' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'AbCdEf1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText('Failed to export CSV')).toBeTruthy();
  expect(logged).toHaveBeenCalledWith('Failed to export CSV', expect.anything());
  logged.mockRestore();
});

test('a viewer sees no export or forget buttons', async () => {
  start('/admin/customers', 'viewer');
  expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  fireEvent.click(screen.getByRole('link', { name: 'Ada Lovelace' }));
  expect(await screen.findByText(/First name: Ada/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Forget this customer' })).toBeNull();
});

test('forgetting a customer asks first, then deletes them and returns to the list', async () => {
  start(`/admin/customers/${ADA}`);
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
  expect(screen.getByText(/First name: Ada/)).toBeTruthy();
  expect(await screen.findByText('Sent a form through Badge desk')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Forget this customer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Forget this customer?' });
  expect(requestsOf(api, 'DELETE')).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Forget' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/customers/${ADA}?org_id=0a000000-0000-4000-8000-000000000001`, undefined]]));
  expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
});
