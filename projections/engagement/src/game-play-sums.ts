import type { LeaderboardOrder } from '@qr/contracts';
import type { GamePlayed, PrizeClaimed, QuestionAnswered, QuizFinished, VoucherRedeemed } from '@qr/domain';
import type { SqlExecutor } from '@qr/platform';
import { nodesCounting, rankKeyOf } from './game-score-tree';

/** The physical names of the games projection's tables. */
export interface GameTables {
  games: string;
  game_prize_stock: string;
  game_players: string;
  game_plays: string;
  game_boards: string;
  game_scores: string;
  game_score_counts: string;
}

/** What a batch changes on a play it did not insert: null (and 0) keep the row's value. */
interface PlayPatch {
  gameId: string;
  playId: string;
  answered: number;
  askedAt: string | null;
  finished: boolean;
  score: number | null;
  prizeId: string | null;
  unit: number | null;
  wonAt: string | null;
  claimedAt: string | null;
  voucherCode: string | null;
  cardId: string | null;
  exchangeId: string | null;
  redeemedAt: string | null;
}

interface Finish {
  gameId: string;
  playId: string;
  board: number;
  player: string;
  nickname: string;
  score: number;
  at: string;
}

const add = <K>(map: Map<K, number>, key: K, by: number): void => {
  map.set(key, (map.get(key) ?? 0) + by);
};
const column = <T, V>(rows: readonly T[], pick: (row: T) => V): V[] => rows.map(pick);

/**
 * A batch of play events, summed: plays are most of what a game's stream carries, a crowd's worth
 * a second, so each table is written once per batch (plays inserted, then patched; counters added).
 * Play events only ever follow the game's creation and a play's own earlier events in the log, and
 * the staff events are applied in order before `write`, so nothing here depends on the order across plays.
 */
export class GamePlaySums {
  private readonly played: { gameId: string; data: GamePlayed['data'] }[] = [];
  private readonly patches = new Map<string, PlayPatch>();
  private readonly plays = new Map<string, number>();
  private readonly winners = new Map<string, number>();
  private readonly players = new Map<string, { gameId: string; player: string; plays: number; firstAt: string }>();
  private readonly won = new Map<string, { gameId: string; prizeId: string; won: number; claimed: number }>();
  private readonly finishes: Finish[] = [];

  play(gameId: string, data: GamePlayed['data']): void {
    this.played.push({ gameId, data });
    add(this.plays, gameId, 1);
    const key = `${gameId}\n${data.player}`;
    const player = this.players.get(key) ?? { gameId, player: data.player, plays: 0, firstAt: data.at };
    player.plays++;
    this.players.set(key, player);
    this.win(gameId, data.prize_id);
  }

  answer(gameId: string, { play_id, at }: QuestionAnswered['data']): void {
    const patch = this.patch(gameId, play_id);
    patch.answered++;
    patch.askedAt = at;
  }

  finish(gameId: string, data: QuizFinished['data']): void {
    const { play_id, player, nickname, board, score, prize_id, unit, at } = data;
    Object.assign(this.patch(gameId, play_id), { finished: true, score, prizeId: prize_id, unit, wonAt: prize_id === null ? null : at });
    this.win(gameId, prize_id);
    this.finishes.push({ gameId, playId: play_id, board, player, nickname, score, at });
  }

  claim(gameId: string, { play_id, prize_id, voucher_code, card_id, exchange_id, at }: PrizeClaimed['data']): void {
    Object.assign(this.patch(gameId, play_id), { claimedAt: at, voucherCode: voucher_code, cardId: card_id, exchangeId: exchange_id });
    this.prize(gameId, prize_id).claimed++;
  }

  redeem(gameId: string, { play_id, at }: VoucherRedeemed['data']): void {
    this.patch(gameId, play_id).redeemedAt = at;
  }

  private win(gameId: string, prizeId: string | null): void {
    if (prizeId === null) return;
    add(this.winners, gameId, 1);
    this.prize(gameId, prizeId).won++;
  }

