import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AnalyticsView } from '@qr/contracts';
import { codeView } from '../../testing/code-view';
import { installFakeApi, reply, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';

const ORG_ID = '5b1e6f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const CODE_ID = 'AbCdEf1234';

/** Parsed by the contract, so a fixture that drifts from what the API sends fails here first. */
const report = AnalyticsView.parse({
  org_id: ORG_ID,
  code_id: null,
  period: '30day',
  time_zone: 'UTC',
  range: { from: '2026-10-26T00:00:00Z', to: '2026-11-25T00:00:00Z' },
  bucket: 'day',
  totals: { scans: 120, unique_visitors: 80, submissions: 12, votes: 45, uploads: 6, plays: 250, qr_scans: 90, link_visits: 30, bots: 4, events: 7 },
  previous: {
    range: { from: '2026-09-26T00:00:00Z', to: '2026-10-26T00:00:00Z' },
    totals: { scans: 100, unique_visitors: 80, submissions: 0, votes: 30, uploads: 0, plays: 200, qr_scans: 100, link_visits: 0, bots: 0, events: 0 },
  },
  series: [
    { start: '2026-11-23T00:00:00Z', scans: 70, unique_visitors: 50, submissions: 8, votes: 40, uploads: 6, plays: 150 },
    { start: '2026-11-24T00:00:00Z', scans: 50, unique_visitors: 30, submissions: 4, votes: 5, uploads: 0, plays: 100 },
  ],
  breakdowns: {
    countries: [
      { value: 'DE', count: 70 },
      { value: 'FR', count: 40 },
      { value: null, count: 10 },
    ],
    cities: [{ value: 'Berlin', count: 60 }],
    devices: [{ value: 'mobile', count: 100 }],
    os: [{ value: 'iOS', count: 70 }],
    browsers: [{ value: 'Safari', count: 70 }],
    referrers: [{ value: '=HYPERLINK("https://evil.example")', count: 3 }],
    languages: [{ value: 'de', count: 70 }],
  },
  heatmap: [{ weekday: 1, hour: 9, scans: 12 }],
  events: [{ name: 'clicked_menu', count: 7 }],
});

let api: FakeApi;

function start(path: string, view: AnalyticsView = report) {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ORG_ID, org_name: 'Acme', organization_logo: '', role: 'viewer' }));
  api = installFakeApi((url) => {
    if (url === '/api/v1/organizations')
      return reply(200, [{ organization_id: ORG_ID, organization_name: 'Acme', organization_logo: null, time_zone: 'Europe/London', role: 'viewer' }]);
    if (url === `/api/v1/codes/names?org_id=${ORG_ID}`) return reply(200, [{ code_id: CODE_ID, id: CODE_ID, name: 'Badge desk' }]);
    if (url === `/api/v1/codes/${CODE_ID}`) return reply(200, codeView(CODE_ID, 'Badge desk', { org_id: ORG_ID }));
    if (url.startsWith('/api/v1/analytics?')) return reply(200, view);
    return undefined;
  });
  renderApp(path);
}

const analyticsRequests = () => api.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/v1/analytics?'));

/** Every saved file, as [name, text]: the download goes through a blob URL and a clicked link. */
function captureDownloads(): Promise<[string, string]>[] {
  const saved: Promise<[string, string]>[] = [];
  let blob: Blob | undefined;
  URL.createObjectURL = jest.fn((made: Blob) => {
    blob = made;
    return 'blob:analytics';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const name = this.download;
    const made = blob;
    saved.push(
      new Promise((resolve) => {
        const reader = new FileReader();
        // Read as bytes: a text read would drop the byte-order mark the file must start with.
        reader.onload = () => resolve([name, new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer)]);
        reader.readAsArrayBuffer(made ?? new Blob());
      }),
    );
  });
  return saved;
}

/** A table's body rows. */
const rowsOf = (table: HTMLElement) => (within(table).getAllByRole('row') as HTMLTableRowElement[]).slice(1);

/** The files saved so far, in order, once read. */
async function savedFiles(saved: Promise<[string, string]>[]): Promise<{ name: string; text: string }[]> {
  return (await Promise.all(saved)).map(([name, text]) => ({ name, text }));
}

const warn = console.warn;
beforeEach(() => {
  localStorage.clear();
  // jsdom lays nothing out, so recharts finds its container 0 px wide and says so; the Chromium journey draws the chart for real.
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});
afterEach(() => jest.restoreAllMocks());

test('the period picker offers exactly the spec’s choices, labels and values, in order, last 30 days first chosen', async () => {
  start('/admin/analytics');
  const picker = await screen.findByRole('combobox', { name: 'Period' });
  const options = within(picker).getAllByRole('option') as HTMLOptionElement[];
  expect(options.map((option) => [option.textContent, option.value])).toEqual([
    ['Today', '1day'],
    ['Last 24 hour', '24hour'],
    ['Yesterday', '-1day'],
    ['This week', '1week'],
    ['Last 7 days', '7day'],
    ['This month', '1month'],
    ['Last 30 days', '30day'],
    ['Last 90 days', '90day'],
    ['This year', '1year'],
    ['All time', 'all'],
    ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((month) => [
      month,
      month,
    ]),
  ]);
  expect((picker as HTMLSelectElement).value).toBe('30day');
  await waitFor(() => expect(analyticsRequests()).toEqual([`/api/v1/analytics?org_id=${ORG_ID}&period=30day`]));
  fireEvent.change(picker, { target: { value: 'march' } });
  await waitFor(() => expect(analyticsRequests()).toContain(`/api/v1/analytics?org_id=${ORG_ID}&period=march`));
});

