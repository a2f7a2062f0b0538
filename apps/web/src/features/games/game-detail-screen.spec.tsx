import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameView, LeaderboardBoard } from '@qr/contracts';
import { expectNoAxeViolations } from '../../testing/axe';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY } from '../organization';
import { boardOf, GAME_ID, gameView, inventoryView, leaderboardView, playRow, VOUCHER_CODE } from './game-fixtures';

const base = `/api/v1/games/${GAME_ID}`;
let api: FakeApi;
let game: GameView;
let boards: LeaderboardBoard[];
let refuseUpdate: boolean;

function start(role = 'editor') {
  FakeKeycloak.signedIn = true;
  localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role }));
  api = installFakeApi((url, method, body) => {
    if (url === '/api/v1/organizations') return acmeOrganizations(role);
    if (url === base && method === 'GET') return reply(200, game);
    if (url === base && method === 'PUT' && refuseUpdate)
      return (
        (refuseUpdate = false),
        reply(409, { title: 'Conflict', status: 409, code: 'game_has_plays', detail: 'The quiz has been played: its questions stay.' })
      );
    if (url === base && method === 'PUT') return ((game = { ...game, ...(body as Partial<GameView>) }), reply(200, game));
    if (url === base && method === 'DELETE') return reply(204);
    if (url === `${base}/open` || url === `${base}/close`) return ((game = { ...game, status: url.endsWith('open') ? 'open' : 'closed' }), reply(200, game));
    if (url === `${base}/prize-inventory`) return reply(200, inventoryView());
    if (url.startsWith(`${base}/plays?`)) {
      const winners = url.includes('winners=true');
      const items = winners
        ? [playRow()]
        : [
            playRow(),
            playRow({ play_id: '0190a6b2-0000-7000-8000-0000000000d2', nickname: '', prize: null, voucher_code: null, claimed_at: null, score: 120 }),
          ];
      return reply(200, { items, page: 1, per_page: 25, total: items.length });
    }
    if (url === `${base}/leaderboard/boards`) return reply(200, { game_id: GAME_ID, boards });
    if (url === `${base}/leaderboard`) return reply(200, leaderboardView(boards.at(-1)!, ['Ada', 'Grace']));
    if (url === `${base}/leaderboard?board=1`) return reply(200, leaderboardView(boards[0]!, ['Linus']));
    if (url === `${base}/leaderboard/reset` && method === 'POST') {
      boards = [
        ...boards.map((known) => (known.ended_at ? known : { ...known, ended_at: '2026-12-06T10:00:00.000Z', reason: 'staff' as const })),
        boardOf(boards.length + 1, { players: 0 }),
      ];
      return reply(200, leaderboardView(boards.at(-1)!, []));
    }
    if (url.startsWith(`${base}/export?`)) return reply(200, 'play_id,player\r\n');
    if (url.startsWith('/api/v1/games?')) return reply(200, { items: [], page: 1, per_page: 20, total: 0 });
    if (url.startsWith('/api/v1/codes/names')) return reply(200, []);
    if (url.startsWith('/api/v1/promos?') || url.startsWith('/api/v1/loyalty/programmes?')) return reply(200, []);
    return undefined;
  });
  return renderApp(`/admin/games/${GAME_ID}`);
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const posted = () => requestsOf(api, 'POST').map(([path]) => path);
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

beforeEach(() => {
  localStorage.clear();
  game = gameView();
  boards = [boardOf(1, { ended_at: '2026-12-03T00:00:00.000Z', reason: 'staff', players: 1 }), boardOf(2)];
  refuseUpdate = false;
});

test('a game’s screen shows its status, player link and QR code, and what is left of each prize', async () => {
  const { container } = start();
  expect(await screen.findByRole('heading', { name: 'Coffee quiz', level: 1 })).toBeTruthy();
  expect(screen.getByText('40 plays · 31 players · 32 winners')).toBeTruthy();
  expect((screen.getByLabelText('Players play at') as HTMLInputElement).value).toBe(`http://localhost/game/${GAME_ID}`);
  expect(await screen.findByRole('img', { name: 'QR code of the players’ page of Coffee quiz' })).toBeTruthy();
  const region = await screen.findByRole('region', { name: 'Prize stock' });
  expect(cellsOf(within(region).getByRole('table'))).toEqual([
    ['A free coffee', 'A voucher shown at the counter', '50', '12', '9', '38'],
    ['10 % off', 'A promo code', '20', '20', '18', '0'],
  ]);
  await screen.findByRole('region', { name: 'Top 100' });
  await expectNoAxeViolations(container);
});

