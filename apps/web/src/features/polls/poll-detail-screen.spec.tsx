import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PollLiveView, PollView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { POLL_ID, pollView, resultsView } from './poll-fixtures';

const base = `/api/v1/polls/${POLL_ID}`;
let api: FakeApi;
let poll: PollView;
/** Sends a message down the open live stream, as the server's push does. */
let push: (live: PollLiveView) => void;
let refuseUpdate: boolean;

/** The staff's live stream: a body whose reader waits for what the test pushes. */
function liveStream(): FakeResponse {
  const waiting: ((chunk: { done: false; value: Uint8Array }) => void)[] = [];
  const queued: Uint8Array[] = [];
  push = (live) => {
    const chunk = new TextEncoder().encode(`data: ${JSON.stringify(live)}\n\n`);
    const reader = waiting.shift();
    if (reader) reader({ done: false, value: chunk });
    else queued.push(chunk);
  };
  const read = () =>
    new Promise<{ done: false; value: Uint8Array }>((resolve) => {
      const chunk = queued.shift();
      if (chunk) resolve({ done: false, value: chunk });
      else waiting.push(resolve);
    });
  return { ...reply(200), body: { getReader: () => ({ read }) } } as FakeResponse;
}

function start(path = `/admin/live-voting/${POLL_ID}`, role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === base && method === 'GET') return reply(200, poll);
    if (url === base && method === 'PUT' && refuseUpdate)
      return ((refuseUpdate = false), reply(409, { title: 'Conflict', status: 409, code: 'poll_has_votes', detail: 'The poll has votes: reset it first.' }));
    if (url === base && method === 'PUT') return ((poll = { ...poll, ...(body as Partial<PollView>) }), reply(200, poll));
    if (url === base && method === 'DELETE') return reply(204);
    if (url === `${base}/results`) return reply(200, resultsView());
    if (url === `${base}/live`) return liveStream();
    if (url.startsWith(`${base}/export?`)) return reply(200, 'poll_id,choice\r\n');
    const action = /\/(open|close|reveal|hide|reset)$/.exec(url)?.[1];
    if (method === 'POST' && url.startsWith(base) && action) {
      const changes: Record<string, Partial<PollView>> = {
        open: { status: 'open' },
        close: { status: 'closed' },
        reveal: { results_hidden: false },
        hide: { results_hidden: true },
        reset: { round: poll.round + 1, voters: 0 },
      };
      poll = { ...poll, ...changes[action] };
      return reply(200, poll);
    }
    if (url.startsWith('/api/v1/polls?')) return reply(200, { items: [], page: 1, per_page: 20, total: 0 });
    if (url.startsWith('/api/v1/codes/names')) return reply(200, []);
    return undefined;
  });
  return renderApp(path);
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const posted = () => requestsOf(api, 'POST').map(([path]) => path);

beforeEach(() => {
  localStorage.clear();
  poll = pollView();
  refuseUpdate = false;
});

test('a poll’s screen shows its live results as bars with counts and shares, its voter link and QR code', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 })).toBeTruthy();
  expect(await screen.findByRole('progressbar', { name: 'Tea: 3 votes, 75%' })).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Coffee: 1 vote, 25%' })).toBeTruthy();
  expect((screen.getByLabelText('Voters vote at') as HTMLInputElement).value).toBe(`http://localhost/live-voting/${POLL_ID}`);
  expect(await screen.findByRole('img', { name: 'QR code of the voters’ page of Tea or coffee?' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Open the presenter view' }).getAttribute('href')).toBe(`/admin/live-voting/${POLL_ID}/present`);
  await expectNoAxeViolations(container);
});

test('the results move as the live stream pushes them, without a reload', async () => {
  start();
  await screen.findByRole('progressbar', { name: 'Tea: 3 votes, 75%' });
  await waitFor(() => expect(api.mock.calls.some(([url]) => url === `${base}/live`)).toBe(true));

  push({
    poll_id: POLL_ID,
    status: 'open',
    results_hidden: false,
    round: 1,
    results: resultsView({
      voters: 10,
      tally: [
        { key: 'tea', label: 'Tea', votes: 7 },
        { key: 'coffee', label: 'Coffee', votes: 3 },
      ],
    }),
    position: '1-42',
  });
  expect(await screen.findByRole('progressbar', { name: 'Tea: 7 votes, 70%' })).toBeTruthy();
  expect(screen.getByText('Round 1 · 10 voters')).toBeTruthy();

  push({ poll_id: POLL_ID, status: 'closed', results_hidden: false, round: 1, results: resultsView({ voters: 10 }), position: '1-43' });
  expect(await screen.findByRole('button', { name: 'Open voting' })).toBeTruthy();
});

test('each control sends its own action and shows the poll after it', async () => {
  start();
  await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 });

  click('Close voting');
  expect(await screen.findByRole('button', { name: 'Open voting' })).toBeTruthy();
  click('Open voting');
  await screen.findByRole('button', { name: 'Close voting' });
  click('Hide results');
  expect(await screen.findByText('Results hidden from voters')).toBeTruthy();
  click('Reveal results');
  await screen.findByText('Results shown to voters');
  expect(posted()).toEqual([`${base}/close`, `${base}/open`, `${base}/hide`, `${base}/reveal`]);
});

