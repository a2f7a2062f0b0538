import type { GameKind, GameTerms, PrizeClaimKind } from '@qr/contracts';

/**
 * Everything that happens to a game, on its one stream `game-<id>`: the stream owns the prizes'
 * stock, each player's plays and the leaderboard's board number, so stock, play limits and resets
 * are decided there (DESIGN.md §12). A player is the id part of the token the server signed.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

/** `seed` places the instant-win moments; it stays in the log and is never shown. */
export type GameCreated = Event<
  'GameCreated',
  {
    game_id: string;
    org_id: string;
    code_id: string;
    kind: GameKind;
    terms: GameTerms;
    seed: number;
    board_ends_at: string | null;
    created_by: string;
    at: string;
  }
>;
/** Carries all the terms after the change, and the board's new end when the leaderboard's period changed. */
export type GameUpdated = Event<'GameUpdated', { terms: GameTerms; board_ends_at: string | null; updated_by: string; at: string }>;
export type GameOpened = Event<'GameOpened', { by: string; at: string }>;
export type GameClosed = Event<'GameClosed', { by: string; at: string }>;
export type GameDeleted = Event<'GameDeleted', { by: string; at: string }>;

/**
 * A play, decided before the phone animates anything. A wheel's or scratch card's prize is drawn
 * here; a quiz's is drawn when it finishes. `unit` is the prize's unit won (0 for its first winner),
 * which names the promo campaign's code it gives. Names its organisation and code, so analytics
 * counts plays per code as it counts scans, with no join.
 */
export type GamePlayed = Event<
  'GamePlayed',
  {
    play_id: string;
    player: string;
    nickname: string;
    org_id: string;
    code_id: string;
    board: number;
    prize_id: string | null;
    unit: number | null;
    at: string;
  }
>;
/** `points` is what the answer added (time scoring: the tenths of a second it cost). */
export type QuestionAnswered = Event<
  'QuestionAnswered',
  { play_id: string; question_id: string; answer_id: string | null; correct: boolean; late: boolean; points: number; elapsed_ms: number; at: string }
>;
/** The quiz's last answer: its score on board `board`, and the prize its score drew. */
export type QuizFinished = Event<
  'QuizFinished',
  { play_id: string; player: string; nickname: string; board: number; score: number; prize_id: string | null; unit: number | null; at: string }
>;
/** The winner took the prize: a voucher's code, or the card a loyalty reward goes to with the exchange it makes there. */
export type PrizeClaimed = Event<
  'PrizeClaimed',
  {
    play_id: string;
    prize_id: string;
    unit: number;
    kind: PrizeClaimKind;
    voucher_code: string | null;
    card_id: string | null;
    exchange_id: string | null;
    at: string;
  }
>;
export type VoucherRedeemed = Event<'VoucherRedeemed', { play_id: string; voucher_code: string; by: string; at: string }>;
/** Board `board` starts: by staff's hand, or on the period's schedule at `starts_at`; `ends_at` is the next scheduled reset. */
export type LeaderboardReset = Event<
  'LeaderboardReset',
  { board: number; reason: 'staff' | 'schedule'; by: string | null; starts_at: string; ends_at: string | null; at: string }
>;

export type GameEvent =
  | GameCreated
  | GameUpdated
  | GameOpened
  | GameClosed
  | GameDeleted
  | GamePlayed
  | QuestionAnswered
  | QuizFinished
  | PrizeClaimed
  | VoucherRedeemed
  | LeaderboardReset;

export const gameStreamId = (gameId: string): string => `game-${gameId}`;