test('the plays list shows every play or only the winners, and a voucher leads to its counter page', async () => {
  start();
  const plays = await screen.findByRole('region', { name: 'Plays' });
  expect(within(plays).getAllByRole('row')).toHaveLength(3);
  expect(within(plays).getByText('Ada (p-3f9a)')).toBeTruthy();
  expect(within(plays).getByRole('link', { name: VOUCHER_CODE }).getAttribute('href')).toBe(`/admin/games/${GAME_ID}/vouchers/${VOUCHER_CODE}`);

  fireEvent.click(screen.getByRole('radio', { name: 'Winners' }));
  const winners = await screen.findByRole('region', { name: 'Winners' });
  expect(within(winners).getAllByRole('row')).toHaveLength(2);
  expect(api.mock.calls.map(([url]) => url).filter((url) => url.includes('/plays?'))).toEqual([
    `${base}/plays?winners=false&page=1&pageSize=25`,
    `${base}/plays?winners=true&page=1&pageSize=25`,
  ]);
});

test('the exports download every play or only the winners as CSV', async () => {
  const created = jest.fn(() => 'blob:game');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  start();
  await screen.findByRole('heading', { name: 'Coffee quiz', level: 1 });
  click('All plays (CSV)');
  await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
  click('Winners (CSV)');
  await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
  expect(api.mock.calls.map(([url]) => url).filter((url) => url.includes('/export'))).toEqual([`${base}/export?winners=false`, `${base}/export?winners=true`]);
});

test('the leaderboard shows the current board, a past one when picked, and reset asks first', async () => {
  start();
  const current = await screen.findByRole('region', { name: 'Top 100' });
  expect(cellsOf(within(current).getByRole('table')).map((cells) => cells.slice(0, 3))).toEqual([
    ['1', 'Ada', '900'],
    ['2', 'Grace', '800'],
  ]);
  const board = screen.getByLabelText('Board');
  await within(board).findByRole('option', { name: /^Board 1, reset/ });
  fireEvent.change(board, { target: { value: '1' } });
  expect(await screen.findByText('Linus')).toBeTruthy();

  click('Reset leaderboard');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset the leaderboard?' })).getByRole('button', { name: 'Keep this board' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(posted()).toEqual([]);

  click('Reset leaderboard');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset the leaderboard?' })).getByRole('button', { name: 'Start a new board' }));
  expect(await screen.findByText('No scores on this board yet.')).toBeTruthy();
  expect(posted()).toEqual([`${base}/leaderboard/reset`]);
  expect(await within(screen.getByLabelText('Board')).findByRole('option', { name: 'Board 3 (now) · 0 players' })).toBeTruthy();
});

test('open and close send their action, and delete asks first and goes back to the list', async () => {
  const { router } = start();
  await screen.findByRole('heading', { name: 'Coffee quiz', level: 1 });
  click('Close the game');
  expect(await screen.findByRole('button', { name: 'Open the game' })).toBeTruthy();
  click('Open the game');
  await screen.findByRole('button', { name: 'Close the game' });
  expect(posted()).toEqual([`${base}/close`, `${base}/open`]);

  click('Delete');
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the game?' })).getByRole('button', { name: 'Delete the game' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/games'));
  expect(requestsOf(api, 'DELETE').map(([path]) => path)).toEqual([base]);
});

test('the same form edits the game, and the server’s refusal is said beside it', async () => {
  start();
  await screen.findByRole('heading', { name: 'Coffee quiz', level: 1 });
  click('Edit');
  expect((screen.getByRole('radio', { name: 'Spin the wheel' }) as HTMLInputElement).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Game name'), { target: { value: 'Coffee quiz 2' } });
  fireEvent.change(within(screen.getByRole('group', { name: 'Prize 1' })).getByLabelText('Stock'), { target: { value: '60' } });
  refuseUpdate = true;
  click('Save game');
  expect(within(await screen.findByRole('alert')).getByText('The quiz has been played: its questions stay.')).toBeTruthy();

  click('Save game');
  expect(await screen.findByRole('heading', { name: 'Coffee quiz 2', level: 1 })).toBeTruthy();
  const [, [, body]] = requestsOf(api, 'PUT') as [unknown, [string, Record<string, unknown>]];
  expect(body).toEqual({
    name: 'Coffee quiz 2',
    kind: 'quiz',
    prizes: [{ ...gameView().prizes[0], stock: 60 }, gameView().prizes[1]],
    draw: { mode: 'odds' },
    play_limit: { plays: 1, per: 'day' },
    quiz: gameView().quiz,
    leaderboard: gameView().leaderboard,
  });
});

test('a viewer sees the stock, plays and leaderboard but none of the controls', async () => {
  start('viewer');
  await screen.findByRole('region', { name: 'Prize stock' });
  expect(screen.queryByRole('button', { name: 'Close the game' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Reset leaderboard' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});
