import { Inject, Injectable } from '@nestjs/common';
import { LEADERBOARD_TOP, type LeaderboardBoard, type LeaderboardEntry, type LeaderboardOrder } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { rankKeyOf, SCORE_TREE_SIZE } from '@qr/projections-engagement';
import { SQL_CLIENT } from '../infrastructure';

interface EntryRow {
  part: 'top' | 'me';
  rank: number;
  player: string;
  nickname: string;
  rank_key: number;
  achieved_at: Date;
}

interface BoardRow {
  board: number;
  started_at: Date;
  ended_at: Date | null;
  reason: 'staff' | 'schedule' | null;
  players: number;
}

/**
 * A board's best and the reader's own rank in one statement, however many played, from the
 * projection's Fenwick tree (SCORE_TREE_SIZE positions, position = rank_key + 1):
 * - `cut`: the tree descended from its root, a node a step (17 rows, each a scalar subquery by the
 *   whole primary key: a join let the planner read all the board's 65,536 nodes per read), to the last
 *   position whose prefix holds fewer than LEADERBOARD_TOP entries; the best are the rows with a
 *   rank key up to it, so the top is sorted from about a hundred rows. Ordering the whole board by
 *   its index and stopping at the limit was the plan with statistics only: PGlite keeps none for
 *   the projections' tables, guessed a board of 18 rows and sorted a million (a second a read;
 *   bench/games.bench.ts).
 * - the rank: 1 + the entries at better rank keys, summed from at most 16 nodes walked down from
 *   node rank_key (= position - 1), each by primary key, + the entries at the same key that scored first.
 * Ranks never tie: equal scores go to whoever scored first, then by player.
 */
const READ_BOARD = `WITH RECURSIVE
  me AS (SELECT player, nickname, rank_key, achieved_at FROM game_scores WHERE game_id = $1 AND board = $2 AND player = $3),
  nodes(node) AS (
    SELECT rank_key FROM me WHERE rank_key > 0
    UNION ALL SELECT node - (node & -node) FROM nodes WHERE node - (node & -node) > 0
  ),
  cut(step, position, wanted) AS (
    SELECT ${SCORE_TREE_SIZE}, 0, ${LEADERBOARD_TOP}
    UNION ALL
    SELECT step / 2,
           CASE WHEN position + step <= ${SCORE_TREE_SIZE} AND coalesce(counted, 0) < wanted THEN position + step ELSE position END,
           CASE WHEN position + step <= ${SCORE_TREE_SIZE} AND coalesce(counted, 0) < wanted THEN wanted - coalesce(counted, 0) ELSE wanted END
      FROM (SELECT step, position, wanted,
                   (SELECT c.count FROM game_score_counts c WHERE c.game_id = $1 AND c.board = $2 AND c.node = cut.position + cut.step) AS counted
              FROM cut WHERE step > 0) AS probed
  ),
  best AS (
    SELECT player, nickname, rank_key, achieved_at FROM game_scores
     WHERE game_id = $1 AND board = $2 AND rank_key <= (SELECT position FROM cut WHERE step = 0)
     ORDER BY rank_key, achieved_at, player LIMIT ${LEADERBOARD_TOP}
  )
SELECT 'top' AS part, (row_number() OVER (ORDER BY rank_key, achieved_at, player))::int AS rank, player, nickname, rank_key, achieved_at FROM best
UNION ALL
SELECT 'me', (1
         + (SELECT coalesce(sum((SELECT c.count FROM game_score_counts c WHERE c.game_id = $1 AND c.board = $2 AND c.node = nodes.node)), 0) FROM nodes)
         + (SELECT count(*) FROM game_scores t
             WHERE t.game_id = $1 AND t.board = $2 AND t.rank_key = me.rank_key AND (t.achieved_at, t.player) < (me.achieved_at, me.player)))::int,
       player, nickname, rank_key, achieved_at FROM me`;

const SELECT_BOARDS = 'SELECT board, started_at, ended_at, reason, players FROM game_boards WHERE game_id = $1';

/** A player who gave no nickname is still told apart on the board, by their id's first characters. */
export const shownNickname = (nickname: string, player: string): string => nickname || `Player ${player.slice(0, 6).toUpperCase()}`;

const boardOf = (row: BoardRow): LeaderboardBoard => ({
  board: row.board,
  started_at: row.started_at.toISOString(),
  ended_at: row.ended_at?.toISOString() ?? null,
  reason: row.reason,
  players: row.players,
});

/** Reads the games projection's boards. Callers check the reader's access to the game first: every query here names it. */
@Injectable()
export class GameLeaderboards {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** The best LEADERBOARD_TOP of board `board` and, when `player` has a score there, their entry wherever it ranks. */
  async read(gameId: string, order: LeaderboardOrder, board: number, player: string | null): Promise<{ top: LeaderboardEntry[]; me: LeaderboardEntry | null }> {
    const { rows } = await this.db.query<EntryRow>(READ_BOARD, [gameId, board, player]);
    // A rank key is the score laid out by the board's order, and rankKeyOf is its own inverse.
    const entryOf = (row: EntryRow): LeaderboardEntry => ({
      rank: row.rank,
      nickname: shownNickname(row.nickname, row.player),
      score: rankKeyOf(order, row.rank_key),
      achieved_at: row.achieved_at.toISOString(),
      me: row.player === player,
    });
    const top = rows.filter((row) => row.part === 'top').sort((a, b) => a.rank - b.rank);
    const me = rows.find((row) => row.part === 'me');
    return { top: top.map(entryOf), me: me ? entryOf(me) : null };
  }

  /** Every board of the game, the one played for first. */
  async boards(gameId: string): Promise<LeaderboardBoard[]> {
    const { rows } = await this.db.query<BoardRow>(`${SELECT_BOARDS} ORDER BY board DESC`, [gameId]);
    return rows.map(boardOf);
  }

  async board(gameId: string, board: number): Promise<LeaderboardBoard | null> {
    const { rows } = await this.db.query<BoardRow>(`${SELECT_BOARDS} AND board = $2`, [gameId, board]);
    return rows[0] ? boardOf(rows[0]) : null;
  }
}
