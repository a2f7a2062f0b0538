import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const GAMES = '/api/v1/games';
const PUBLIC = '/api/v1/public/games';

const coffee = { id: 'coffee', label: 'A coffee', stock: 5, chance: 100, claim: { kind: 'voucher', text: 'One coffee at the counter' } };
const wheel = (change: object = {}) => ({ name: 'Spin to win', kind: 'wheel', prizes: [coffee], ...change });

describe('games over HTTP, staff’s side', () => {
  let t: TestApp;
  let owner: ApiCaller;
  let stranger: ApiCaller;

  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'games-owner@example.com'));
    stranger = callerOf(t.app, await signedUpToken(t.app, 'games-stranger@example.com'));
  });
  afterAll(() => t.close());

  const after = (answer: LightMyRequestResponse) => `min_position=${String(answer.headers['x-position'])}`;

  /** Each test its own organisation with one code and one game on it. */
  const gameOf = async (name: string, terms: object = wheel()) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Counter', type: 'page' })).json().code_id as string;
    const created = await owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...terms });
    expect(created.statusCode).toBe(201);
    const gameId = created.json().game_id as string;
    return { orgId, codeId, gameId, game: `${GAMES}/${gameId}`, created };
  };

  it('creates a wheel as a draft with its stock, lists, changes, opens, closes and deletes it', async () => {
    const { orgId, codeId, gameId, game, created } = await gameOf('Game Hall');
    const stock = [{ prize_id: 'coffee', label: 'A coffee', kind: 'voucher', stock: 5, won: 0, claimed: 0, remaining: 5 }];
    expect(created.json()).toEqual({
      ...wheel(),
      draw: { mode: 'odds' },
      play_limit: null,
      quiz: null,
      leaderboard: null,
      game_id: gameId,
      org_id: orgId,
      code_id: codeId,
      status: 'draft',
      plays: 0,
      players: 0,
      winners: 0,
      board: 1,
      board_ends_at: null,
      stock,
      player_url: `/game/${gameId}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await owner('GET', game)).json()).toEqual(created.json());
    expect((await owner('GET', `${GAMES}?org_id=${orgId}&code_id=${codeId}`)).json()).toMatchObject({ items: [{ game_id: gameId }], total: 1 });
    expect((await owner('GET', `${game}/prize-inventory`)).json()).toEqual({ game_id: gameId, prizes: stock });
    expect((await owner('POST', `${GAMES}/prize-inventory`, { game_id: gameId })).json()).toEqual({ game_id: gameId, prizes: stock });

    const changed = await owner('PUT', game, wheel({ name: 'Spin again' }));
    expect([changed.statusCode, changed.json().name]).toEqual([200, 'Spin again']);
    const opened = await owner('POST', `${game}/open`);
    expect([opened.statusCode, opened.json().status]).toEqual([200, 'open']);
    expect((await owner('POST', `${game}/close`)).json().status).toBe('closed');
    expect((await owner('POST', `${game}/close`)).json().status).toBe('closed');

    expect((await owner('DELETE', game)).statusCode).toBe(204);
    expect((await owner('GET', game)).json()).toMatchObject({ status: 404, code: 'game_not_found' });
    expect((await t.app.inject({ method: 'GET', url: `${PUBLIC}/${gameId}` })).statusCode).toBe(404);
    expect((await owner('GET', `${GAMES}?org_id=${orgId}`)).json().total).toBe(0);
  });

  it('creates and updates a game with the spec’s one game call', async () => {
    const orgId = await createOrganization(owner, 'Call Hall');
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Door', type: 'page' })).json().code_id as string;
    const created = await owner('POST', `${GAMES}/game`, { httpMethod: 'POST', org_id: orgId, code_id: codeId, ...wheel() });
    expect([created.statusCode, created.json().status]).toEqual([200, 'draft']);
    const gameId = created.json().game_id as string;
    const updated = await owner('POST', `${GAMES}/game`, { httpMethod: 'UPDATE', game_id: gameId, ...wheel({ name: 'Called again' }) });
    expect([updated.statusCode, updated.json().name, updated.json().game_id]).toEqual([200, 'Called again', gameId]);
    expect((await owner('POST', `${GAMES}/game`, { httpMethod: 'DELETE', game_id: gameId })).statusCode).toBe(400);
  });

  it('keeps a played game’s kind and won prizes, and lists its plays and winners', async () => {
    const { gameId, game } = await gameOf('Played Hall');
    await owner('POST', `${game}/open`);
    const token = (await t.app.inject({ method: 'GET', url: `${PUBLIC}/${gameId}` })).json().player_token as string;
    const played = await t.app.inject({ method: 'POST', url: `${PUBLIC}/${gameId}/plays`, payload: { player_token: token, play_id: randomUUID() } });
    expect(played.json()).toMatchObject({ prize: { id: 'coffee', label: 'A coffee', kind: 'voucher' } });

    const kind = await owner('PUT', game, { ...wheel(), kind: 'scratch' });
    expect(kind.json()).toMatchObject({ status: 409, code: 'game_has_plays' });
    const gone = await owner('PUT', game, wheel({ prizes: [{ ...coffee, id: 'tea' }] }));
    expect(gone.json()).toMatchObject({ status: 409, code: 'game_has_plays' });
    expect((await owner('PUT', game, wheel({ prizes: [{ ...coffee, stock: 1 }] }))).statusCode).toBe(200);

    const shown = (await owner('GET', `${game}?${after(played)}`)).json();
    expect(shown).toMatchObject({ plays: 1, players: 1, winners: 1, stock: [{ prize_id: 'coffee', stock: 1, won: 1, remaining: 0 }] });
    const plays = (await owner('GET', `${game}/plays?winners=true`)).json();
    expect(plays).toMatchObject({ total: 1, items: [{ play_id: played.json().play_id, prize: { id: 'coffee' }, claimed_at: null }] });
    expect(plays.items[0].player).toMatch(/^[\w-]{12}$/);

    const csv = await owner('GET', `${game}/export`);
    expect([csv.statusCode, csv.headers['x-row-count']]).toEqual([200, '1']);
    const lines = Buffer.from(csv.body, 'base64').toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('play_id,player,nickname,played_at,finished,score,prize,claimed_at,voucher_code,redeemed_at');
    expect(lines[1]).toContain(`${played.json().play_id as string},${plays.items[0].player as string},,`);
    expect(lines.join('\n')).not.toContain(token.split('.')[0]);
    const winners = await owner('GET', `${game}/export?winners=true`);
    expect([winners.statusCode, winners.headers['x-row-count'], Buffer.from(winners.body, 'base64').toString('utf8')]).toEqual([
      200,
      '1',
      Buffer.from(csv.body, 'base64').toString('utf8'),
    ]);
  });

  it('answers another organisation’s game as one that does not exist, on every staff route', async () => {
    const { orgId, gameId, game } = await gameOf('Private Hall');
    const answers = await Promise.all([
      stranger('GET', game),
      stranger('PUT', game, wheel()),
      stranger('POST', `${game}/open`),
      stranger('DELETE', game),
      stranger('GET', `${game}/prize-inventory`),
      stranger('POST', `${GAMES}/prize-inventory`, { game_id: gameId }),
      stranger('GET', `${game}/plays`),
      stranger('GET', `${game}/export`),
      stranger('GET', `${game}/leaderboard`),
      stranger('GET', `${game}/leaderboard/boards`),
      stranger('POST', `${game}/leaderboard/reset`),
      stranger('POST', `${GAMES}/reset-leaderboard`, { game_id: gameId }),
      stranger('GET', `${game}/vouchers/ABCDEFGHJK`),
      stranger('POST', `${game}/vouchers/ABCDEFGHJK/redeem`),
      stranger('POST', `${GAMES}/game`, { httpMethod: 'UPDATE', game_id: gameId, ...wheel() }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(Array(15).fill([404, 'game_not_found']));
    expect((await stranger('GET', `${GAMES}?org_id=${orgId}`)).statusCode).toBe(404);
    expect((await owner('GET', `${GAMES}/${randomUUID()}`)).json().code).toBe('game_not_found');
    expect((await owner('GET', game)).json().game_id).toBe(gameId);
  });

  it('refuses bad bodies with 400, never 500, and a viewer’s changes with 403', async () => {
    const { orgId, codeId, game } = await gameOf('Strict Hall');
    const bad = await Promise.all([
      owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel({ prizes: [] }) }),
      owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel({ kind: 'quiz' }) }),
      owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel({ prizes: [coffee, { ...coffee, id: 'tea' }] }) }),
      owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel({ prizes: [{ ...coffee, stock: -1 }] }) }),
      owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel(), colour: 'red' }),
      owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel({ prizes: [{ ...coffee, claim: { kind: 'promo_code', campaign_id: randomUUID() } }] }) }),
      owner('PUT', game, { name: 'No kind' }),
      owner('GET', `${GAMES}/not-a-game`),
      owner('POST', `${game}/explode`),
      owner('GET', `${game}/vouchers/short`),
      owner('GET', `${game}/plays?winners=maybe`),
    ]);
    expect(bad.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    expect(bad[5]!.json().code).toBe('game_prize_invalid');
    const unknownCode = await owner('POST', GAMES, { org_id: orgId, code_id: 'NoSuchCode', ...wheel() });
    expect(unknownCode.json()).toMatchObject({ status: 404, code: 'code_not_found' });

    const { api_key } = (await owner('POST', `/api/v1/organizations/${orgId}/api-keys`, { label: 'screen', role: 'viewer' })).json();
    const viewer = callerOf(t.app, api_key as string);
    expect((await viewer('GET', game)).statusCode).toBe(200);
    expect((await viewer('POST', `${game}/open`)).json()).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await viewer('POST', GAMES, { org_id: orgId, code_id: codeId, ...wheel() })).json()).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