test('totals show this period, the previous one and the change, votes, uploads and plays beside submissions; breakdowns name countries and devices', async () => {
  start('/admin/analytics');
  const scans = await screen.findByRole('group', { name: 'Scans' });
  expect(scans.textContent).toContain('120');
  expect(scans.textContent).toContain('+20%');
  expect(scans.textContent).toContain('previous 100');
  const conversion = screen.getByRole('group', { name: 'Conversion rate' });
  expect(conversion.textContent).toContain('10%');
  expect(conversion.textContent).toContain('new');
  expect(screen.getByRole('group', { name: 'Link visits' }).textContent).toContain('30');
  const votes = screen.getByRole('group', { name: 'Votes' });
  expect(votes.textContent).toContain('45');
  expect(votes.textContent).toContain('+50%');
  expect(screen.getByRole('group', { name: 'Uploads' }).textContent).toContain('6');
  const plays = screen.getByRole('group', { name: 'Plays' });
  expect(plays.textContent).toContain('250');
  expect(plays.textContent).toContain('+25%');
  const countries = screen.getByRole('table', { name: 'Countries' });
  const cells = rowsOf(countries).map((row) => Array.from(row.cells, (cell) => cell.textContent));
  expect(cells).toEqual([
    ['Germany', '7058.3%'],
    ['France', '4033.3%'],
    ['Unknown', '108.3%'],
  ]);
  expect(within(screen.getByRole('table', { name: 'Sources' })).getByText('Shared link')).toBeTruthy();
  expect(within(screen.getByRole('table', { name: 'Devices' })).getByText('Phone')).toBeTruthy();
  expect(screen.getByRole('cell', { name: 'Monday 09:00: 12 scans' })).toBeTruthy();
  expect(screen.getByText('clicked_menu')).toBeTruthy();
});

test('a breakdown sorts by its name or by scans, either way round', async () => {
  start('/admin/analytics');
  const countries = await screen.findByRole('table', { name: 'Countries' });
  const names = () => rowsOf(countries).map((row) => row.cells[0]?.textContent);
  fireEvent.click(within(countries).getByRole('button', { name: /Country/ }));
  expect(names()).toEqual(['France', 'Germany', 'Unknown']);
  fireEvent.click(within(countries).getByRole('button', { name: /Country/ }));
  expect(names()).toEqual(['Unknown', 'Germany', 'France']);
  fireEvent.click(within(countries).getByRole('button', { name: /Scans/ }));
  expect(names()).toEqual(['Germany', 'France', 'Unknown']);
  fireEvent.click(within(countries).getByRole('button', { name: /Scans/ }));
  expect(names()).toEqual(['Unknown', 'France', 'Germany']);
});

test('a breakdown’s CSV holds its rows, names what and when, and defuses formulas from referrers', async () => {
  start('/admin/analytics');
  const saved = captureDownloads();
  fireEvent.click(await screen.findByRole('button', { name: 'Download Countries as CSV' }));
  fireEvent.click(screen.getByRole('button', { name: 'Download Referrers as CSV' }));
  const [countries, referrers] = await savedFiles(saved);
  expect(countries?.name).toMatch(/^analytics-acme-countries-30day-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(countries?.text).toBe('\uFEFFcountry,scans\r\nGermany,70\r\nFrance,40\r\nUnknown,10\r\n');
  expect(referrers?.text).toBe('\uFEFFreferrer,scans\r\n"\'=HYPERLINK(""https://evil.example"")",3\r\n');
});

test('a code’s analytics ask for that code only, and its downloads carry its name', async () => {
  start(`/admin/my-codes/analytics/${CODE_ID}?period=7day`, { ...report, code_id: CODE_ID, period: '7day' });
  expect(await screen.findByRole('heading', { name: 'Analytics of Badge desk' })).toBeTruthy();
  await waitFor(() => expect(analyticsRequests()).toContain(`/api/v1/analytics?org_id=${ORG_ID}&period=7day&code_id=${CODE_ID}`));
  const saved = captureDownloads();
  fireEvent.click(screen.getByRole('button', { name: 'Download Scans over time as CSV' }));
  const [series] = await savedFiles(saved);
  expect(series?.name).toMatch(/^analytics-badge-desk-scans-over-time-7day-/);
  expect(series?.text).toBe(
    '\uFEFFstart,scans,unique_visitors,submissions,votes,uploads,plays\r\n2026-11-23T00:00:00Z,70,50,8,40,6,150\r\n2026-11-24T00:00:00Z,50,30,4,5,0,100\r\n',
  );
});

test('with no scans in the period the screen says how to get some instead of drawing empty charts', async () => {
  const empty = { ...report, totals: { ...report.totals, scans: 0, qr_scans: 0, link_visits: 0 }, previous: null, series: [] };
  start('/admin/analytics', empty);
  expect(await screen.findByRole('heading', { name: 'No scans in “Last 30 days”' })).toBeTruthy();
  expect(screen.queryByRole('table', { name: 'Countries' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show all time' }));
  await waitFor(() => expect(analyticsRequests()).toContain(`/api/v1/analytics?org_id=${ORG_ID}&period=all`));
});

test('picking a code on the organization’s analytics narrows the report to that code', async () => {
  start('/admin/analytics');
  await screen.findByRole('group', { name: 'Scans' });
  const picker = screen.getByRole('combobox', { name: 'Code' });
  await within(picker).findByRole('option', { name: 'Badge desk' });
  fireEvent.change(picker, { target: { value: CODE_ID } });
  await waitFor(() => expect(analyticsRequests()).toContain(`/api/v1/analytics?org_id=${ORG_ID}&period=30day&code_id=${CODE_ID}`));
});
