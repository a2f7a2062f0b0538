import {
  AnswerQuestionBody,
  AnswerView,
  ClaimPrizeBody,
  CreateGameBody,
  GameActionPath,
  GameBody,
  GameCallBody,
  GameExportQuery,
  GameListView,
  GamePath,
  GamePlayListView,
  GameView,
  LeaderboardBoardsView,
  LeaderboardCallBody,
  LeaderboardQuery,
  LeaderboardView,
  ListGamesQuery,
  ListPlaysQuery,
  PlayGameBody,
  PlayGameCallBody,
  PlayPath,
  PlayView,
  PrizeClaimView,
  PrizeInventoryView,
  PublicGameQuery,
  PublicGameView,
  UpdateGameBody,
  VoucherPath,
  VoucherView,
} from '@qr/contracts';
import { body, json, type ApiPaths } from '../http/openapi';

/** Games' paths, staff's and players', from the contracts their routes validate with. */
export function registerGamesPaths({ signedIn, open }: ApiPaths): void {
  const staff = signedIn('games', '/api/v1/games');
  staff(
    'post',
    '',
    'Create a game on a code of the organisation: a wheel, a scratch card or a quiz, with prizes and their stock; a draft until opened (owner, admin, editor). ' +
      '400 game_prize_invalid for a campaign, programme or reward the organisation does not have',
    { 201: json('Created', GameView) },
    { body: body(CreateGameBody) },
  );
  staff(
    'post',
    '/game',
    'The spec’s game call: `httpMethod` `POST` creates a game, `UPDATE` replaces a game’s terms',
    { 200: json('Created or changed', GameView) },
    { body: body(GameCallBody) },
  );
  staff(
    'get',
    '',
    'The organisation’s games, of one code when `code_id` is given, newest first',
    { 200: json('Listed', GameListView) },
    { query: ListGamesQuery },
  );
  staff('get', '/{game_id}', 'A game with its status, counts, current board and each prize’s stock', { 200: json('Found', GameView) }, { params: GamePath });
  staff(
    'put',
    '/{game_id}',
    'Replace the game’s terms; 409 game_has_plays when the kind, a played quiz’s questions or a won prize would change',
    { 200: json('Changed', GameView) },
    { params: GamePath, body: body(UpdateGameBody) },
  );
  staff('delete', '/{game_id}', 'Delete the game: its players’ page answers 404 from then on', { 204: { description: 'Deleted' } }, { params: GamePath });
  staff(
    'post',
    '/{game_id}/{action}',
    'Open or close the game (owner, admin, editor); an action that changes nothing answers the game as it is',
    { 200: json('Changed', GameView) },
    { params: GameActionPath },
  );
  staff(
    'get',
    '/{game_id}/prize-inventory',
    'Each prize’s stock, plays that won it and winners that claimed it',
    { 200: json('Found', PrizeInventoryView) },
    { params: GamePath },
  );
  staff(
    'post',
    '/prize-inventory',
    'The spec’s prize inventory call: the same read with the game in the body',
    { 200: json('Found', PrizeInventoryView) },
    { body: body(GameBody) },
    { readsOnly: true },
  );
  staff(
    'get',
    '/{game_id}/plays',
    'The game’s plays, newest first, or only its winners (latest win first); a player as a short keyed hash',
    { 200: json('Listed', GamePlayListView) },
    { params: GamePath, query: ListPlaysQuery },
  );
  staff(
    'get',
    '/{game_id}/export',
    'The game’s plays (or only its winners) as CSV, the body base64 and streamed, saved as `<game name>_<YYYY-MM-DD>.csv`; `x-row-count` says how many rows',
    { 200: { description: 'The CSV, base64', content: { 'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } } } } },
    { params: GamePath, query: GameExportQuery },
  );
  staff(
    'get',
    '/{game_id}/leaderboard',
    'A board of the quiz’s leaderboard, the current one unless `board` names a past one: the best entries, ties to whoever scored first',
    { 200: json('Found', LeaderboardView) },
    { params: GamePath, query: LeaderboardQuery.omit({ player_token: true }) },
  );
  staff(
    'get',
    '/{game_id}/leaderboard/boards',
    'Every board of the leaderboard, newest first',
    { 200: json('Listed', LeaderboardBoardsView) },
    { params: GamePath },
  );
  staff(
    'post',
    '/{game_id}/leaderboard/reset',
    'Reset the leaderboard by hand: the current board ends and stays readable, the next starts empty (owner, admin, editor); answers the new board',
    { 200: json('Reset', LeaderboardView) },
    { params: GamePath },
  );
  staff(
    'post',
    '/reset-leaderboard',
    'The spec’s reset leaderboard call: the same reset with the game in the body',
    { 200: json('Reset', LeaderboardView) },
    { body: body(GameBody) },
  );
  staff('get', '/{game_id}/vouchers/{voucher_code}', 'A voucher a winner shows at the counter', { 200: json('Found', VoucherView) }, { params: VoucherPath });
  staff(
    'post',
    '/{game_id}/vouchers/{voucher_code}/redeem',
    'Redeem a voucher at the counter; 409 game_voucher_redeemed the second time',
    { 200: json('Redeemed', VoucherView) },
    { params: VoucherPath },
  );

  const players = open('games', '/api/v1/public/games', [400, 404, 409, 500]);
  players(
    'get',
    '/{game_id}',
    'What the players’ page shows, in the organisation’s brand: the game, the plays left and the player’s latest plays; a new `player_token` when none or a forged one is sent',
    { 200: json('Found', PublicGameView) },
    { params: GamePath, query: PublicGameQuery },
  );
  players(
    'post',
    '/{game_id}/plays',
    'Play: the server draws the outcome before the phone animates it; a repeated `play_id` answers the same play. ' +
      '409 game_not_open, 409 game_play_limit (with `next_at`); 400 player_token_invalid for a token the server did not sign for this game',
    { 200: json('Played', PlayView) },
    { params: GamePath, body: body(PlayGameBody) },
  );
  players(
    'post',
    '/play-game',
    'The spec’s play game call: the same play with the game in the body',
    { 200: json('Played', PlayView) },
    { body: body(PlayGameCallBody) },
  );
  players(
    'post',
    '/{game_id}/plays/{play_id}/answers',
    'Answer the quiz’s question now asked, timed by the server from when it asked it; 409 game_question_not_asked for another question',
    { 200: json('Marked', AnswerView) },
    { params: PlayPath, body: body(AnswerQuestionBody) },
  );
  players(
    'post',
    '/{game_id}/plays/{play_id}/claim',
    'Claim what the play won: a voucher with its code, a promo code, or a loyalty reward on the card; a repeat answers the same. 409 game_prize_not_won',
    { 200: json('Claimed', PrizeClaimView) },
    { params: PlayPath, body: body(ClaimPrizeBody) },
  );
  players(
    'get',
    '/{game_id}/leaderboard',
    'A board of the leaderboard with the player’s own entry and rank when `player_token` is sent',
    { 200: json('Found', LeaderboardView) },
    { params: GamePath, query: LeaderboardQuery },
  );
  players(
    'post',
    '/game-leaderboard',
    'The spec’s game leaderboard call: the same read with the game in the body',
    { 200: json('Found', LeaderboardView) },
    { body: body(LeaderboardCallBody) },
    { readsOnly: true },
  );
}
