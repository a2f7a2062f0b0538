import type { GameTerms } from '@qr/contracts';
import type { CodeActor } from '../codes';

/** `game_id` and `seed` are drawn by the handler, which has checked the code and the prizes' campaigns, programmes and rewards. */
export interface CreateGame {
  type: 'CreateGame';
  actor: CodeActor;
  at: string;
  game_id: string;
  org_id: string;
  code_id: string;
  terms: GameTerms;
  seed: number;
}

export interface UpdateGame {
  type: 'UpdateGame';
  actor: CodeActor;
  at: string;
  terms: GameTerms;
}

/** Staff's switches and the hand reset of the leaderboard; open and close are no-ops when the game is already so. */
export interface ChangeGame {
  type: 'ChangeGame';
  actor: CodeActor;
  at: string;
  action: 'open' | 'close' | 'delete' | 'reset_leaderboard';
}

/** The schedule runner's turn: starts the next board when the current one's period has ended, else nothing. */
export interface RollOverBoard {
  type: 'RollOverBoard';
  at: string;
}

/** `draw` is a uniform number in [0, 1) the handler drew: the decider stays pure and the event records what it gave. */
export interface PlayGame {
  type: 'PlayGame';
  player: string;
  play_id: string;
  nickname: string;
  draw: number;
  at: string;
}

export interface AnswerQuestion {
  type: 'AnswerQuestion';
  player: string;
  play_id: string;
  question_id: string;
  answer_id: string | null;
  /** For the prize the quiz's last answer draws. */
  draw: number;
  at: string;
}

/** `voucher_code` and `exchange_id` are drawn by the handler; a repeated claim keeps the first ones. */
export interface ClaimPrize {
  type: 'ClaimPrize';
  player: string;
  play_id: string;
  voucher_code: string;
  exchange_id: string;
  card_id: string | null;
  at: string;
}

export interface RedeemVoucher {
  type: 'RedeemVoucher';
  actor: CodeActor;
  voucher_code: string;
  at: string;
}

export type GameCommand = CreateGame | UpdateGame | ChangeGame | RollOverBoard | PlayGame | AnswerQuestion | ClaimPrize | RedeemVoucher;
