import {
  gamePlayerPath,
  voucherRedeemPath,
  type GameTerms,
  type GameView,
  type PlayView,
  type Prize,
  type PrizeStockView,
  type PublicPrize,
  type PublicQuestion,
  type VoucherView,
} from '@qr/contracts';
import type { PlayState } from '@qr/domain';
import type { GameRow, PlayRow, StockRow } from './game-reads';

/** A prize as players see it: no stock, no odds, no claim's details. */
export const prizeView = (prize: Prize): PublicPrize => ({
  id: prize.id,
  label: prize.label,
  kind: prize.claim.kind,
  programme_id: prize.claim.kind === 'loyalty_reward' ? prize.claim.programme_id : null,
});

/** The prize of the terms a play names, as players see it, or null for none (or a prize no longer in the terms). */
export function publicPrizeOf(terms: GameTerms, prizeId: string | null): PublicPrize | null {
  const prize = prizeId === null ? undefined : terms.prizes.find((candidate) => candidate.id === prizeId);
  return prize ? prizeView(prize) : null;
}

/** Every prize of the terms with its counts: a prize nobody has won yet has none. */
export function stockOf(terms: GameTerms, counts: readonly StockRow[]): PrizeStockView[] {
  return terms.prizes.map((prize) => {
    const counted = counts.find((row) => row.prize_id === prize.id);
    const won = counted?.won ?? 0;
    return {
      prize_id: prize.id,
      label: prize.label,
      kind: prize.claim.kind,
      stock: prize.stock,
      won,
      claimed: counted?.claimed ?? 0,
      remaining: prize.stock - won,
    };
  });
}

export function gameViewOf(row: GameRow, counts: readonly StockRow[]): GameView {
  return {
    ...row.terms,
    game_id: row.game_id,
    org_id: row.org_id,
    code_id: row.code_id,
    status: row.status === 'deleted' ? 'closed' : row.status,
    plays: row.plays,
    players: row.players,
    winners: row.winners,
    board: row.board,
    board_ends_at: row.board_ends_at?.toISOString() ?? null,
    stock: stockOf(
      row.terms,
      counts.filter((count) => count.game_id === row.game_id),
    ),
    player_url: gamePlayerPath(row.game_id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What a play view needs, from the stream's state (a decision's answer) or the read model's row alike. */
export interface PlayFacts {
  play_id: string;
  played_at: string;
  finished: boolean;
  prize_id: string | null;
  score: number | null;
  /** The index of the question now asked. */
  question: number;
  asked_at: string;
  claimed: boolean;
}

export const factsOfState = (play: PlayState): PlayFacts => ({ ...play, played_at: play.at });

export const factsOfRow = (row: PlayRow): PlayFacts => ({
  ...row,
  played_at: row.played_at.toISOString(),
  question: row.answered,
  asked_at: row.asked_at.toISOString(),
  claimed: row.claimed_at !== null,
});

/** The quiz's question now asked, without its right answer; null once finished or for a wheel or scratch card. */
function questionOf(terms: GameTerms, play: PlayFacts): PublicQuestion | null {
  const questions = terms.quiz?.questions ?? [];
  const question = play.finished ? undefined : questions[play.question];
  if (!question) return null;
  const { id, text, answers, seconds } = question;
  return { id, number: play.question + 1, of: questions.length, text, answers, seconds, asked_at: play.asked_at };
}

export function playViewOf(gameId: string, terms: GameTerms, play: PlayFacts): PlayView {
  return {
    play_id: play.play_id,
    game_id: gameId,
    played_at: play.played_at,
    finished: play.finished,
    prize: play.finished ? publicPrizeOf(terms, play.prize_id) : null,
    score: play.score,
    question: questionOf(terms, play),
    claimed: play.claimed,
  };
}

/** A voucher's view: the prize it was won as, and what the voucher's play holds. */
export function voucherViewOf(
  gameId: string,
  prize: Prize,
  play: { play_id: string; voucher_code: string; won_at: string; redeemed_at: string | null },
): VoucherView {
  return {
    game_id: gameId,
    play_id: play.play_id,
    voucher_code: play.voucher_code,
    prize: prizeView(prize),
    text: prize.claim.kind === 'voucher' ? prize.claim.text : '',
    won_at: play.won_at,
    redeemed_at: play.redeemed_at,
    redeem_url: voucherRedeemPath(gameId, play.voucher_code),
  };
}