  private prize(gameId: string, prizeId: string) {
    const key = `${gameId}\n${prizeId}`;
    const line = this.won.get(key) ?? { gameId, prizeId, won: 0, claimed: 0 };
    this.won.set(key, line);
    return line;
  }

  private patch(gameId: string, playId: string): PlayPatch {
    const key = `${gameId}\n${playId}`;
    const patch = this.patches.get(key) ?? {
      gameId,
      playId,
      answered: 0,
      askedAt: null,
      finished: false,
      score: null,
      prizeId: null,
      unit: null,
      wonAt: null,
      claimedAt: null,
      voucherCode: null,
      cardId: null,
      exchangeId: null,
      redeemedAt: null,
    };
    this.patches.set(key, patch);
    return patch;
  }

  async write(tx: SqlExecutor, tables: GameTables): Promise<void> {
    await this.insertPlays(tx, tables);
    await this.patchPlays(tx, tables);
    await this.countPlayers(tx, tables);
    await this.countPrizes(tx, tables);
    await new ScoreSums(this.finishes).write(tx, tables);
  }

  private async insertPlays(tx: SqlExecutor, { games, game_plays }: GameTables): Promise<void> {
    if (this.played.length === 0) return;
    const rows = this.played;
    // A wheel's or scratch card's play ends as it is drawn; a quiz's when its last answer comes.
    await tx.query(
      `INSERT INTO ${game_plays} (game_id, play_id, player, nickname, played_at, board, finished, asked_at, prize_id, unit, won_at)
         SELECT u.game_id, u.play_id, u.player, u.nickname, u.at, u.board, g.kind <> 'quiz', u.at, u.prize_id, u.unit,
                CASE WHEN u.prize_id IS NULL THEN NULL ELSE u.at END
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::int[], $7::text[], $8::int[])
             AS u(game_id, play_id, player, nickname, at, board, prize_id, unit)
           JOIN ${games} g ON g.game_id = u.game_id
       ON CONFLICT (game_id, play_id) DO NOTHING`,
      [
        column(rows, (r) => r.gameId),
        column(rows, (r) => r.data.play_id),
        column(rows, (r) => r.data.player),
        column(rows, (r) => r.data.nickname),
        column(rows, (r) => r.data.at),
        column(rows, (r) => r.data.board),
        column(rows, (r) => r.data.prize_id),
        column(rows, (r) => r.data.unit),
      ],
    );
  }

  private async patchPlays(tx: SqlExecutor, { game_plays }: GameTables): Promise<void> {
    if (this.patches.size === 0) return;
    const rows = [...this.patches.values()];
    await tx.query(
      `UPDATE ${game_plays} p SET
              answered = p.answered + u.answered, asked_at = coalesce(u.asked_at, p.asked_at), finished = p.finished OR u.finished,
              score = coalesce(u.score, p.score), prize_id = coalesce(u.prize_id, p.prize_id), unit = coalesce(u.unit, p.unit),
              won_at = coalesce(u.won_at, p.won_at), claimed_at = coalesce(u.claimed_at, p.claimed_at),
              voucher_code = coalesce(u.voucher_code, p.voucher_code), card_id = coalesce(u.card_id, p.card_id),
              exchange_id = coalesce(u.exchange_id, p.exchange_id), redeemed_at = coalesce(u.redeemed_at, p.redeemed_at)
         FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::timestamptz[], $5::boolean[], $6::int[], $7::text[], $8::int[],
                     $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[], $13::uuid[], $14::timestamptz[])
           AS u(game_id, play_id, answered, asked_at, finished, score, prize_id, unit, won_at, claimed_at, voucher_code, card_id, exchange_id, redeemed_at)
        WHERE p.game_id = u.game_id AND p.play_id = u.play_id`,
      [
        column(rows, (r) => r.gameId),
        column(rows, (r) => r.playId),
        column(rows, (r) => r.answered),
        column(rows, (r) => r.askedAt),
        column(rows, (r) => r.finished),
        column(rows, (r) => r.score),
        column(rows, (r) => r.prizeId),
        column(rows, (r) => r.unit),
        column(rows, (r) => r.wonAt),
        column(rows, (r) => r.claimedAt),
        column(rows, (r) => r.voucherCode),
        column(rows, (r) => r.cardId),
        column(rows, (r) => r.exchangeId),
        column(rows, (r) => r.redeemedAt),
      ],
    );
  }

