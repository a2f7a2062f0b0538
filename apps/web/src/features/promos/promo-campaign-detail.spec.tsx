import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROMO_REFUSAL_REASONS, PromoPattern } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { codeView } from '../../testing/code-view';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CAMPAIGN_ID, CODE_ID, campaignView } from './promo-admin-fixtures';

const base = `/api/v1/promos/${CAMPAIGN_ID}`;
const zeros = Object.fromEntries(PROMO_REFUSAL_REASONS.map((reason) => [reason, 0]));
const campaign = campaignView({ codes: { kind: 'unique', pattern: PromoPattern.parse({ prefix: 'FLY-', mask: '####-####' }), count: 60 } });
const usage = { campaign_id: CAMPAIGN_ID, validations: 20, redemptions: 12, refusals: { ...zeros, used_up: 5, outside_area: 3 }, remaining: 88 };
const analytics = (period: string) => ({
  campaign_id: CAMPAIGN_ID,
  period,
  time_zone: 'Europe/London',
  bucket: 'day',
  totals: { validations: period === '7day' ? 4 : 20, redemptions: 3, refusals: { ...zeros, expired: 1 } },
  series: [
    { start: '2026-11-23T00:00:00Z', validations: 0, redemptions: 0, refusals: 0 },
    { start: '2026-11-24T00:00:00Z', validations: 4, redemptions: 3, refusals: 1 },
  ],
});
const redemption = (n: number) => ({
  redemption_id: `0190a6b2-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  promo_code: `FLY-AAAA-00${String(n).padStart(2, '0')}`,
  redeemed_at: '2026-11-24T12:00:00.000Z',
  latitude: 52.5,
  longitude: 13.4,
  accuracy_m: 12.4,
  distance_m: 40.2,
  unlocked_with: n === 1 ? 'Front counter' : null,
});
const CSV = 'redeemed_at,promo_code\r\n2026-11-24T12:00:00Z,FLY-AAAA-0001\r\n';

let api: FakeApi;
let releaseLastChunk: () => void = () => undefined;

/** The export as the API streams it: base64 in chunks, the row count first; the last chunk waits for the test. */
function exportResponse(): FakeResponse {
  const b64 = Buffer.from(CSV).toString('base64');
  const chunks = [b64.slice(0, 7), b64.slice(7)].map((part) => new TextEncoder().encode(part));
  return {
    ...reply(200),
    headers: new Headers({ 'x-row-count': '1' }),
    body: {
      getReader: () => ({
        read: async () => {
          if (chunks.length === 1) await new Promise<void>((resolve) => (releaseLastChunk = resolve));
          return chunks.length > 0 ? { done: false, value: chunks.shift() } : { done: true };
        },
      }),
    },
  } as FakeResponse;
}

function start(role = 'owner') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/${CODE_ID}`) return reply(200, codeView(CODE_ID, 'Café door'));
    if (url === `/api/v1/promos?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, [campaign]);
    if (url.startsWith('/api/v1/promo-keys')) return reply(200, []);
    if (url === `${base}/usage`) return reply(200, usage);
    if (url.startsWith(`${base}/analytics?`)) return reply(200, analytics(new URLSearchParams(url.split('?')[1]).get('period') ?? ''));
    if (url.startsWith(`${base}/redemptions?`)) {
      const page = Number(new URLSearchParams(url.split('?')[1]).get('page'));
      return reply(200, { items: [redemption(page)], page, per_page: 25, total: 30 });
    }
    if (url.startsWith(`${base}/codes?`))
      return reply(200, {
        items: [
          { promo_code: 'FLY-AAAA-0001', redeemed: true },
          { promo_code: 'FLY-BBBB-0002', redeemed: false },
        ],
        page: 1,
        per_page: 50,
        total: 60,
      });
    if (url === `${base}/export`) return exportResponse();
    return undefined;
  });
  return renderApp(`/admin/my-codes/promos/${CODE_ID}`);
}

beforeEach(() => localStorage.clear());

test('a campaign opens on its usage, refusals in plain words, analytics per period, redemptions and codes, page by page', async () => {
  const { container } = start();
  fireEvent.click(await screen.findByRole('button', { name: 'Usage and codes of Summer coffee' }));
  expect(await screen.findByRole('heading', { name: 'Summer coffee', level: 2 })).toBeTruthy();
  expect(screen.getByText('60 unique codes')).toBeTruthy();

  expect(await screen.findByText('Remaining')).toBeTruthy();
  expect(screen.getByText('88')).toBeTruthy();
  const everRefused = screen.getByRole('table', { name: 'Every refusal since the campaign began' });
  expect(within(within(everRefused).getByText('Used up').closest('tr')!).getByText('5')).toBeTruthy();
  expect(within(within(everRefused).getByText('Outside the area').closest('tr')!).getByText('3')).toBeTruthy();

  expect(await screen.findByText('Last 30 days: 20 validations, 3 redemptions.')).toBeTruthy();
  const perDay = screen.getByRole('table', { name: 'Validations per day, in Europe/London' });
  expect(within(perDay).getAllByRole('row')).toHaveLength(2);
  fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7day' } });
  expect(await screen.findByText('Last 7 days: 4 validations, 3 redemptions.')).toBeTruthy();
  expect(requestsOf(api, 'GET').map(([url]) => url)).toContain(`${base}/analytics?period=7day`);

  const redemptions = (await screen.findByRole('cell', { name: 'Front counter' })).closest('table')!;
  const first = within(redemptions).getByRole('cell', { name: 'FLY-AAAA-0001' }).closest('tr')!;
  expect(within(first).getByText('Front counter')).toBeTruthy();
  expect(within(first).getByText('40 m')).toBeTruthy();
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of redemptions' })).getByRole('button', { name: 'Page 2' }));
  expect(await screen.findByRole('cell', { name: 'FLY-AAAA-0002' })).toBeTruthy();

  const codes = screen.getByRole('cell', { name: 'FLY-BBBB-0002' }).closest('table')!;
  expect(within(within(codes).getByText('FLY-BBBB-0002').closest('tr')!).getByText('Not used')).toBeTruthy();
  expect(within(codes).getByText('Redeemed')).toBeTruthy();
  await expectNoAxeViolations(container);

  fireEvent.click(screen.getByRole('button', { name: '← All promos of Café door' }));
  expect(await screen.findByRole('button', { name: 'Create campaign' })).toBeTruthy();
});

test('the export shows its progress while it streams, then saves `<name>_<date>.csv` holding the decoded CSV', async () => {
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:csv'));
  URL.revokeObjectURL = jest.fn();
  const names: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  start();
  fireEvent.click(await screen.findByRole('button', { name: 'Usage and codes of Summer coffee' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toBeTruthy();
  releaseLastChunk();
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(names).toEqual([`Summer coffee_${new Date().toISOString().slice(0, 10)}.csv`]);
  const text = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(saved[0]!);
  });
  expect(text).toBe(CSV);
  expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull();
  click.mockRestore();
});

test('an editor, who may not export, sees no export button', async () => {
  start('editor');
  fireEvent.click(await screen.findByRole('button', { name: 'Usage and codes of Summer coffee' }));
  expect(await screen.findByText('Remaining')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
});
