import { GameTerms, MAX_GAME_SCORE, type LeaderboardOrder } from '@qr/contracts';
import { gameStreamId, type GameEvent } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { games, nodesSummingTo, SCORE_TREE_SIZE } from './index';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [WHEEL, QUIZ] = [uuid(1), uuid(2)];
const by = 'ed@example.com';
const AT = '2026-12-07T12:00:00.000Z';
const later = (seconds: number) => new Date(Date.parse(AT) + seconds * 1000).toISOString();
const mug = { id: 'mug', label: 'A mug', stock: 5, chance: 50, claim: { kind: 'voucher', text: 'One mug' } };
const wheelTerms = GameTerms.parse({ name: 'Spin', kind: 'wheel', prizes: [mug, { ...mug, id: 'pen', label: 'A pen' }] });
const quizTerms = (order: LeaderboardOrder) =>
  GameTerms.parse({
    name: 'Quiz',
    kind: 'quiz',
    prizes: [mug],
    quiz: {
      questions: [
        {
          id: 'q1',
          text: 'Two and two?',
          answers: [
            { id: 'a', label: '4' },
            { id: 'b', label: '5' },
          ],
          correct: 'a',
          seconds: 10,
        },
      ],
      win_score: 900,
    },
    leaderboard: { order },
  });

const created = (game_id: string, terms: GameTerms): GameEvent => ({
  type: 'GameCreated',
  data: { game_id, org_id: 'org-1', code_id: 'AAAAAAAAA1', kind: terms.kind, terms, seed: 7, board_ends_at: null, created_by: by, at: AT },
});
const played = (play_id: string, player: string, prize_id: string | null = null, board = 1, at = AT): GameEvent => ({
  type: 'GamePlayed',
  data: { play_id, player, nickname: `nick ${player}`, org_id: 'org-1', code_id: 'AAAAAAAAA1', board, prize_id, unit: prize_id === null ? null : 0, at },
});
const answered = (play_id: string, at: string): GameEvent => ({
  type: 'QuestionAnswered',
  data: { play_id, question_id: 'q1', answer_id: 'a', correct: true, late: false, points: 1000, elapsed_ms: 1000, at },
});
const finished = (play_id: string, player: string, score: number, at: string, board = 1, prize_id: string | null = null): GameEvent => ({
  type: 'QuizFinished',
  data: { play_id, player, nickname: `nick ${player}`, board, score, prize_id, unit: prize_id === null ? null : 0, at },
});
const reset = (board: number, at: string): GameEvent => ({
  type: 'LeaderboardReset',
  data: { board, reason: 'staff', by, starts_at: at, ends_at: null, at },
});
/** A quiz play in full: played, answered, finished. */
const quizPlay = (n: number, player: string, score: number, seconds: number, board = 1): GameEvent[] => [
  played(uuid(100 + n), player, null, board, later(seconds)),
  answered(uuid(100 + n), later(seconds + 1)),
  finished(uuid(100 + n), player, score, later(seconds + 1), board),
];