  /** Adds the plays, and the players new to the game: an upserted row whose plays are the batch's alone was inserted now. */
  private async countPlayers(tx: SqlExecutor, { games, game_players }: GameTables): Promise<void> {
    if (this.plays.size === 0 && this.winners.size === 0) return;
    const fresh = new Map<string, number>();
    const players = [...this.players.values()];
    if (players.length > 0) {
      const { rows } = await tx.query<{ game_id: string; player: string; plays: number }>(
        `INSERT INTO ${game_players} AS p (game_id, player, plays, first_at)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[])
         ON CONFLICT (game_id, player) DO UPDATE SET plays = p.plays + excluded.plays
         RETURNING game_id, player, plays`,
        [column(players, (p) => p.gameId), column(players, (p) => p.player), column(players, (p) => p.plays), column(players, (p) => p.firstAt)],
      );
      for (const row of rows) if (this.players.get(`${row.game_id}\n${row.player}`)?.plays === row.plays) add(fresh, row.game_id, 1);
    }
    const gameIds = [...new Set([...this.plays.keys(), ...this.winners.keys()])];
    await tx.query(
      `UPDATE ${games} g SET plays = g.plays + u.plays, players = g.players + u.players, winners = g.winners + u.winners
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[]) AS u(game_id, plays, players, winners)
        WHERE g.game_id = u.game_id`,
      [gameIds, gameIds.map((id) => this.plays.get(id) ?? 0), gameIds.map((id) => fresh.get(id) ?? 0), gameIds.map((id) => this.winners.get(id) ?? 0)],
    );
  }

  private async countPrizes(tx: SqlExecutor, { game_prize_stock }: GameTables): Promise<void> {
    if (this.won.size === 0) return;
    const rows = [...this.won.values()];
    await tx.query(
      `INSERT INTO ${game_prize_stock} AS s (game_id, prize_id, won, claimed)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[])
       ON CONFLICT (game_id, prize_id) DO UPDATE SET won = s.won + excluded.won, claimed = s.claimed + excluded.claimed`,
      [column(rows, (r) => r.gameId), column(rows, (r) => r.prizeId), column(rows, (r) => r.won), column(rows, (r) => r.claimed)],
    );
  }
}

interface ScoreLine extends Finish {
  rankKey: number;
  /** The rank key the player's row had before this batch; null for a player new to the board. */
  was: number | null;
}

/**
 * A batch's finished quizzes on boards: each player's best, kept only when strictly better than
 * their row (equal keeps the earlier), and the tree's counts moved with every row that changed.
 */
class ScoreSums {
  constructor(private readonly finishes: readonly Finish[]) {}

