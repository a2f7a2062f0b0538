import { DomainError, MAX_PLAYS_PER_WINDOW, type GameKind, type GameStatus, type GameTerms, type Prize } from '@qr/contracts';
import type { CodeActor } from '../codes';
import type { Decider } from '../decider';
import { can } from '../identity';
import { boardEndsAt, boardStartsAt, drawnPrize, markAnswer, playsInWindow, scoreWins } from './game-draws';
import type { AnswerQuestion, ChangeGame, ClaimPrize, CreateGame, GameCommand, PlayGame, RedeemVoucher, UpdateGame } from './games.commands';
import type { GameEvent, LeaderboardReset } from './games.events';

/** One play as the stream holds it: what it won and, for a quiz, how far it got. */
export interface PlayState {
  play_id: string;
  player: string;
  nickname: string;
  at: string;
  finished: boolean;
  prize_id: string | null;
  unit: number | null;
  score: number | null;
  /** A quiz's question now asked (its index), and when; the count of questions once finished. */
  question: number;
  asked_at: string;
  claimed: boolean;
  voucher_code: string | null;
  card_id: string | null;
  exchange_id: string | null;
  redeemed: boolean;
}

/**
 * What a game's plays are decided on. The maps grow with the crowd, so `evolve` changes the state
 * in place (a live game's state is held in memory by the API's serialiser) and `initialState` hands
 * out a fresh one each time it is read.
 */
export interface GameState {
  status: GameStatus | 'deleted' | null;
  game_id: string;
  org_id: string;
  code_id: string;
  kind: GameKind | null;
  terms: GameTerms | null;
  seed: number;
  board: number;
  board_ends_at: string | null;
  plays: Map<string, PlayState>;
  /** Each player's play times (ms), oldest first: as many as the largest limit counts. */
  players: Map<string, number[]>;
  /** Plays that won each prize, and of those, claimed. */
  won: Map<string, number>;
  vouchers: Map<string, string>;
}

const emptyState = (): GameState => ({
  status: null,
  game_id: '',
  org_id: '',
  code_id: '',
  kind: null,
  terms: null,
  seed: 0,
  board: 1,
  board_ends_at: null,
  plays: new Map(),
  players: new Map(),
  won: new Map(),
  vouchers: new Map(),
});

function record(state: GameState, play: PlayState): void {
  state.plays.set(play.play_id, play);
  const times = state.players.get(play.player) ?? [];
  times.push(Date.parse(play.at));
  if (times.length > MAX_PLAYS_PER_WINDOW) times.shift();
  state.players.set(play.player, times);
}

const addWin = (state: GameState, prizeId: string | null): void => {
  if (prizeId !== null) state.won.set(prizeId, (state.won.get(prizeId) ?? 0) + 1);
};

function evolve(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'GameCreated':
      Object.assign(state, {
        status: 'draft',
        game_id: event.data.game_id,
        org_id: event.data.org_id,
        code_id: event.data.code_id,
        kind: event.data.kind,
        terms: event.data.terms,
        seed: event.data.seed,
        board_ends_at: event.data.board_ends_at,
      });
      break;
    case 'GameUpdated':
      state.terms = event.data.terms;
      state.board_ends_at = event.data.board_ends_at;
      break;
    case 'GameOpened':
      state.status = 'open';
      break;
    case 'GameClosed':
      state.status = 'closed';
      break;
    case 'GameDeleted':
      state.status = 'deleted';
      break;
    case 'LeaderboardReset':
      state.board = event.data.board;
      state.board_ends_at = event.data.ends_at;
      break;
    case 'GamePlayed': {
      const { play_id, player, nickname, prize_id, unit, at } = event.data;
      const quiz = state.kind === 'quiz';
      record(state, {
        play_id,
        player,
        nickname,
        at,
        finished: !quiz,
        prize_id,
        unit,
        score: quiz ? 0 : null,
        question: 0,
        asked_at: at,
        claimed: false,
        voucher_code: null,
        card_id: null,
        exchange_id: null,
        redeemed: false,
      });
      addWin(state, prize_id);
      break;
    }
    case 'QuestionAnswered': {
      const play = state.plays.get(event.data.play_id);
      if (play) Object.assign(play, { question: play.question + 1, asked_at: event.data.at, score: (play.score ?? 0) + event.data.points });
      break;
    }
    case 'QuizFinished': {
      const play = state.plays.get(event.data.play_id);
      if (play) Object.assign(play, { finished: true, score: event.data.score, prize_id: event.data.prize_id, unit: event.data.unit });
      addWin(state, event.data.prize_id);
      break;
    }
    case 'PrizeClaimed': {
      const play = state.plays.get(event.data.play_id);
      if (play) Object.assign(play, { claimed: true, voucher_code: event.data.voucher_code, card_id: event.data.card_id, exchange_id: event.data.exchange_id });
      if (event.data.voucher_code !== null) state.vouchers.set(event.data.voucher_code, event.data.play_id);
      break;
    }
    case 'VoucherRedeemed': {
      const play = state.plays.get(event.data.play_id);
      if (play) play.redeemed = true;
      break;
    }
  }
  return state;
}