describe.each(testAdapters())('the games read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [games], { batchSize: 3, rebuildBatchSize: 4 });
  const append = (gameId: string, events: readonly GameEvent[]) =>
    t.store.append({ streamId: gameStreamId(gameId), expectedVersion: 'any', events: events.map(({ type, data }) => ({ type, data })) });
  const caughtUp = async () => {
    await t.runner.start();
    await t.runner.caughtUp();
  };
  const scores = async (gameId: string, board = 1) =>
    (
      await t.db.query<{ player: string; score: number; rank_key: number }>(
        'SELECT player, score, rank_key FROM game_scores WHERE game_id = $1 AND board = $2 ORDER BY player',
        [gameId, board],
      )
    ).rows;

  it('counts plays, players, winners and each prize’s stock won and claimed', async () => {
    await append(WHEEL, [created(WHEEL, wheelTerms), { type: 'GameOpened', data: { by, at: AT } }]);
    await append(WHEEL, [played(uuid(11), 'ada', 'mug'), played(uuid(12), 'ada'), played(uuid(13), 'bob', 'pen'), played(uuid(14), 'cy', 'mug')]);
    await append(WHEEL, [
      {
        type: 'PrizeClaimed',
        data: { play_id: uuid(11), prize_id: 'mug', unit: 0, kind: 'voucher', voucher_code: 'ABCD2345', card_id: null, exchange_id: null, at: later(5) },
      },
      { type: 'VoucherRedeemed', data: { play_id: uuid(11), voucher_code: 'ABCD2345', by, at: later(9) } },
      played(uuid(15), 'bob'),
    ]);
    await caughtUp();
    const game = await t.db.query('SELECT status, plays, players, winners FROM games WHERE game_id = $1', [WHEEL]);
    expect(game.rows).toEqual([{ status: 'open', plays: 5, players: 3, winners: 3 }]);
    const stock = await t.db.query('SELECT prize_id, won, claimed FROM game_prize_stock WHERE game_id = $1 ORDER BY prize_id', [WHEEL]);
    expect(stock.rows).toEqual([
      { prize_id: 'mug', won: 2, claimed: 1 },
      { prize_id: 'pen', won: 1, claimed: 0 },
    ]);
    const players = await t.db.query('SELECT player, plays FROM game_players WHERE game_id = $1 ORDER BY player', [WHEEL]);
    expect(players.rows).toEqual([
      { player: 'ada', plays: 2 },
      { player: 'bob', plays: 2 },
      { player: 'cy', plays: 1 },
    ]);
    const claimed = await t.db.query<{ finished: boolean; voucher_code: string; won: boolean; redeemed: boolean }>(
      'SELECT finished, voucher_code, won_at IS NOT NULL AS won, redeemed_at IS NOT NULL AS redeemed FROM game_plays WHERE play_id = $1',
      [uuid(11)],
    );
    expect(claimed.rows).toEqual([{ finished: true, voucher_code: 'ABCD2345', won: true, redeemed: true }]);
  });

  it('keeps each player’s best quiz score per board: better replaces, equal keeps the earlier, a reset starts an empty board', async () => {
    await append(QUIZ, [created(QUIZ, quizTerms('desc'))]);
    await append(QUIZ, [...quizPlay(1, 'ada', 900, 0), ...quizPlay(2, 'ada', 950, 10), ...quizPlay(3, 'bob', 800, 20)]);
    await append(QUIZ, [...quizPlay(4, 'bob', 800, 30), ...quizPlay(5, 'ada', 700, 40)]);
    await append(QUIZ, [reset(2, later(50)), ...quizPlay(6, 'cy', 500, 60, 2)]);
    await caughtUp();
    expect(await scores(QUIZ)).toEqual([
      { player: 'ada', score: 950, rank_key: MAX_GAME_SCORE - 950 },
      { player: 'bob', score: 800, rank_key: MAX_GAME_SCORE - 800 },
    ]);
    const bob = await t.db.query('SELECT play_id FROM game_scores WHERE game_id = $1 AND player = $2 AND board = 1', [QUIZ, 'bob']);
    expect(bob.rows).toEqual([{ play_id: uuid(103) }]);
    expect(await scores(QUIZ, 2)).toEqual([{ player: 'cy', score: 500, rank_key: MAX_GAME_SCORE - 500 }]);
    const boards = await t.db.query('SELECT board, ended_at IS NOT NULL AS ended, reason, players FROM game_boards WHERE game_id = $1 ORDER BY board', [QUIZ]);
    expect(boards.rows).toEqual([
      { board: 1, ended: true, reason: 'staff', players: 2 },
      { board: 2, ended: false, reason: null, players: 1 },
    ]);
    const play = await t.db.query('SELECT finished, answered, score FROM game_plays WHERE play_id = $1', [uuid(101)]);
    expect(play.rows).toEqual([{ finished: true, answered: 1, score: 900 }]);
    const game = await t.db.query('SELECT board, plays, players FROM games WHERE game_id = $1', [QUIZ]);
    expect(game.rows).toEqual([{ board: 2, plays: 6, players: 3 }]);
  });

  it.each(['desc', 'asc'] as const)(
    'counts in its tree, for a board ordered %s, the entries better than any score as a brute-force count does',
    async (order) => {
      await append(QUIZ, [created(QUIZ, quizTerms(order))]);
      // Random scores in a narrow range so that players tie and improve: a few hundred finishes (all the
      // tree needs of a play) over many batches.
      let seed = order === 'desc' ? 11 : 29;
      const random = (n: number) => {
        seed = (seed * 48271) % 2147483647;
        return Math.floor((seed / 2147483647) * n);
      };
      for (let n = 0; n < 400; n += 20) {
        await append(
          QUIZ,
          Array.from({ length: 20 }, (_, i) => finished(uuid(100 + n + i), `p${random(300)}`, random(50) * 1000 + random(3), later(n + i))),
        );
      }
      await caughtUp();
      const entries = (await t.db.query<{ rank_key: number }>('SELECT rank_key FROM game_scores WHERE game_id = $1 AND board = 1', [QUIZ])).rows;
      const counts = new Map(
        (await t.db.query<{ node: number; count: number }>('SELECT node, count FROM game_score_counts WHERE game_id = $1 AND board = 1', [QUIZ])).rows.map(
          (row) => [row.node, row.count],
        ),
      );
      const prefix = (position: number) => nodesSummingTo(position).reduce((sum, node) => sum + (counts.get(node) ?? 0), 0);
      expect(entries.length).toBeGreaterThan(100);
      expect(prefix(SCORE_TREE_SIZE)).toBe(entries.length);
      for (const { rank_key } of [...entries, { rank_key: 0 }, { rank_key: MAX_GAME_SCORE }]) {
        expect(prefix(rank_key)).toBe(entries.filter((entry) => entry.rank_key < rank_key).length);
      }
    },
  );

  it('rebuilds to the same rows', async () => {
    await append(QUIZ, [created(QUIZ, quizTerms('desc'))]);
    await append(QUIZ, [...quizPlay(1, 'ada', 900, 0), ...quizPlay(2, 'bob', 950, 10), ...quizPlay(3, 'ada', 990, 20), reset(2, later(30))]);
    await append(WHEEL, [created(WHEEL, wheelTerms), played(uuid(11), 'ada', 'mug'), played(uuid(12), 'bob')]);
    await caughtUp();
    const all = async () =>
      Object.fromEntries(
        await Promise.all(
          ['games', 'game_prize_stock', 'game_players', 'game_plays', 'game_boards', 'game_scores', 'game_score_counts'].map(
            async (table) => [table, (await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)).rows] as const,
          ),
        ),
      );
    const live = await all();
    const report = await t.runner.rebuild('games');
    expect(report.eventsProcessed).toBe(report.eventsInStore);
    expect(await all()).toEqual(live);
  });
});