test('reset and delete ask first, and delete goes back to the list', async () => {
  const { router } = start();
  await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 });

  click('Reset');
  const resetDialog = await screen.findByRole('dialog', { name: 'Reset the poll?' });
  fireEvent.click(within(resetDialog).getByRole('button', { name: 'Keep them' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posted()).toEqual([]);

  click('Reset');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset the poll?' })).getByRole('button', { name: 'Reset the votes' }));
  expect(await screen.findByText('Round 2 · 0 voters')).toBeTruthy();
  expect(posted()).toEqual([`${base}/reset`]);

  click('Delete');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the poll?' })).getByRole('button', { name: 'Delete the poll' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/live-voting'));
  expect(requestsOf(api, 'DELETE').map(([path]) => path)).toEqual([base]);
});

test('a poll is edited only while it has no votes, and a refusal is said beside the form', async () => {
  start();
  await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 });
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

  poll = pollView({ voters: 0 });
  click('Reset');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset the poll?' })).getByRole('button', { name: 'Reset the votes' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Tea, coffee or juice?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
  fireEvent.change(screen.getByLabelText('Option 3'), { target: { value: 'Juice' } });
  refuseUpdate = true;
  click('Save poll');
  expect(within(await screen.findByRole('alert')).getByText('The poll has votes: reset it first.')).toBeTruthy();

  click('Save poll');
  expect(await screen.findByRole('heading', { name: 'Tea, coffee or juice?', level: 1 })).toBeTruthy();
  const [, [, body]] = requestsOf(api, 'PUT') as [unknown, [string, Record<string, unknown>]];
  expect(body).toMatchObject({ question: 'Tea, coffee or juice?', kind: 'single', options: [{ id: 'tea' }, { id: 'coffee' }, { label: 'Juice' }] });
});

test('the exports download the votes as CSV and as a zip', async () => {
  const created = jest.fn(() => 'blob:poll');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  start();
  await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 });
  click('CSV');
  await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
  click('Zip');
  await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
  expect(api.mock.calls.map(([url]) => url).filter((url) => url.includes('/export'))).toEqual([`${base}/export?format=csv`, `${base}/export?format=zip`]);
});

test('a viewer sees the results but none of the controls', async () => {
  start(undefined, 'viewer');
  await screen.findByRole('progressbar', { name: 'Tea: 3 votes, 75%' });
  expect(screen.queryByRole('button', { name: 'Close voting' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});

test('the presenter view shows the question, the live results and the QR code, with only a back link', async () => {
  const { container } = start(`/admin/live-voting/${POLL_ID}/present`);
  expect(await screen.findByRole('heading', { name: 'Tea or coffee?', level: 1 })).toBeTruthy();
  expect(await screen.findByRole('progressbar', { name: 'Tea: 3 votes, 75%' })).toBeTruthy();
  expect(await screen.findByRole('img', { name: 'QR code of the voters’ page' })).toBeTruthy();
  expect(screen.getByText(`localhost/live-voting/${POLL_ID}`)).toBeTruthy();
  expect(screen.getByRole('link', { name: '← Back to the poll' }).getAttribute('href')).toBe(`/admin/live-voting/${POLL_ID}`);
  expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
  await waitFor(() => expect(api.mock.calls.some(([url]) => url === `${base}/live`)).toBe(true));

  push({ poll_id: POLL_ID, status: 'open', results_hidden: true, round: 1, results: resultsView(), position: '1-50' });
  expect(await screen.findByText('The results will show here when the host reveals them.')).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
  await expectNoAxeViolations(container);
});
