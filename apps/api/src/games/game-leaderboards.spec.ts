import { LEADERBOARD_TOP, type LeaderboardOrder } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { games, nodesCounting, rankKeyOf } from '@qr/projections-engagement';
import { GameLeaderboards } from './game-leaderboards';

const GAME = '00000000-0000-4000-8000-000000000058';
const OTHER_GAME = '00000000-0000-4000-8000-000000000059';
const AT = Date.parse('2026-12-07T12:00:00.000Z');

interface Seeded {
  player: string;
  nickname: string;
  score: number;
  achieved_at: string;
}

/** Scores few enough apart that many tie, at times that often tie too, so the order's every rule is used. */
function randomScores(count: number, seed: number): Seeded[] {
  const random = (n: number) => {
    seed = (seed * 48271) % 2147483647;
    return Math.floor((seed / 2147483647) * n);
  };
  return Array.from({ length: count }, (_, i) => ({
    player: `player-${String(i).padStart(4, '0')}-${random(1000)}`,
    nickname: i % 7 === 0 ? '' : `Nick ${i}`,
    score: random(40) * 25,
    achieved_at: new Date(AT + random(20) * 1000).toISOString(),
  }));
}

/** Ranks by the rules the board promises: better score, then earlier, then player. */
function bruteForceRanks(order: LeaderboardOrder, entries: readonly Seeded[]): Map<string, number> {
  const sorted = [...entries].sort(
    (a, b) =>
      rankKeyOf(order, a.score) - rankKeyOf(order, b.score) ||
      a.achieved_at.localeCompare(b.achieved_at) ||
      (a.player < b.player ? -1 : a.player > b.player ? 1 : 0),
  );
  return new Map(sorted.map((entry, i) => [entry.player, i + 1]));
}

describe.each(testAdapters())('game leaderboards on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let leaderboards: GameLeaderboards;

  beforeAll(async () => {
    ({ db, close } = await adapter.open());
    for (const [table, ddl] of Object.entries(games.tables)) for (const statement of ddl(table)) await db.query(statement);
    leaderboards = new GameLeaderboards(db);
  });
  afterAll(() => close());
  beforeEach(() => db.query('TRUNCATE game_scores, game_score_counts, game_boards'));

  /** Rows as the projection writes them: each score, and its count in every node of the tree above it. */
  async function seed(gameId: string, board: number, order: LeaderboardOrder, entries: readonly Seeded[]): Promise<void> {
    const counts = new Map<number, number>();
    for (const entry of entries) for (const node of nodesCounting(rankKeyOf(order, entry.score) + 1)) counts.set(node, (counts.get(node) ?? 0) + 1);
    await db.query(
      `INSERT INTO game_scores (game_id, board, player, nickname, score, rank_key, achieved_at, play_id)
         SELECT $1, $2, u.player, u.nickname, u.score, u.rank_key, u.achieved_at, gen_random_uuid()
           FROM unnest($3::text[], $4::text[], $5::int[], $6::int[], $7::timestamptz[]) AS u(player, nickname, score, rank_key, achieved_at)`,
      [
        gameId,
        board,
        entries.map((e) => e.player),
        entries.map((e) => e.nickname),
        entries.map((e) => e.score),
        entries.map((e) => rankKeyOf(order, e.score)),
        entries.map((e) => e.achieved_at),
      ],
    );
    await db.query(`INSERT INTO game_score_counts (game_id, board, node, count) SELECT $1, $2, * FROM unnest($3::int[], $4::int[])`, [
      gameId,
      board,
      [...counts.keys()],
      [...counts.values()],
    ]);
  }

  it.each(['desc', 'asc'] as const)('ranks every player on a board ordered %s as a brute-force sort does, ties to whoever scored first', async (order) => {
    const entries = randomScores(300, order === 'desc' ? 5 : 17);
    await seed(GAME, 1, order, entries);
    // Another game's and another board's scores are never counted.
    await seed(OTHER_GAME, 1, order, randomScores(50, 3));
    await seed(GAME, 2, order, randomScores(50, 9));
    const expected = bruteForceRanks(order, entries);
    const players = [...expected.keys()];

    const { top } = await leaderboards.read(GAME, order, 1, null);
    expect(top).toHaveLength(LEADERBOARD_TOP);
    expect(top.map((entry) => entry.rank)).toEqual(players.slice(0, LEADERBOARD_TOP).map((player) => expected.get(player)));
    const byPlayer = new Map(entries.map((entry) => [entry.player, entry]));
    expect(top.map((entry) => entry.score)).toEqual(players.slice(0, LEADERBOARD_TOP).map((player) => byPlayer.get(player)?.score));

    for (const player of players) {
      const { me } = await leaderboards.read(GAME, order, 1, player);
      expect({ player, rank: me?.rank, score: me?.score, me: me?.me }).toEqual({
        player,
        rank: expected.get(player),
        score: byPlayer.get(player)?.score,
        me: true,
      });
    }
  });

  it('marks the reader’s own row in the top, names a player without a nickname by their id, and has no entry for a player without a score', async () => {
    await seed(GAME, 1, 'desc', [
      { player: 'abcdef123', nickname: '', score: 900, achieved_at: new Date(AT).toISOString() },
      { player: 'zed', nickname: 'Zed', score: 900, achieved_at: new Date(AT + 1000).toISOString() },
    ]);
    const { top, me } = await leaderboards.read(GAME, 'desc', 1, 'zed');
    expect(top).toEqual([
      { rank: 1, nickname: 'Player ABCDEF', score: 900, achieved_at: new Date(AT).toISOString(), me: false },
      { rank: 2, nickname: 'Zed', score: 900, achieved_at: new Date(AT + 1000).toISOString(), me: true },
    ]);
    expect(me).toEqual(top[1]);
    expect((await leaderboards.read(GAME, 'desc', 1, 'nobody')).me).toBeNull();
    expect(await leaderboards.read(GAME, 'desc', 3, 'zed')).toEqual({ top: [], me: null });
  });

  it('lists a game’s boards newest first and reads one by its number', async () => {
    await db.query(
      `INSERT INTO game_boards (game_id, board, started_at, ended_at, reason, players) VALUES
         ($1, 1, $3, $4, 'schedule', 4), ($1, 2, $4, NULL, NULL, 1), ($2, 1, $3, NULL, NULL, 9)`,
      [GAME, OTHER_GAME, new Date(AT).toISOString(), new Date(AT + 86_400_000).toISOString()],
    );
    const boards = await leaderboards.boards(GAME);
    expect(boards).toEqual([
      { board: 2, started_at: new Date(AT + 86_400_000).toISOString(), ended_at: null, reason: null, players: 1 },
      { board: 1, started_at: new Date(AT).toISOString(), ended_at: new Date(AT + 86_400_000).toISOString(), reason: 'schedule', players: 4 },
    ]);
    expect(await leaderboards.board(GAME, 1)).toEqual(boards[1]);
    expect(await leaderboards.board(GAME, 3)).toBeNull();
  });
});
