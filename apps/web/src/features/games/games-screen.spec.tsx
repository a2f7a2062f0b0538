import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameView } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { CAMPAIGN_ID, campaignView, CODE_ID, GAME_ID, gameView, MUG_ID, PROGRAMME_ID, programmeView } from './game-fixtures';

let api: FakeApi;
let games: GameView[];
let refuseCreate: boolean;

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === `/api/v1/codes/names?org_id=${ACME_ORG_ID}`)
      return reply(200, [
        { code_id: CODE_ID, id: CODE_ID, name: 'Counter' },
        { code_id: 'ZzYyXx9876', id: 'ZzYyXx9876', name: 'Lobby' },
      ]);
    if (url === `/api/v1/games?org_id=${ACME_ORG_ID}&page=1&pageSize=20`) return reply(200, { items: games, page: 1, per_page: 20, total: games.length });
    if (url === `/api/v1/promos?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, [campaignView()]);
    if (url === `/api/v1/loyalty/programmes?org_id=${ACME_ORG_ID}&code_id=${CODE_ID}`) return reply(200, [programmeView()]);
    if (url === '/api/v1/games' && method === 'POST' && refuseCreate)
      return reply(400, {
        title: 'Bad request',
        status: 400,
        code: 'game_prize_invalid',
        detail: 'A prize gives what this code cannot.',
        errors: [{ field: 'body.prizes.0.claim.text', message: 'The voucher text is refused.' }],
      });
    if (url === '/api/v1/games' && method === 'POST') return reply(201, gameView({ ...(body as Partial<GameView>), status: 'draft', plays: 0 }));
    if (url.startsWith(`/api/v1/games/${GAME_ID}`)) return reply(404, { title: 'Not found', status: 404, code: 'game_not_found' });
    return undefined;
  });
  return renderApp('/admin/games');
}

const type = (label: string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create game' }));
const group = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  localStorage.clear();
  games = [];
  refuseCreate = false;
});

test('staff see the organisation’s games with their kind, status, plays, winners and code, each leading to its screen', async () => {
  games = [
    gameView(),
    gameView({ game_id: '0190a6b2-0000-7000-8000-0000000000b2', name: 'Spin for a mug', kind: 'wheel', status: 'draft', plays: 0, winners: 0 }),
  ];
  const { container } = start();

  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByText('Counter')).toHaveLength(2));
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
    ['Coffee quiz', 'Quiz', 'Open', '40', '32', 'Counter'],
    ['Spin for a mug', 'Spin the wheel', 'Draft', '0', '0', 'Counter'],
  ]);
  expect(within(table).getByRole('link', { name: 'Coffee quiz' }).getAttribute('href')).toBe(`/admin/games/${GAME_ID}`);
  expect(screen.getByRole('navigation', { name: 'Admin sections' }).querySelector('a[aria-current="page"]')?.textContent).toContain('Games');
  await expectNoAxeViolations(container);
});

test('the create form says what the contract refuses beside each field, and sends nothing', async () => {
  start();
  await screen.findByText('No games yet. Create the first one below.');
  await screen.findByRole('option', { name: 'Counter' });

  create();
  expect(await screen.findByText('Give the game a name.')).toBeTruthy();
  expect(screen.getByText('Pick the code the game belongs to.')).toBeTruthy();
  expect(screen.getByText('Give the prize a name.')).toBeTruthy();
  expect(screen.getByText('Say what the counter hands over.')).toBeTruthy();

  fireEvent.change(within(group('Prize 1')).getByLabelText('What the winner gets'), { target: { value: 'loyalty_reward' } });
  create();
  expect(await screen.findByText('Pick the programme.')).toBeTruthy();
  expect(screen.getByText('Pick the reward.')).toBeTruthy();

  type('Chance %', '120', group('Prize 1'));
  fireEvent.click(screen.getByRole('button', { name: 'Remove prize 1' }));
  create();
  expect(await screen.findByText('A wheel or a scratch card needs a prize to win.')).toBeTruthy();

  fireEvent.click(screen.getByRole('radio', { name: /Instant win/ }));
  create();
  expect(await screen.findByText('Pick when the campaign starts.')).toBeTruthy();
  expect(screen.getByText('Pick when the campaign ends.')).toBeTruthy();
  expect(requestsOf(api, 'POST')).toEqual([]);
});

test('staff create a quiz with its questions, a promo prize and a monthly leaderboard, and land on its screen', async () => {
  const { router } = start();
  await screen.findByRole('option', { name: 'Counter' });

  fireEvent.change(screen.getByLabelText('Code'), { target: { value: CODE_ID } });
  type('Game name', 'Coffee quiz');
  fireEvent.click(screen.getByRole('radio', { name: 'Quiz' }));
  const question = group('Question 1');
  type('Question', 'Where do coffee beans grow?', question);
  type('Answer 1', 'Under ground', question);
  type('Answer 2', 'On trees', question);
  fireEvent.click(within(question).getByRole('button', { name: 'Add an answer' }));
  type('Answer 3', 'In the sea', question);
  fireEvent.change(within(question).getByLabelText('Right answer'), {
    target: { value: within(question).getByRole('option', { name: 'On trees' }).getAttribute('value') },
  });
  type('Seconds to answer', '15', question);
  type('Score needed to win', '600');

  const prize = group('Prize 1');
  type('Name', '10 % off', prize);
  type('Stock', '20', prize);
  type('Chance %', '25', prize);
  fireEvent.change(within(prize).getByLabelText('What the winner gets'), { target: { value: 'promo_code' } });
  await within(prize).findByRole('option', { name: 'Summer coffee' });
  fireEvent.change(within(prize).getByLabelText('Promo campaign'), { target: { value: CAMPAIGN_ID } });

  fireEvent.click(screen.getByRole('button', { name: 'Add a prize' }));
  const mug = group('Prize 2');
  type('Name', 'A mug', mug);
  type('Chance %', '5', mug);
  fireEvent.change(within(mug).getByLabelText('What the winner gets'), { target: { value: 'loyalty_reward' } });
  await within(mug).findByRole('option', { name: 'Coffee card' });
  fireEvent.change(within(mug).getByLabelText('Loyalty programme'), { target: { value: PROGRAMME_ID } });
  fireEvent.change(within(mug).getByLabelText('Reward'), { target: { value: MUG_ID } });

  fireEvent.change(screen.getByLabelText('Limit'), { target: { value: 'week' } });
  type('Plays per player', '3');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Show a leaderboard of the best scores' }));
  fireEvent.change(screen.getByLabelText('A new board starts'), { target: { value: 'month' } });
  fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Paris' } });
  create();

  await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/games/${GAME_ID}`));
  const [[, body]] = requestsOf(api, 'POST') as [[string, { prizes: { id: string }[]; quiz: { questions: { answers: { id: string }[] }[] } }]];
  const [first, second] = body.prizes;
  const answers = body.quiz.questions[0]!.answers;
  expect(body).toEqual({
    org_id: ACME_ORG_ID,
    code_id: CODE_ID,
    name: 'Coffee quiz',
    kind: 'quiz',
    prizes: [
      { id: first!.id, label: '10 % off', stock: 20, chance: 25, claim: { kind: 'promo_code', campaign_id: CAMPAIGN_ID } },
      { id: second!.id, label: 'A mug', stock: 10, chance: 5, claim: { kind: 'loyalty_reward', programme_id: PROGRAMME_ID, reward_id: MUG_ID } },
    ],
    draw: { mode: 'odds' },
    play_limit: { plays: 3, per: 'week' },
    quiz: {
      questions: [
        {
          id: expect.stringMatching(/^[a-z0-9-]{36}$/),
          text: 'Where do coffee beans grow?',
          answers: [
            { id: answers[0]!.id, label: 'Under ground' },
            { id: answers[1]!.id, label: 'On trees' },
            { id: answers[2]!.id, label: 'In the sea' },
          ],
          correct: answers[1]!.id,
          seconds: 15,
        },
      ],
      scoring: 'points',
      win_score: 600,
    },
    leaderboard: { order: 'desc', period: 'month', time_zone: 'Europe/Paris' },
  });
});

