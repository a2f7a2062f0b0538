import {
  GameListView,
  GamePlayListView,
  GameView,
  LeaderboardBoardsView,
  LeaderboardView,
  PrizeInventoryView,
  VoucherView,
  type CreateGameBody,
  type UpdateGameBody,
} from '@qr/contracts';
import { call, NoContent } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';

/** The staff's view of plays: every play, or only the winners. */
export type PlaysFilter = 'all' | 'winners';

export const gameKeys = {
  all: ['games'] as const,
  list: (orgId: string, page: number) => [...gameKeys.all, 'list', orgId, page] as const,
  game: (gameId: string) => [...gameKeys.all, 'game', gameId] as const,
  inventory: (gameId: string) => [...gameKeys.game(gameId), 'inventory'] as const,
  plays: (gameId: string, filter: PlaysFilter, page: number) => [...gameKeys.game(gameId), 'plays', filter, page] as const,
  leaderboard: (gameId: string, board: number | null) => [...gameKeys.game(gameId), 'leaderboard', board] as const,
  boards: (gameId: string) => [...gameKeys.game(gameId), 'boards'] as const,
  voucher: (gameId: string, voucherCode: string) => [...gameKeys.game(gameId), 'voucher', voucherCode] as const,
};

export const GAMES_PAGE_SIZE = 20;
export const GAME_PLAYS_PAGE_SIZE = 25;

const games = '/api/v1/games';
const gamePath = (gameId: string) => `${games}/${encodeURIComponent(gameId)}`;
const voucherPath = (gameId: string, voucherCode: string) => `${gamePath(gameId)}/vouchers/${encodeURIComponent(voucherCode)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const winnersOf = (filter: PlaysFilter) => (filter === 'winners' ? 'true' : 'false');

export const gamesApi = {
  list: (orgId: string, page: number) =>
    call(GameListView, `${games}?${new URLSearchParams({ org_id: orgId, page: String(page), pageSize: String(GAMES_PAGE_SIZE) })}`),
  get: (gameId: string) => call(GameView, gamePath(gameId)),
  create: (body: CreateGameBody) => call(GameView, games, json('POST', body)),
  update: (gameId: string, body: UpdateGameBody) => call(GameView, gamePath(gameId), json('PUT', body)),
  remove: (gameId: string) => call(NoContent, gamePath(gameId), { method: 'DELETE' }),
  act: (gameId: string, action: 'open' | 'close') => call(GameView, `${gamePath(gameId)}/${action}`, { method: 'POST' }),
  inventory: (gameId: string) => call(PrizeInventoryView, `${gamePath(gameId)}/prize-inventory`),
  plays: (gameId: string, filter: PlaysFilter, page: number) =>
    call(
      GamePlayListView,
      `${gamePath(gameId)}/plays?${new URLSearchParams({ winners: winnersOf(filter), page: String(page), pageSize: String(GAME_PLAYS_PAGE_SIZE) })}`,
    ),
  /** The current board without `board`, a past one by its number. */
  leaderboard: (gameId: string, board: number | null) =>
    call(LeaderboardView, `${gamePath(gameId)}/leaderboard${board === null ? '' : `?${new URLSearchParams({ board: String(board) })}`}`),
  boards: (gameId: string) => call(LeaderboardBoardsView, `${gamePath(gameId)}/leaderboard/boards`),
  resetLeaderboard: (gameId: string) => call(LeaderboardView, `${gamePath(gameId)}/leaderboard/reset`, { method: 'POST' }),
  voucher: (gameId: string, voucherCode: string) => call(VoucherView, voucherPath(gameId, voucherCode)),
  redeem: (gameId: string, voucherCode: string) => call(VoucherView, `${voucherPath(gameId, voucherCode)}/redeem`, { method: 'POST' }),
  /** The export needs the bearer token, so it is fetched as a blob rather than linked. */
  exportFile: async (gameId: string, filter: PlaysFilter): Promise<Blob> => {
    const response = await apiFetch(`${gamePath(gameId)}/export?${new URLSearchParams({ winners: winnersOf(filter) })}`);
    if (!response.ok) throw await problem(response);
    return response.blob();
  },
};