  async write(tx: SqlExecutor, { games, game_boards, game_scores, game_score_counts }: GameTables): Promise<void> {
    if (this.finishes.length === 0) return;
    const keys = [...new Map(this.finishes.map((f) => [`${f.gameId}\n${f.board}\n${f.player}`, f])).values()];
    // The games without a leaderboard have no `order`, so the join leaves their finishes out.
    const { rows } = await tx.query<{
      game_id: string;
      board: number;
      player: string;
      order: LeaderboardOrder;
      rank_key: number | null;
      achieved_at: Date | null;
    }>(
      `SELECT u.game_id, u.board, u.player, g.terms->'leaderboard'->>'order' AS order, s.rank_key, s.achieved_at
         FROM unnest($1::uuid[], $2::int[], $3::text[]) AS u(game_id, board, player)
         JOIN ${games} g ON g.game_id = u.game_id AND g.terms->'leaderboard'->>'order' IS NOT NULL
         LEFT JOIN ${game_scores} s ON s.game_id = u.game_id AND s.board = u.board AND s.player = u.player`,
      [column(keys, (k) => k.gameId), column(keys, (k) => k.board), column(keys, (k) => k.player)],
    );
    const before = new Map(rows.map((row) => [`${row.game_id}\n${row.board}\n${row.player}`, row]));
    const best = new Map<string, ScoreLine>();
    for (const finish of this.finishes) {
      const key = `${finish.gameId}\n${finish.board}\n${finish.player}`;
      const row = before.get(key);
      if (!row) continue;
      const rankKey = rankKeyOf(row.order, finish.score);
      const held = best.get(key)?.rankKey ?? row.rank_key;
      if (held === null || rankKey < held) best.set(key, { ...finish, rankKey, was: row.rank_key });
    }
    if (best.size === 0) return;
    const lines = [...best.values()];
    await tx.query(
      `INSERT INTO ${game_scores} AS s (game_id, board, player, nickname, score, rank_key, achieved_at, play_id)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::timestamptz[], $8::uuid[])
       ON CONFLICT (game_id, board, player) DO UPDATE SET
         nickname = excluded.nickname, score = excluded.score, rank_key = excluded.rank_key, achieved_at = excluded.achieved_at, play_id = excluded.play_id`,
      [
        column(lines, (l) => l.gameId),
        column(lines, (l) => l.board),
        column(lines, (l) => l.player),
        column(lines, (l) => l.nickname),
        column(lines, (l) => l.score),
        column(lines, (l) => l.rankKey),
        column(lines, (l) => l.at),
        column(lines, (l) => l.playId),
      ],
    );
    await writeTree(tx, game_score_counts, lines);
    const boards = new Map<string, { gameId: string; board: number; players: number }>();
    for (const line of lines.filter((l) => l.was === null)) {
      const key = `${line.gameId}\n${line.board}`;
      const sums = boards.get(key) ?? { gameId: line.gameId, board: line.board, players: 0 };
      sums.players++;
      boards.set(key, sums);
    }
    if (boards.size === 0) return;
    const boardRows = [...boards.values()];
    await tx.query(
      `UPDATE ${game_boards} b SET players = b.players + u.players
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS u(game_id, board, players)
        WHERE b.game_id = u.game_id AND b.board = u.board`,
      [column(boardRows, (b) => b.gameId), column(boardRows, (b) => b.board), column(boardRows, (b) => b.players)],
    );
  }
}

/** Moves each changed row's count from its old position to its new one, summed per node, in one statement. */
async function writeTree(tx: SqlExecutor, table: string, lines: readonly ScoreLine[]): Promise<void> {
  const deltas = new Map<string, { gameId: string; board: number; node: number; count: number }>();
  const move = (line: ScoreLine, rankKey: number, by: number) => {
    for (const node of nodesCounting(rankKey + 1)) {
      const key = `${line.gameId}\n${line.board}\n${node}`;
      const delta = deltas.get(key) ?? { gameId: line.gameId, board: line.board, node, count: 0 };
      delta.count += by;
      deltas.set(key, delta);
    }
  };
  for (const line of lines) {
    if (line.was !== null) move(line, line.was, -1);
    move(line, line.rankKey, 1);
  }
  const rows = [...deltas.values()].filter((d) => d.count !== 0);
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} AS c (game_id, board, node, count)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[])
     ON CONFLICT (game_id, board, node) DO UPDATE SET count = c.count + excluded.count`,
    [column(rows, (r) => r.gameId), column(rows, (r) => r.board), column(rows, (r) => r.node), column(rows, (r) => r.count)],
  );
}
