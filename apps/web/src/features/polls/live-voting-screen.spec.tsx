import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PollView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CODE_ID, POLL_ID, pollView } from './poll-fixtures';

let api: FakeApi;
let polls: PollView[];

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`)
      return reply(200, [
        { code_id: CODE_ID, id: CODE_ID, name: 'Conference hall' },
        { code_id: 'ZzYyXx9876', id: 'ZzYyXx9876', name: 'Lobby' },
      ]);
    if (url === `/api/v1/polls?org_id=${ACME_ORG_ID}&page=1&pageSize=20`) return reply(200, { items: polls, page: 1, per_page: 20, total: polls.length });
    if (url === '/api/v1/polls' && method === 'POST')
      return reply(201, pollView({ ...(body as Partial<PollView>), poll_id: POLL_ID, status: 'draft', voters: 0 }));
    if (url === `/api/v1/polls/${POLL_ID}`) return reply(200, pollView({ status: 'draft', voters: 0 }));
    if (url === `/api/v1/polls/${POLL_ID}/results`) return reply(200, { poll_id: POLL_ID, round: 1, voters: 0, tally: [], average: null });
    return undefined;
  });
  return renderApp('/admin/live-voting');
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create poll' }));

beforeEach(() => {
  localStorage.clear();
  polls = [];
});

test('staff see the organisation’s polls with their kind, status, voters and code, each leading to its screen', async () => {
  polls = [pollView(), pollView({ poll_id: '0190a6b2-0000-7000-8000-0000000000a2', question: 'Rate the talk', kind: 'rating', status: 'closed', voters: 1 })];
  const { container } = start();

  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByText('Conference hall')).toHaveLength(2));
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
    ['Tea or coffee?', 'Single choice', 'Open', '4 voters', 'Conference hall'],
    ['Rate the talk', 'Rating', 'Closed', '1 voter', 'Conference hall'],
  ]);
  expect(within(table).getByRole('link', { name: 'Tea or coffee?' }).getAttribute('href')).toBe(`/admin/live-voting/${POLL_ID}`);
  expect(screen.getByRole('navigation', { name: 'Admin sections' }).querySelector('a[aria-current="page"]')?.textContent).toContain('Live voting');
  await expectNoAxeViolations(container);
});

test('the create form says what the contract refuses beside each field, and sends nothing', async () => {
  start();
  await screen.findByText('No polls yet. Create the first one below.');
  await screen.findByRole('option', { name: 'Conference hall' });

  create();
  expect(await screen.findByText('Ask a question.')).toBeTruthy();
  expect(screen.getByText('Pick the code the poll belongs to.')).toBeTruthy();
  expect(screen.getAllByText('Give the option a label.')).toHaveLength(2);

  fireEvent.click(screen.getByRole('button', { name: 'Remove option 2' }));
  create();
  expect(await screen.findByText('A choice poll needs two options or more.')).toBeTruthy();

  fireEvent.click(screen.getByRole('radio', { name: 'Multiple choice' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
  type('Option 1', 'Tea');
  type('Option 2', 'Coffee');
  type('Most options one voter picks', '3');
  create();
  expect(await screen.findByText('A voter cannot pick more options than the poll has.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);
});

test('staff create a multiple choice poll on a code, with results hidden, and land on its screen', async () => {
  const { router } = start();
  await screen.findByRole('option', { name: 'Lobby' });

  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ZzYyXx9876' } });
  type('Question', 'Which talks did you like?');
  fireEvent.click(screen.getByRole('radio', { name: 'Multiple choice' }));
  type('Option 1', 'Keynote');
  type('Option 2', 'Workshop');
  fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
  type('Option 3', 'Panel');
  type('Most options one voter picks', '2');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Voters may change their vote' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide the results from voters until you reveal them' }));
  create();

  await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/live-voting/${POLL_ID}`));
  const [[, body]] = requestsOf(api, 'POST') as [[string, Record<string, unknown>]];
  expect(body).toEqual({
    org_id: ACME_ORG_ID,
    code_id: 'ZzYyXx9876',
    question: 'Which talks did you like?',
    kind: 'multiple',
    options: [
      { id: expect.stringMatching(/^[a-z0-9-]{36}$/), label: 'Keynote' },
      { id: expect.stringMatching(/^[a-z0-9-]{36}$/), label: 'Workshop' },
      { id: expect.stringMatching(/^[a-z0-9-]{36}$/), label: 'Panel' },
    ],
    max_choices: 2,
    rating_max: 5,
    allow_change: false,
    results_hidden: true,
  });
});

test('a rating poll sends no options, whatever the choice poll held before', async () => {
  start();
  await screen.findByRole('option', { name: 'Lobby' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: CODE_ID } });
  type('Question', 'How was the talk?');
  type('Option 1', 'Left over');
  fireEvent.click(screen.getByRole('radio', { name: 'Rating' }));
  type('Highest rating', '11');
  create();
  expect(await screen.findByText(/10/, { selector: '.mantine-NumberInput-error' })).toBeTruthy();

  type('Highest rating', '10');
  create();
  await waitFor(() => expect(requestsOf(api, 'POST')).toHaveLength(1));
  expect(requestsOf(api, 'POST')[0]![1]).toMatchObject({ kind: 'rating', options: [], rating_max: 10, max_choices: 1 });
});

test('a viewer sees the polls but no form to create one', async () => {
  polls = [pollView()];
  start('viewer');
  await screen.findByRole('table');
  expect(screen.queryByRole('button', { name: 'Create poll' })).toBeNull();
});
