import { Inject, Injectable } from '@nestjs/common';
import type { GameKind, GameStatus, GameTerms } from '@qr/contracts';
import { checkpointOfAppend, type AppendResult } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { games } from '@qr/projections-engagement';
import type { ProjectionRunner } from '@qr/projections-runner';
import { READ_YOUR_WRITES_DEFAULTS } from '../http/read-your-writes';
import { PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

/** A row of the `games` read model. */
export interface GameRow {
  game_id: string;
  org_id: string;
  code_id: string;
  kind: GameKind;
  terms: GameTerms;
  status: GameStatus | 'deleted';
  board: number;
  board_ends_at: Date | null;
  plays: number;
  players: number;
  winners: number;
  created_at: Date;
  updated_at: Date;
}

/** A prize's counts; a prize no play has won has no row. */
export interface StockRow {
  game_id: string;
  prize_id: string;
  won: number;
  claimed: number;
}

/** A row of `game_plays`. */
export interface PlayRow {
  game_id: string;
  play_id: string;
  player: string;
  nickname: string;
  played_at: Date;
  board: number;
  finished: boolean;
  answered: number;
  asked_at: Date;
  score: number | null;
  prize_id: string | null;
  unit: number | null;
  won_at: Date | null;
  claimed_at: Date | null;
  voucher_code: string | null;
  card_id: string | null;
  exchange_id: string | null;
  redeemed_at: Date | null;
}

const SELECT_GAMES = `SELECT game_id, org_id, code_id, kind, terms, status, board, board_ends_at, plays, players, winners, created_at, updated_at FROM games`;
const SELECT_PLAYS = `SELECT game_id, play_id, player, nickname, played_at, board, finished, answered, asked_at, score, prize_id, unit, won_at,
       claimed_at, voucher_code, card_id, exchange_id, redeemed_at FROM game_plays`;
/** A staff list's order and the export's keyset: newest first, or for winners, latest win first. */
const playOrder = (winners: boolean) => (winners ? { key: 'won_at', filter: 'AND prize_id IS NOT NULL' } : { key: 'played_at', filter: '' });

/** The engagement context's reads of its games read model: what staff's routes, the players' page, the export and the board schedule read. */
@Injectable()
export class GameReads {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  /** Waits, bounded, until the games read model holds the append, so the screen's next read finds it. */
  async reached(appended: AppendResult | null): Promise<void> {
    if (appended) await this.projections.waitFor(checkpointOfAppend(appended), [games.name], READ_YOUR_WRITES_DEFAULTS.commandWaitMs);
  }

  /** The game, deleted or not. */
  async game(gameId: string): Promise<GameRow | null> {
    const { rows } = await this.db.query<GameRow>(`${SELECT_GAMES} WHERE game_id = $1`, [gameId]);
    return rows[0] ?? null;
  }

  /** The organisation's games, of one code when given, newest first. */
  async list(orgId: string, codeId: string | undefined, page: number, perPage: number): Promise<{ rows: GameRow[]; total: number }> {
    const filter = `org_id = $1 AND status <> 'deleted' AND ($2::text IS NULL OR code_id = $2)`;
    const [listed, counted] = await Promise.all([
      this.db.query<GameRow>(`${SELECT_GAMES} WHERE ${filter} ORDER BY created_at DESC, game_id LIMIT $3 OFFSET $4`, [
        orgId,
        codeId ?? null,
        perPage,
        (page - 1) * perPage,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM games WHERE ${filter}`, [orgId, codeId ?? null]),
    ]);
    return { rows: listed.rows, total: counted.rows[0]?.n ?? 0 };
  }

  /** The prizes' counts of each game among `gameIds`, in one query. */
  async stock(gameIds: readonly string[]): Promise<StockRow[]> {
    const { rows } = await this.db.query<StockRow>('SELECT game_id, prize_id, won, claimed FROM game_prize_stock WHERE game_id = ANY($1::uuid[])', [gameIds]);
    return rows;
  }

  async play(gameId: string, playId: string): Promise<PlayRow | null> {
    const { rows } = await this.db.query<PlayRow>(`${SELECT_PLAYS} WHERE game_id = $1 AND play_id = $2`, [gameId, playId]);
    return rows[0] ?? null;
  }

  /** The player's latest plays, newest first. */
  async playsOf(gameId: string, player: string, limit: number): Promise<PlayRow[]> {
    const { rows } = await this.db.query<PlayRow>(`${SELECT_PLAYS} WHERE game_id = $1 AND player = $2 ORDER BY played_at DESC, play_id LIMIT $3`, [
      gameId,
      player,
      limit,
    ]);
    return rows;
  }

  /** When the player's latest plays were made (ms), oldest first: as many as a play limit counts. */
  async playTimes(gameId: string, player: string, limit: number): Promise<number[]> {
    const { rows } = await this.db.query<{ played_at: Date }>(
      'SELECT played_at FROM game_plays WHERE game_id = $1 AND player = $2 ORDER BY played_at DESC LIMIT $3',
      [gameId, player, limit],
    );
    return rows.map((row) => row.played_at.getTime()).reverse();
  }

  /** A page of the game's plays (or only its winners), newest first. */
  async plays(gameId: string, winners: boolean, page: number, perPage: number): Promise<{ rows: PlayRow[]; total: number }> {
    const { key, filter } = playOrder(winners);
    const [listed, counted] = await Promise.all([
      this.db.query<PlayRow>(`${SELECT_PLAYS} WHERE game_id = $1 ${filter} ORDER BY ${key} DESC, play_id LIMIT $2 OFFSET $3`, [
        gameId,
        perPage,
        (page - 1) * perPage,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM game_plays WHERE game_id = $1 ${filter}`, [gameId]),
    ]);
    return { rows: listed.rows, total: counted.rows[0]?.n ?? 0 };
  }

  /** A page of the game's plays (or winners) in (time, play_id) order after the given key: the export's keyset. */
  async playPage(gameId: string, winners: boolean, after: { at: Date; play_id: string } | null, size: number): Promise<PlayRow[]> {
    const { key, filter } = playOrder(winners);
    const { rows } = await this.db.query<PlayRow>(
      `${SELECT_PLAYS} WHERE game_id = $1 ${filter} AND ($2::timestamptz IS NULL OR (${key}, play_id) > ($2, $3::uuid))
        ORDER BY ${key}, play_id LIMIT $4`,
      [gameId, after?.at ?? null, after?.play_id ?? null, size],
    );
    return rows;
  }

  async voucher(gameId: string, voucherCode: string): Promise<PlayRow | null> {
    const { rows } = await this.db.query<PlayRow>(`${SELECT_PLAYS} WHERE game_id = $1 AND voucher_code = $2`, [gameId, voucherCode]);
    return rows[0] ?? null;
  }

  /** Games whose period board has ended by `now`: the schedule's due resets. */
  async dueBoards(now: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ game_id: string }>(
      `SELECT game_id FROM games WHERE status IN ('open', 'closed') AND board_ends_at <= $1 ORDER BY board_ends_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.game_id);
  }
}
