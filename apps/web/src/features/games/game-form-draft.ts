import {
  PlayWindow,
  type GameKind,
  type GameView,
  type LeaderboardOrder,
  type LeaderboardPeriod,
  type Prize,
  type PrizeClaimKind,
  type QuizAnswer,
  type QuizScoring,
} from '@qr/contracts';
import { browserTimeZone, instantOf, localOf } from '../promos';

/**
 * What the game form holds while staff type: numbers as the inputs give them (a string while half
 * typed), each prize's three kinds of claim side by side so switching kind loses nothing typed. It
 * becomes the contract's body only on submit, so what the contract refuses is said by it.
 */
export interface PrizeDraft {
  id: string;
  label: string;
  stock: number | string;
  chance: number | string;
  claim: PrizeClaimKind;
  voucher_text: string;
  campaign_id: string;
  programme_id: string;
  reward_id: string;
}

export interface QuestionDraft {
  id: string;
  text: string;
  answers: QuizAnswer[];
  correct: string;
  seconds: number | string;
}

export type DrawMode = 'odds' | 'instant_win';
export type LimitChoice = PlayWindow | 'none';

export interface GameDraft {
  name: string;
  kind: GameKind;
  prizes: PrizeDraft[];
  draw: DrawMode;
  /** `datetime-local` values, in the browser's time. */
  starts_at: string;
  ends_at: string;
  limit_per: LimitChoice;
  limit_plays: number | string;
  questions: QuestionDraft[];
  scoring: QuizScoring;
  win_score: number | string;
  leaderboard: boolean;
  order: LeaderboardOrder;
  period: LeaderboardPeriod;
  time_zone: string;
}

/** Ids the server keeps: plays name a prize by its id and answers a question by its own, so relabelling keeps them. */
const newId = (): string => crypto.randomUUID();

export const newPrize = (): PrizeDraft => ({
  id: newId(),
  label: '',
  stock: 10,
  chance: 10,
  claim: 'voucher',
  voucher_text: '',
  campaign_id: '',
  programme_id: '',
  reward_id: '',
});

export const newAnswer = (): QuizAnswer => ({ id: newId(), label: '' });

export function newQuestion(): QuestionDraft {
  const answers = [newAnswer(), newAnswer()];
  return { id: newId(), text: '', answers, correct: answers[0]!.id, seconds: 20 };
}

export const emptyGame = (): GameDraft => ({
  name: '',
  kind: 'wheel',
  prizes: [newPrize()],
  draw: 'odds',
  starts_at: '',
  ends_at: '',
  limit_per: 'day',
  limit_plays: 1,
  questions: [newQuestion()],
  scoring: 'points',
  win_score: '',
  leaderboard: false,
  order: 'desc',
  period: 'all_time',
  time_zone: browserTimeZone(),
});

/** An empty number input is missing, so the contract's default applies or its message names the field. */
const numberOf = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

function claimOf(prize: PrizeDraft): unknown {
  if (prize.claim === 'voucher') return { kind: 'voucher', text: prize.voucher_text };
  if (prize.claim === 'promo_code') return { kind: 'promo_code', campaign_id: prize.campaign_id };
  return { kind: 'loyalty_reward', programme_id: prize.programme_id, reward_id: prize.reward_id };
}

/**
 * The draft as GameTerms' input. Only what the kind and the draw use is sent: a wheel sends no
 * questions, an instant-win draw no chances (it ignores them), whatever the form still holds.
 */
export function termsOf(draft: GameDraft): Record<string, unknown> {
  const quiz = draft.kind === 'quiz';
  return {
    name: draft.name,
    kind: draft.kind,
    prizes: draft.prizes.map((prize) => ({
      id: prize.id,
      label: prize.label,
      stock: numberOf(prize.stock),
      chance: draft.draw === 'odds' ? numberOf(prize.chance) : 0,
      claim: claimOf(prize),
    })),
    draw: draft.draw === 'odds' ? { mode: 'odds' } : { mode: 'instant_win', starts_at: instantOf(draft.starts_at), ends_at: instantOf(draft.ends_at) },
    play_limit: draft.limit_per === 'none' ? null : { plays: numberOf(draft.limit_plays), per: draft.limit_per },
    quiz: quiz
      ? {
          questions: draft.questions.map((question) => ({ ...question, seconds: numberOf(question.seconds) })),
          scoring: draft.scoring,
          win_score: draft.win_score === '' ? null : Number(draft.win_score),
        }
      : null,
    leaderboard: quiz && draft.leaderboard ? { order: draft.order, period: draft.period, time_zone: draft.time_zone } : null,
  };
}

function prizeDraftOf(prize: Prize): PrizeDraft {
  const { claim } = prize;
  return {
    ...newPrize(),
    id: prize.id,
    label: prize.label,
    stock: prize.stock,
    chance: prize.chance,
    claim: claim.kind,
    voucher_text: claim.kind === 'voucher' ? claim.text : '',
    campaign_id: claim.kind === 'promo_code' ? claim.campaign_id : '',
    programme_id: claim.kind === 'loyalty_reward' ? claim.programme_id : '',
    reward_id: claim.kind === 'loyalty_reward' ? claim.reward_id : '',
  };
}

/** A saved game, back in the form's shape for editing. */
export function draftOf(game: GameView): GameDraft {
  const empty = emptyGame();
  return {
    ...empty,
    name: game.name,
    kind: game.kind,
    prizes: game.prizes.map(prizeDraftOf),
    draw: game.draw.mode,
    starts_at: game.draw.mode === 'instant_win' ? localOf(game.draw.starts_at) : '',
    ends_at: game.draw.mode === 'instant_win' ? localOf(game.draw.ends_at) : '',
    limit_per: game.play_limit?.per ?? 'none',
    limit_plays: game.play_limit?.plays ?? 1,
    questions: game.quiz ? game.quiz.questions : empty.questions,
    scoring: game.quiz?.scoring ?? 'points',
    win_score: game.quiz?.win_score ?? '',
    leaderboard: game.leaderboard !== null,
    order: game.leaderboard?.order ?? 'desc',
    period: game.leaderboard?.period ?? 'all_time',
    time_zone: game.leaderboard?.time_zone ?? empty.time_zone,
  };
}

/** A select's value as one of the choices it was given, so no cast stands between an input and the draft. */
export const oneOf = <Choice extends string>(choices: readonly Choice[], value: string): Choice | undefined => choices.find((choice) => choice === value);

/** A select's options out of a choice's labels, in the labels' order. */
export const optionsOf = <Choice extends string>(labels: Record<Choice, string>) => Object.entries<string>(labels).map(([value, label]) => ({ value, label }));

export const KIND_LABELS: Record<GameKind, string> = { wheel: 'Spin the wheel', scratch: 'Scratch card', quiz: 'Quiz' };

export const CLAIM_KINDS: readonly PrizeClaimKind[] = ['voucher', 'promo_code', 'loyalty_reward'];
export const CLAIM_LABELS: Record<PrizeClaimKind, string> = {
  voucher: 'A voucher shown at the counter',
  promo_code: 'A promo code',
  loyalty_reward: 'A loyalty reward',
};

export const LIMIT_CHOICES: readonly LimitChoice[] = ['none', ...PlayWindow.options];
export const LIMIT_LABELS: Record<LimitChoice, string> = {
  none: 'No limit',
  hour: 'Per hour',
  day: 'Per day',
  week: 'Per week',
  game: 'For the whole game',
};

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all_time: 'Only when you reset it',
  day: 'Each day',
  week: 'Each week',
  month: 'Each month',
};