test('a wheel with an instant-win draw sends its campaign’s start and end, no chances, no questions and no limit', async () => {
  start();
  await screen.findByRole('option', { name: 'Lobby' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ZzYyXx9876' } });
  type('Game name', 'Spin for a coffee');
  const prize = group('Prize 1');
  type('Name', 'A free coffee', prize);
  type('Voucher text', 'One coffee of any size', prize);
  fireEvent.click(screen.getByRole('radio', { name: /Instant win/ }));
  type('Starts', '2026-12-24T09:00');
  type('Ends', '2026-12-24T18:00');
  fireEvent.change(screen.getByLabelText('Limit'), { target: { value: 'none' } });
  create();

  await waitFor(() => expect(requestsOf(api, 'POST')).toHaveLength(1));
  expect(requestsOf(api, 'POST')[0]![1]).toMatchObject({
    kind: 'wheel',
    prizes: [{ label: 'A free coffee', stock: 10, chance: 0, claim: { kind: 'voucher', text: 'One coffee of any size' } }],
    draw: { mode: 'instant_win', starts_at: new Date('2026-12-24T09:00').toISOString(), ends_at: new Date('2026-12-24T18:00').toISOString() },
    play_limit: null,
    quiz: null,
    leaderboard: null,
  });
});

test('a refusal from the server is said above the form and on the prize it names', async () => {
  start();
  await screen.findByRole('option', { name: 'Counter' });
  refuseCreate = true;
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: CODE_ID } });
  type('Game name', 'Spin for a coffee');
  type('Name', 'A free coffee', group('Prize 1'));
  type('Voucher text', 'One coffee', group('Prize 1'));
  create();
  expect(within(await screen.findByRole('alert')).getByText(/A prize gives what this code cannot\./)).toBeTruthy();
  expect(within(group('Prize 1')).getByText('The voucher text is refused.')).toBeTruthy();
});

test('a viewer sees the games but no form to create one', async () => {
  games = [gameView()];
  start('viewer');
  await screen.findByRole('table');
  expect(screen.queryByRole('button', { name: 'Create game' })).toBeNull();
});
