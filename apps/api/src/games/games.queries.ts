import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  type GameListView,
  type GamePlayRow,
  type GamePlayListView,
  type GameView,
  type LeaderboardBoardsView,
  type LeaderboardView,
  type ListGamesQuery,
  type ListPlaysQuery,
  type PrizeInventoryView,
  type VoucherView,
} from '@qr/contracts';
import { type Caller, TenancyGate } from '../identity';
import { GameAccess } from './game-access';
import { GameLeaderboards } from './game-leaderboards';
import { GameReads, type GameRow, type PlayRow } from './game-reads';
import { gameViewOf, publicPrizeOf, stockOf, voucherViewOf } from './game-views';
import { PlayerTokens } from './player-tokens';

export class GetGame extends Query<GameView> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
  ) {
    super();
  }
}

export class ListGames extends Query<GameListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListGamesQuery,
  ) {
    super();
  }
}

export class GetPrizeInventory extends Query<PrizeInventoryView> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
  ) {
    super();
  }
}

export class ListPlays extends Query<GamePlayListView> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
    readonly query: ListPlaysQuery,
  ) {
    super();
  }
}

/** Staff's read of a board: no `me`. */
export class GetLeaderboard extends Query<LeaderboardView> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
    readonly board: number | undefined,
  ) {
    super();
  }
}

export class ListBoards extends Query<LeaderboardBoardsView> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
  ) {
    super();
  }
}

export class GetVoucher extends Query<VoucherView> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
    readonly voucherCode: string,
  ) {
    super();
  }
}

const noLeaderboard = () => new DomainError('validation_failed', 'This game has no leaderboard.');

/** A board of the game (the current one when none is asked) with its best entries and the reader's own, as staff and players read it. */
export async function leaderboardViewOf(
  leaderboards: GameLeaderboards,
  game: GameRow,
  asked: number | undefined,
  player: string | null,
): Promise<LeaderboardView> {
  const { leaderboard } = game.terms;
  if (leaderboard === null) throw noLeaderboard();
  const number = asked ?? game.board;
  const [board, entries] = await Promise.all([leaderboards.board(game.game_id, number), leaderboards.read(game.game_id, leaderboard.order, number, player)]);
  if (board === null) throw new DomainError('validation_failed', `This game has no board ${number}.`, { field: 'query.board' });
  return { game_id: game.game_id, order: leaderboard.order, board, ...entries };
}

@QueryHandler(GetGame)
export class GetGameHandler implements IQueryHandler<GetGame> {
  constructor(
    private readonly access: GameAccess,
    private readonly reads: GameReads,
  ) {}

  async execute({ caller, gameId }: GetGame): Promise<GameView> {
    const game = await this.access.reader(caller, gameId);
    return gameViewOf(game, await this.reads.stock([gameId]));
  }
}

@QueryHandler(ListGames)
export class ListGamesHandler implements IQueryHandler<ListGames> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly reads: GameReads,
  ) {}

  async execute({ caller, query }: ListGames): Promise<GameListView> {
    await this.gate.roleIn(caller, query.org_id);
    const { rows, total } = await this.reads.list(query.org_id, query.code_id, query.page, query.per_page);
    const counts = await this.reads.stock(rows.map((row) => row.game_id));
    return { items: rows.map((row) => gameViewOf(row, counts)), page: query.page, per_page: query.per_page, total };
  }
}

@QueryHandler(GetPrizeInventory)
export class GetPrizeInventoryHandler implements IQueryHandler<GetPrizeInventory> {
  constructor(
    private readonly access: GameAccess,
    private readonly reads: GameReads,
  ) {}

  async execute({ caller, gameId }: GetPrizeInventory): Promise<PrizeInventoryView> {
    const game = await this.access.reader(caller, gameId);
    return { game_id: gameId, prizes: stockOf(game.terms, await this.reads.stock([gameId])) };
  }
}

@QueryHandler(ListPlays)
export class ListPlaysHandler implements IQueryHandler<ListPlays> {
  constructor(
    private readonly access: GameAccess,
    private readonly reads: GameReads,
    private readonly tokens: PlayerTokens,
  ) {}

  async execute({ caller, gameId, query }: ListPlays): Promise<GamePlayListView> {
    const game = await this.access.reader(caller, gameId);
    const { rows, total } = await this.reads.plays(gameId, query.winners === 'true', query.page, query.per_page);
    const items = await Promise.all(rows.map(async (row) => ({ ...staffRowOf(game, row), player: await this.tokens.exportNameOf(row.player) })));
    return { items, page: query.page, per_page: query.per_page, total };
  }
}

/** A play as staff list and export it, but for the player, whom only a keyed hash names. */
export function staffRowOf(game: GameRow, row: PlayRow): Omit<GamePlayRow, 'player'> {
  return {
    play_id: row.play_id,
    nickname: row.nickname,
    played_at: row.played_at.toISOString(),
    finished: row.finished,
    score: row.score,
    prize: publicPrizeOf(game.terms, row.prize_id),
    claimed_at: row.claimed_at?.toISOString() ?? null,
    voucher_code: row.voucher_code,
    redeemed_at: row.redeemed_at?.toISOString() ?? null,
  };
}

@QueryHandler(GetLeaderboard)
export class GetLeaderboardHandler implements IQueryHandler<GetLeaderboard> {
  constructor(
    private readonly access: GameAccess,
    private readonly leaderboards: GameLeaderboards,
  ) {}

  async execute({ caller, gameId, board }: GetLeaderboard): Promise<LeaderboardView> {
    return leaderboardViewOf(this.leaderboards, await this.access.reader(caller, gameId), board, null);
  }
}

@QueryHandler(ListBoards)
export class ListBoardsHandler implements IQueryHandler<ListBoards> {
  constructor(
    private readonly access: GameAccess,
    private readonly leaderboards: GameLeaderboards,
  ) {}

  async execute({ caller, gameId }: ListBoards): Promise<LeaderboardBoardsView> {
    const game = await this.access.reader(caller, gameId);
    if (game.terms.leaderboard === null) throw noLeaderboard();
    return { game_id: gameId, boards: await this.leaderboards.boards(gameId) };
  }
}

@QueryHandler(GetVoucher)
export class GetVoucherHandler implements IQueryHandler<GetVoucher> {
  constructor(
    private readonly access: GameAccess,
    private readonly reads: GameReads,
  ) {}

  async execute({ caller, gameId, voucherCode }: GetVoucher): Promise<VoucherView> {
    const game = await this.access.reader(caller, gameId);
    const play = await this.reads.voucher(gameId, voucherCode);
    const prize = game.terms.prizes.find((candidate) => candidate.id === play?.prize_id);
    if (!play?.voucher_code || !prize) throw new DomainError('game_voucher_not_found', 'No voucher with this code in this game.');
    return voucherViewOf(gameId, prize, {
      play_id: play.play_id,
      voucher_code: play.voucher_code,
      won_at: (play.won_at ?? play.played_at).toISOString(),
      redeemed_at: play.redeemed_at?.toISOString() ?? null,
    });
  }
}
