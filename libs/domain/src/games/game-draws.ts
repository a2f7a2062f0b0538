import {
  ANSWER_GRACE_MS,
  calendarPeriodUnit,
  PLAY_WINDOW_MS,
  QUIZ_POINTS_PER_QUESTION,
  QUIZ_TIME_UNIT_MS,
  type GameTerms,
  type LeaderboardTerms,
  type PlayLimit,
  type Prize,
  type QuizQuestion,
  type QuizScoring,
} from '@qr/contracts';
import { calendarPeriodOf } from '../analytics';

/**
 * The pure arithmetic of a game's draws, limits, scores and boards: the decider asks it with the
 * state it holds and the random number the command brought.
 */

/** A uniform number in [0, 1) from a seed and an index (a 32-bit integer hash, mulberry32's finaliser): the same moment on every load. */
export function unitInterval(seed: number, index: number): number {
  let t = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** How many of `total` winning moments, one in each equal slice of [starts, ends) at its seeded point, have passed at `at`. */
export function releasedMoments(starts: number, ends: number, total: number, seed: number, at: number): number {
  if (total <= 0 || at < starts) return 0;
  if (at >= ends) return total;
  const slot = (ends - starts) / total;
  const index = Math.min(total - 1, Math.floor((at - starts) / slot));
  return index + (at >= starts + (index + unitInterval(seed, index)) * slot ? 1 : 0);
}

const remainingOf = (prize: Prize, won: ReadonlyMap<string, number>): number => prize.stock - (won.get(prize.id) ?? 0);

/** The prize an odds draw lands on: the prizes' chances laid end to end from 0 to 100; a landing on a prize that is gone wins nothing. */
function oddsPrize(prizes: readonly Prize[], won: ReadonlyMap<string, number>, draw: number): Prize | null {
  let upTo = 0;
  for (const prize of prizes) {
    upTo += prize.chance;
    if (draw * 100 < upTo) return remainingOf(prize, won) > 0 ? prize : null;
  }
  return null;
}

/** An instant win's prize: of those left, the one with the most of its stock left, so every prize lasts the campaign. */
function fullestPrize(prizes: readonly Prize[], won: ReadonlyMap<string, number>): Prize | null {
  let best: Prize | null = null;
  let bestShare = 0;
  for (const prize of prizes) {
    const remaining = remainingOf(prize, won);
    if (remaining <= 0) continue;
    const share = remaining / prize.stock;
    if (share > bestShare) [best, bestShare] = [prize, share];
  }
  return best;
}

/** What a play at `at` wins, if anything: never a prize whose stock is gone. */
export function drawnPrize(terms: GameTerms, won: ReadonlyMap<string, number>, seed: number, draw: number, at: string): Prize | null {
  if (terms.draw.mode === 'odds') return oddsPrize(terms.prizes, won, draw);
  const total = terms.prizes.reduce((sum, prize) => sum + prize.stock, 0);
  const given = terms.prizes.reduce((sum, prize) => sum + Math.min(prize.stock, won.get(prize.id) ?? 0), 0);
  const released = releasedMoments(Date.parse(terms.draw.starts_at), Date.parse(terms.draw.ends_at), total, seed, Date.parse(at));
  return released > given ? fullestPrize(terms.prizes, won) : null;
}

/** A player's plays counted by the limit at `at`, and when the oldest of them frees a play (null for a whole-game limit). */
export function playsInWindow(limit: PlayLimit, times: readonly number[], at: number): { used: number; frees_at: number | null } {
  if (limit.per === 'game') return { used: times.length, frees_at: null };
  const from = at - PLAY_WINDOW_MS[limit.per];
  const inside = times.filter((time) => time > from);
  return { used: inside.length, frees_at: inside.length === 0 ? null : inside[Math.max(0, inside.length - limit.plays)]! + PLAY_WINDOW_MS[limit.per] };
}

export interface MarkedAnswer {
  correct: boolean;
  late: boolean;
  points: number;
}

/**
 * An answer's worth, as the server times it. Points: a right answer in time gives half the
 * question's points and the other half shrinking to nothing at its last second. Time: a right
 * answer costs the tenths of a second it took, a wrong or late one the question's whole time.
 */
export function markAnswer(question: QuizQuestion, scoring: QuizScoring, answerId: string | null, elapsedMs: number): MarkedAnswer {
  const allowed = question.seconds * 1000;
  const late = elapsedMs > allowed + ANSWER_GRACE_MS;
  const correct = !late && answerId === question.correct;
  if (scoring === 'time') return { correct, late, points: correct ? Math.ceil(Math.min(elapsedMs, allowed) / QUIZ_TIME_UNIT_MS) : allowed / QUIZ_TIME_UNIT_MS };
  const half = QUIZ_POINTS_PER_QUESTION / 2;
  return { correct, late, points: correct ? half + Math.round(half * Math.max(0, 1 - elapsedMs / allowed)) : 0 };
}

/** Whether a finished quiz's score draws a prize. */
export const scoreWins = (scoring: QuizScoring, winScore: number | null, score: number): boolean =>
  winScore === null || (scoring === 'time' ? score <= winScore : score >= winScore);

/** When a board that starts at `at` is reset by its schedule: the next period's start, or never for an all-time board. */
export function boardEndsAt(leaderboard: LeaderboardTerms | null, at: string): string | null {
  const unit = leaderboard && calendarPeriodUnit(leaderboard.period);
  return unit ? calendarPeriodOf(new Date(at), leaderboard.time_zone, unit).to.toISOString() : null;
}

/** When the board that holds `at` began on the schedule: the start of its period. */
export function boardStartsAt(leaderboard: LeaderboardTerms | null, at: string): string {
  const unit = leaderboard && calendarPeriodUnit(leaderboard.period);
  return unit ? calendarPeriodOf(new Date(at), leaderboard.time_zone, unit).from.toISOString() : at;
}
