import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { GameBoardSchedule } from './game-board-schedule';

const GAMES = '/api/v1/games';
const PUBLIC = '/api/v1/public/games';

const coffee = { id: 'coffee', label: 'A coffee', stock: 5, chance: 100, claim: { kind: 'voucher', text: 'One coffee at the counter' } };
const wheel = (change: object = {}) => ({ name: 'Spin to win', kind: 'wheel', prizes: [coffee], ...change });
const question = (id: string, correct: string) => ({
  id,
  text: `Question ${id}?`,
  answers: [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
  ],
  correct,
  seconds: 30,
});
const quiz = {
  name: 'Quiz night',
  kind: 'quiz',
  quiz: { questions: [question('q1', 'a'), question('q2', 'b')] },
  leaderboard: { period: 'day' },
};
const forgedToken = `${'a'.repeat(22)}.${'b'.repeat(43)}`;

describe('games over HTTP, players’ side', () => {
  let t: TestApp;
  let owner: ApiCaller;

  beforeAll(async () => {
    t = await startTestApp({ publicRateLimit: { max: 100_000, windowMs: 60_000 } });
    owner = callerOf(t.app, await signedUpToken(t.app, 'players-owner@example.com'));
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  const visitor = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const after = (answer: LightMyRequestResponse) => `min_position=${String(answer.headers['x-position'])}`;

  /** Each test its own organisation with one code and one open game on it. */
  const openGame = async (name: string, terms: object) => {
    const orgId = await createOrganization(owner, name);
    const codeId = (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Table', type: 'page' })).json().code_id as string;
    const created = await owner('POST', GAMES, { org_id: orgId, code_id: codeId, ...terms });
    expect(created.statusCode).toBe(201);
    const gameId = created.json().game_id as string;
    expect((await owner('POST', `${GAMES}/${gameId}/open`)).statusCode).toBe(200);
    return { gameId, game: `${GAMES}/${gameId}`, board_ends_at: created.json().board_ends_at as string | null };
  };
  const tokenFor = async (gameId: string) => (await visitor('GET', `${PUBLIC}/${gameId}`)).json().player_token as string;
  const play = (gameId: string, player_token: string, play_id: string = randomUUID(), nickname?: string) =>
    visitor('POST', `${PUBLIC}/${gameId}/plays`, { player_token, play_id, ...(nickname ? { nickname } : {}) });
  const answer = (gameId: string, playId: string, player_token: string, question_id: string, answer_id: string | null) =>
    visitor('POST', `${PUBLIC}/${gameId}/plays/${playId}/answers`, { player_token, question_id, answer_id });

  it('draws a wheel’s prize on the server, answers the same play on a replay and after a reload, and hands over a voucher the counter redeems once', async () => {
    const { gameId, game } = await openGame('Wheel Hall', wheel());
    const shown = (await visitor('GET', `${PUBLIC}/${gameId}`)).json();
    expect(shown).toMatchObject({
      name: 'Spin to win',
      kind: 'wheel',
      status: 'open',
      prizes: [{ id: 'coffee', label: 'A coffee', kind: 'voucher', programme_id: null }],
      questions: 0,
      leaderboard: null,
      plays_left: { left: null, next_at: null },
      my_plays: [],
      owner: { name: 'Wheel Hall' },
    });
    const token = shown.player_token as string;
    const playId = randomUUID();
    const played = await play(gameId, token, playId);
    expect([played.statusCode, played.json()]).toEqual([
      200,
      {
        play_id: playId,
        game_id: gameId,
        played_at: expect.any(String),
        finished: true,
        prize: { id: 'coffee', label: 'A coffee', kind: 'voucher', programme_id: null },
        score: null,
        question: null,
        claimed: false,
      },
    ]);
    const replayed = await play(gameId, token, playId);
    expect([replayed.json(), replayed.headers['x-position']]).toEqual([played.json(), undefined]);
    const reloaded = (await visitor('GET', `${PUBLIC}/${gameId}?player_token=${token}&${after(played)}`)).json();
    expect([reloaded.player_token, reloaded.my_plays]).toEqual([token, [played.json()]]);

    const claimed = await visitor('POST', `${PUBLIC}/${gameId}/plays/${playId}/claim`, { player_token: token });
    expect(claimed.statusCode).toBe(200);
    const voucher = claimed.json().voucher;
    expect(claimed.json()).toMatchObject({ play_id: playId, prize: { id: 'coffee' }, promo_code: null, loyalty: null });
    expect(voucher).toMatchObject({ game_id: gameId, play_id: playId, text: 'One coffee at the counter', redeemed_at: null });
    expect(voucher.voucher_code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(voucher.redeem_url).toBe(`/admin/games/${gameId}/vouchers/${voucher.voucher_code as string}`);
    const again = await visitor('POST', `${PUBLIC}/${gameId}/plays/${playId}/claim`, { player_token: token });
    expect(again.json().voucher.voucher_code).toBe(voucher.voucher_code);

    const atCounter = `${game}/vouchers/${voucher.voucher_code as string}`;
    expect((await owner('GET', `${atCounter}?${after(claimed)}`)).json()).toMatchObject({ voucher_code: voucher.voucher_code, redeemed_at: null });
    const redeemed = await owner('POST', `${atCounter}/redeem`);
    expect([redeemed.statusCode, typeof redeemed.json().redeemed_at]).toEqual([200, 'string']);
    expect((await owner('POST', `${atCounter}/redeem`)).json()).toMatchObject({ status: 409, code: 'game_voucher_redeemed' });
    expect((await owner('GET', `${game}/vouchers/ABCDEFGHJK`)).json()).toMatchObject({ status: 404, code: 'game_voucher_not_found' });
    expect((await owner('GET', game)).json().stock).toEqual([
      { prize_id: 'coffee', label: 'A coffee', kind: 'voucher', stock: 5, won: 1, claimed: 1, remaining: 4 },
    ]);
  });

  it('refuses plays on a closed or unknown game, with a forged or another game’s token, and beyond the play limit', async () => {
    const { gameId, game } = await openGame('Limit Hall', wheel({ play_limit: { plays: 1, per: 'day' } }));
    const token = await tokenFor(gameId);
    const first = await play(gameId, token);
    expect(first.statusCode).toBe(200);
    const limited = await play(gameId, token);
    expect(limited.json()).toMatchObject({ status: 409, code: 'game_play_limit', next_at: expect.any(String) });
    const left = (await visitor('GET', `${PUBLIC}/${gameId}?player_token=${token}&${after(first)}`)).json().plays_left;
    expect(left).toEqual({ left: 0, next_at: expect.any(String) });

    expect((await play(gameId, forgedToken)).json()).toMatchObject({ status: 400, code: 'player_token_invalid' });
    const other = await openGame('Other Hall', wheel());
    expect((await play(other.gameId, token)).json()).toMatchObject({ status: 400, code: 'player_token_invalid' });
    expect((await play(randomUUID(), token)).json()).toMatchObject({ status: 404, code: 'game_not_found' });
    expect((await visitor('GET', `${PUBLIC}/${randomUUID()}`)).json()).toMatchObject({ status: 404, code: 'game_not_found' });
    expect(
      (await visitor('POST', `${PUBLIC}/play-game`, { game_id: other.gameId, player_token: token, play_id: randomUUID(), prize: 'coffee' })).statusCode,
    ).toBe(400);
    const fresh = (await visitor('GET', `${PUBLIC}/${gameId}?player_token=${forgedToken}`)).json().player_token;
    expect(fresh).not.toBe(forgedToken);

    const losing = await openGame('Losing Hall', wheel({ prizes: [{ ...coffee, chance: 0 }] }));
    const loser = await tokenFor(losing.gameId);
    const lost = (await play(losing.gameId, loser)).json();
    expect([lost.finished, lost.prize]).toEqual([true, null]);
    const claim = (player_token: string) => visitor('POST', `${PUBLIC}/${losing.gameId}/plays/${lost.play_id as string}/claim`, { player_token });
    expect((await claim(loser)).json()).toMatchObject({ status: 409, code: 'game_prize_not_won' });
    expect((await claim(await tokenFor(losing.gameId))).json()).toMatchObject({ status: 404, code: 'game_play_not_found' });

    await owner('POST', `${game}/close`);
    expect((await play(gameId, await tokenFor(gameId))).json()).toMatchObject({ status: 409, code: 'game_not_open' });
    const spec = await visitor('POST', `${PUBLIC}/play-game`, { game_id: other.gameId, player_token: await tokenFor(other.gameId), play_id: randomUUID() });
    expect(spec.json()).toMatchObject({ finished: true, prize: { id: 'coffee' } });
  });

  it('asks a quiz’s questions in turn, scores on the server, ranks the leaderboard, and starts new boards by hand and on schedule', async () => {
    const { gameId, game, board_ends_at } = await openGame('Quiz Hall', quiz);
    const token = await tokenFor(gameId);
    const playId = randomUUID();
    const played = (await play(gameId, token, playId, 'Ada')).json();
    expect(played).toMatchObject({ finished: false, prize: null, score: 0, question: { id: 'q1', number: 1, of: 2, asked_at: played.played_at } });
    expect(played.question).not.toHaveProperty('correct');

    expect((await answer(gameId, playId, token, 'q2', 'b')).json()).toMatchObject({ status: 409, code: 'game_question_not_asked' });
    const cheat = await visitor('POST', `${PUBLIC}/${gameId}/plays/${playId}/answers`, { player_token: token, question_id: 'q1', answer_id: 'a', score: 9999 });
    expect(cheat.statusCode).toBe(400);
    const first = await answer(gameId, playId, token, 'q1', 'a');
    expect(first.json()).toMatchObject({ correct: true, late: false, play: { finished: false, question: { id: 'q2', number: 2 } } });
    const points = first.json().points as number;
    expect(points).toBeGreaterThan(500);
    expect(first.json().play.score).toBe(points);

    // The second answer comes after the question's time and its grace: right, but no points.
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'],
    });
    jest.setSystemTime(Date.now() + 40_000);
    const late = await answer(gameId, playId, token, 'q2', 'b');
    jest.useRealTimers();
    expect(late.json()).toMatchObject({ correct: false, late: true, points: 0, play: { finished: true, score: points, question: null } });

    const rival = await tokenFor(gameId);
    const rivalPlay = randomUUID();
    await play(gameId, rival, rivalPlay, 'Grace');
    await answer(gameId, rivalPlay, rival, 'q1', 'a');
    const last = await answer(gameId, rivalPlay, rival, 'q2', 'b');
    const rivalScore = last.json().play.score as number;
    expect(rivalScore).toBeGreaterThan(points);

    const board = (await visitor('GET', `${PUBLIC}/${gameId}/leaderboard?player_token=${token}&${after(last)}`)).json();
    expect(board).toMatchObject({
      game_id: gameId,
      order: 'desc',
      board: { board: 1, ended_at: null, reason: null },
      top: [
        { rank: 1, nickname: 'Grace', score: rivalScore, me: false },
        { rank: 2, nickname: 'Ada', score: points, me: true },
      ],
      me: { rank: 2, nickname: 'Ada', score: points, me: true },
    });
    const spec = await visitor('POST', `${PUBLIC}/game-leaderboard`, { game_id: gameId, player_token: rival });
    expect(spec.json().me).toMatchObject({ rank: 1, nickname: 'Grace' });
    expect((await owner('GET', `${game}/leaderboard`)).json()).toMatchObject({ top: [{ rank: 1 }, { rank: 2 }], me: null });

    const reset = await owner('POST', `${game}/leaderboard/reset`);
    expect(reset.json()).toMatchObject({ board: { board: 2, ended_at: null }, top: [], me: null });
    expect((await owner('GET', `${game}/leaderboard?board=1`)).json()).toMatchObject({
      board: { board: 1, reason: 'staff' },
      top: [{ nickname: 'Grace' }, { nickname: 'Ada' }],
    });
    expect((await owner('GET', game)).json().board).toBe(2);

    await t.app.get(GameBoardSchedule).runRound(new Date(Date.parse(board_ends_at!) + 1_000));
    const boards = (await owner('GET', `${game}/leaderboard/boards`)).json().boards as { board: number; reason: string | null }[];
    expect(boards.map(({ board: number, reason }) => [number, reason])).toEqual([
      [3, null],
      [2, 'schedule'],
      [1, 'staff'],
    ]);
    expect((await owner('POST', `${GAMES}/reset-leaderboard`, { game_id: gameId })).json().board.board).toBe(4);
  });
});