/** What a deleted, an unknown and another organisation's game answer alike. */
export const gameNotFound = () => new DomainError('game_not_found', 'No such game.');
export const playNotFound = () => new DomainError('game_play_not_found', 'No such play of yours in this game.');

const mayChange = (actor: CodeActor) => {
  if (!can.write('engagement', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to change games.');
};

function liveGame(state: GameState): GameTerms {
  if (state.status === null || state.status === 'deleted' || state.terms === null) throw gameNotFound();
  return state.terms;
}

/** The scheduled reset a command at `at` finds due: the board whose period holds `at` starts first. */
function dueReset(state: GameState, at: string): LeaderboardReset | null {
  if (state.board_ends_at === null || at < state.board_ends_at || !state.terms) return null;
  const { leaderboard } = state.terms;
  return {
    type: 'LeaderboardReset',
    data: { board: state.board + 1, reason: 'schedule', by: null, starts_at: boardStartsAt(leaderboard, at), ends_at: boardEndsAt(leaderboard, at), at },
  };
}

/** The unit of the prize the play wins: its winners so far, counting those won earlier in this decision. */
const unitOf = (state: GameState, prize: Prize | null): number | null => (prize === null ? null : (state.won.get(prize.id) ?? 0));

function play(command: PlayGame, state: GameState, reset: LeaderboardReset | null): GameEvent[] {
  const terms = liveGame(state);
  const earlier = state.plays.get(command.play_id);
  if (earlier) {
    if (earlier.player !== command.player) throw playNotFound();
    return [];
  }
  if (state.status !== 'open') throw new DomainError('game_not_open', state.status === 'draft' ? 'This game has not opened yet.' : 'This game is closed.');
  if (terms.play_limit) {
    const { used, frees_at } = playsInWindow(terms.play_limit, state.players.get(command.player) ?? [], Date.parse(command.at));
    if (used >= terms.play_limit.plays) {
      const next_at = frees_at === null ? null : new Date(frees_at).toISOString();
      throw new DomainError('game_play_limit', next_at === null ? 'You have played as often as this game allows.' : 'You have no plays left for now.', {
        next_at,
      });
    }
  }
  const prize = state.kind === 'quiz' ? null : drawnPrize(terms, state.won, state.seed, command.draw, command.at);
  const board = reset?.data.board ?? state.board;
  const { play_id, player, nickname, at } = command;
  return [
    {
      type: 'GamePlayed',
      data: { play_id, player, nickname, org_id: state.org_id, code_id: state.code_id, board, prize_id: prize?.id ?? null, unit: unitOf(state, prize), at },
    },
  ];
}

function ownPlay(state: GameState, player: string, playId: string): PlayState {
  const found = state.plays.get(playId);
  if (!found || found.player !== player) throw playNotFound();
  return found;
}

function answer(command: AnswerQuestion, state: GameState, reset: LeaderboardReset | null): GameEvent[] {
  const terms = liveGame(state);
  const current = ownPlay(state, command.player, command.play_id);
  const questions = terms.quiz?.questions ?? [];
  const question = current.finished ? undefined : questions[current.question];
  if (question === undefined || question.id !== command.question_id) {
    throw new DomainError(
      'game_question_not_asked',
      question === undefined ? 'This play has no question left.' : 'That is not the question this play was asked.',
      {
        field: 'body.question_id',
      },
    );
  }
  if (command.answer_id !== null && !question.answers.some((option) => option.id === command.answer_id)) {
    throw new DomainError('game_answer_invalid', 'That is not one of this question’s answers.', { field: 'body.answer_id' });
  }
  const scoring = terms.quiz!.scoring;
  const elapsed_ms = Math.max(0, Date.parse(command.at) - Date.parse(current.asked_at));
  const marked = markAnswer(question, scoring, command.answer_id, elapsed_ms);
  const { play_id, question_id, answer_id, at } = command;
  const answered: GameEvent = { type: 'QuestionAnswered', data: { play_id, question_id, answer_id, ...marked, elapsed_ms, at } };
  if (current.question + 1 < questions.length) return [answered];
  const score = (current.score ?? 0) + marked.points;
  const prize = scoreWins(scoring, terms.quiz!.win_score, score) ? drawnPrize(terms, state.won, state.seed, command.draw, at) : null;
  const board = reset?.data.board ?? state.board;
  return [
    answered,
    {
      type: 'QuizFinished',
      data: { play_id, player: current.player, nickname: current.nickname, board, score, prize_id: prize?.id ?? null, unit: unitOf(state, prize), at },
    },
  ];
}

function claim(command: ClaimPrize, state: GameState): GameEvent[] {
  const terms = liveGame(state);
  const won = ownPlay(state, command.player, command.play_id);
  if (won.claimed) return [];
  const prize = won.prize_id === null ? undefined : terms.prizes.find((candidate) => candidate.id === won.prize_id);
  if (!won.finished || prize === undefined || won.unit === null)
    throw new DomainError('game_prize_not_won', won.finished ? 'This play won nothing.' : 'This quiz has not finished.');
  const { kind } = prize.claim;
  if (kind === 'loyalty_reward' && command.card_id === null) {
    throw new DomainError('validation_failed', 'A loyalty reward goes on your card: give its id.', { field: 'body.card_id' });
  }
  return [
    {
      type: 'PrizeClaimed',
      data: {
        play_id: won.play_id,
        prize_id: prize.id,
        unit: won.unit,
        kind,
        voucher_code: kind === 'voucher' ? command.voucher_code : null,
        card_id: kind === 'loyalty_reward' ? command.card_id : null,
        exchange_id: kind === 'loyalty_reward' ? command.exchange_id : null,
        at: command.at,
      },
    },
  ];
}

function redeem(command: RedeemVoucher, state: GameState): GameEvent[] {
  liveGame(state);
  const playId = state.vouchers.get(command.voucher_code);
  const voucher = playId === undefined ? undefined : state.plays.get(playId);
  if (!voucher) throw new DomainError('game_voucher_not_found', 'No voucher with this code in this game.');
  if (voucher.redeemed) throw new DomainError('game_voucher_redeemed', 'This voucher was redeemed already.');
  return [{ type: 'VoucherRedeemed', data: { play_id: voucher.play_id, voucher_code: command.voucher_code, by: command.actor.id, at: command.at } }];
}

function create(command: CreateGame, state: GameState): GameEvent[] {
  if (state.status !== null) throw new DomainError('wrong_expected_version', 'This game exists already.');
  const { game_id, org_id, code_id, terms, seed, actor, at } = command;
  return [
    {
      type: 'GameCreated',
      data: { game_id, org_id, code_id, kind: terms.kind, terms, seed, board_ends_at: boardEndsAt(terms.leaderboard, at), created_by: actor.id, at },
    },
  ];
}

/** What a played game keeps: its kind, its quiz's questions, and every prize won with at least its winners as stock. */
function update(command: UpdateGame, state: GameState): GameEvent[] {
  const before = liveGame(state);
  const { terms, actor, at } = command;
  if (terms.kind !== state.kind) throw new DomainError('game_has_plays', 'A game’s kind stays as it was created: make a new game.', { field: 'body.kind' });
  if (state.plays.size > 0 && JSON.stringify(terms.quiz?.questions) !== JSON.stringify(before.quiz?.questions)) {
    throw new DomainError('game_has_plays', 'People have played this quiz: its questions stay as they were asked.', { field: 'body.quiz.questions' });
  }
  if (state.plays.size > 0 && before.leaderboard && terms.leaderboard && before.leaderboard.order !== terms.leaderboard.order) {
    throw new DomainError('game_has_plays', 'People have scores on this leaderboard: its order stays until a new game.', { field: 'body.leaderboard.order' });
  }
  for (const [prizeId, winners] of state.won) {
    const kept = terms.prizes.find((prize) => prize.id === prizeId);
    const label = before.prizes.find((prize) => prize.id === prizeId)?.label ?? prizeId;
    if (!kept || kept.stock < winners || kept.claim.kind !== before.prizes.find((prize) => prize.id === prizeId)?.claim.kind) {
      throw new DomainError(
        'game_has_plays',
        `“${label}” has been won ${winners} times: keep it, as the same kind of prize, with a stock of ${winners} or more.`,
        {
          field: 'body.prizes',
        },
      );
    }
  }
  const samePeriod = before.leaderboard?.period === terms.leaderboard?.period && before.leaderboard?.time_zone === terms.leaderboard?.time_zone;
  const board_ends_at = samePeriod ? state.board_ends_at : boardEndsAt(terms.leaderboard, at);
  return [{ type: 'GameUpdated', data: { terms, board_ends_at, updated_by: actor.id, at } }];
}

function change({ action, actor, at }: ChangeGame, state: GameState): GameEvent[] {
  const by = actor.id;
  switch (action) {
    case 'open':
      return state.status === 'open' ? [] : [{ type: 'GameOpened', data: { by, at } }];
    case 'close':
      return state.status === 'open' ? [{ type: 'GameClosed', data: { by, at } }] : [];
    case 'delete':
      return [{ type: 'GameDeleted', data: { by, at } }];
    case 'reset_leaderboard': {
      const { leaderboard } = state.terms!;
      if (leaderboard === null) throw new DomainError('validation_failed', 'This game has no leaderboard to reset.');
      return [{ type: 'LeaderboardReset', data: { board: state.board + 1, reason: 'staff', by, starts_at: at, ends_at: boardEndsAt(leaderboard, at), at } }];
    }
  }
}

function decide(command: GameCommand, state: GameState): GameEvent[] {
  if (command.type === 'CreateGame') {
    mayChange(command.actor);
    return create(command, state);
  }
  liveGame(state);
  // A period's board ends at its time whichever command comes first, the runner's or a player's.
  const reset = dueReset(state, command.at);
  const due = reset ? [reset] : [];
  switch (command.type) {
    case 'RollOverBoard':
      return due;
    case 'PlayGame':
      return [...due, ...play(command, state, reset)];
    case 'AnswerQuestion':
      return [...due, ...answer(command, state, reset)];
    case 'ClaimPrize':
      return claim(command, state);
    case 'RedeemVoucher':
      mayChange(command.actor);
      return redeem(command, state);
    case 'UpdateGame':
      mayChange(command.actor);
      return update(command, state);
    case 'ChangeGame': {
      mayChange(command.actor);
      const changed = change(command, state);
      // A hand reset is the next board itself; any other change lets the due one go first.
      return command.action === 'reset_leaderboard' ? changed : [...due, ...changed];
    }
  }
}

export const gameDecider: Decider<GameCommand, GameEvent, GameState> = {
  get initialState() {
    return emptyState();
  },
  evolve,
  decide,
};
