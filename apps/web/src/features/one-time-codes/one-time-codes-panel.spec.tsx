import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QrDesign } from '@qr/contracts';
import { installFakeApi, reply, requestsOf, type FakeApi, acmeOrganizations } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const BATCH = '0190a6b2-0000-7000-8000-000000000001';
const code = {
  code_id: 'AbCdEf1234',
  id: 'AbCdEf1234',
  org_id: '0a000000-0000-4000-8000-000000000001',
  name: 'Prize voucher',
  type: 'url',
  url: 'https://example.com/prize',
  status: 'active',
  design: QrDesign.parse({}),
  width: QrDesign.parse({}).width,
  height: QrDesign.parse({}).height,
  base_code_id: null,
  folder_id: null,
  public_link: 'http://localhost:3000/code/AbCdEf1234',
  qr_url: 'http://localhost:3000/AbCdEf1234',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  scan_count: 0,
};
const batch = {
  batch_id: BATCH,
  org_id: '0a000000-0000-4000-8000-000000000001',
  base_code_id: 'AbCdEf1234',
  amount: 50,
  used: 1,
  created_at: '2026-11-24T11:00:00.000Z',
};
const oneTime = (id: string, used: boolean) => ({
  code_id: id,
  public_link: `http://localhost:3000/code/${id}`,
  qr_url: `http://localhost:3000/${id}`,
  used,
  used_at: used ? '2026-11-24T12:00:00.000Z' : null,
});

let api: FakeApi;
/** Holds the ZIP's last chunk back until the test has seen how much arrived. */
let releaseLastChunk: () => void = () => undefined;

/** A streamed ZIP of unknown size, in two chunks of 1.5 MB. */
function zipResponse() {
  const chunks = [new Uint8Array(1_500_000).fill(80), new Uint8Array(1_500_000)];
  return {
    ...reply(200),
    headers: new Headers({ 'content-type': 'application/zip', 'x-item-count': '50' }),
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
let batches: (typeof batch)[];

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(
    ORGANIZATION_STORE_KEY,
    JSON.stringify({ org_id: '0a000000-0000-4000-8000-000000000001', org_name: 'Acme', organization_logo: '', role }),
  );
  api = installFakeApi((path, method) => {
    if (path === '/api/v1/organizations') return acmeOrganizations(role);
    if (path === '/api/v1/codes/AbCdEf1234') return reply(200, code);
    if (path === '/api/v1/one-time-codes?base_code_id=AbCdEf1234') return reply(200, batches);
    if (path === '/api/v1/one-time-codes' && method === 'POST') {
      batches = [batch];
      return reply(201, batch);
    }
    if (path.startsWith(`/api/v1/one-time-codes/${BATCH}/codes?`))
      return reply(200, { items: [oneTime('Taken00001', true), oneTime('FreshCode1', false)], page: 1, per_page: 20, total: 50 });
    if (path === `/api/v1/one-time-codes/${BATCH}/download?format=zip-png`) return zipResponse();
    if (path === `/api/v1/one-time-codes/${BATCH}` && method === 'DELETE') {
      batches = [];
      return reply(204);
    }
    return undefined;
  });
  renderApp('/admin/my-codes/show/AbCdEf1234');
}

beforeEach(() => {
  localStorage.clear();
  batches = [];
});

test('an amount over the documented limit is refused next to the field, and nothing is sent', async () => {
  start();
  expect(await screen.findByText(/No one-time codes yet\. Choose how many you need/)).toBeTruthy();
  expect(screen.getByText('1 to 100,000 at once')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('How many codes'), { target: { value: '100001' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create one-time codes' }));
  expect(await screen.findByText('Create at most 100,000 codes at once.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);
});

test('staff create one-time codes, see which are used, and delete the batch after confirming', async () => {
  start();
  fireEvent.change(await screen.findByLabelText('How many codes'), { target: { value: '50' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create one-time codes' }));
  await waitFor(() => expect(requestsOf(api, 'POST')).toEqual([['/api/v1/one-time-codes', { base_code_id: 'AbCdEf1234', amount: 50 }]]));
  expect(await screen.findByText(/50 codes · 1 used/)).toBeTruthy();
  for (const name of ['Download CSV', 'Download ZIP of PNGs', 'Download ZIP of SVGs', 'Download PDF sheet'])
    expect(screen.getByRole('button', { name })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Show codes' }));
  const used = (await screen.findByRole('cell', { name: 'Taken00001' })).closest('tr')!;
  expect(within(used).getByText(/^Used/)).toBeTruthy();
  expect(within(screen.getByRole('cell', { name: 'FreshCode1' }).closest('tr')!).getByText('Unused')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete the codes' }));
  await waitFor(() => expect(requestsOf(api, 'DELETE')).toEqual([[`/api/v1/one-time-codes/${BATCH}`, undefined]]));
  expect(await screen.findByText(/No one-time codes yet/)).toBeTruthy();
});

test('a viewer sees the batches and downloads but cannot create or delete', async () => {
  batches = [batch];
  start('viewer');
  expect(await screen.findByText(/50 codes · 1 used/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Create one-time codes' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Download ZIP of PNGs' })).toBeTruthy();
});

test('a ZIP download says how much has arrived while it streams, then saves the file named after the code', async () => {
  batches = [batch];
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:zip'));
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.download).toBe('Prize voucher one-time codes.zip');
  });
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Download ZIP of PNGs' }));
  expect(await screen.findByRole('progressbar', { name: 'Download progress' })).toBeTruthy();
  expect(await screen.findByText(/1\.5 MB received/)).toBeTruthy();
  releaseLastChunk();
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(screen.queryByRole('progressbar', { name: 'Download progress' })).toBeNull();
  expect(saved[0]!.size).toBe(3_000_000);
  click.mockRestore();
});
