import { GameTerms, type Prize } from '@qr/contracts';
import type { CodeActor } from '../codes';
import { deciderSpec } from '../testing/decider-spec';
import { releasedMoments } from './game-draws';
import { gameDecider } from './game.decider';
import type { GameCommand } from './games.commands';
import type { GameEvent } from './games.events';

const given = deciderSpec(gameDecider);
const editor: CodeActor = { id: 'ed@example.com', role: 'editor' };
const viewer: CodeActor = { id: 'vi@example.com', role: 'viewer' };
const GAME = '0b7a4c9e-3f1d-4e2a-9c8b-7d6e5f4a3b2c';
const ORG = '5c0f5a4e-1d2b-4c3a-8e9f-0a1b2c3d4e5f';
const PLAY = 'c1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a5b';
const OTHER_PLAY = 'd2b3c4d5-e6f7-4081-9bac-1d2e3f4a5b6c';
const AT = '2026-12-07T12:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(AT) + ms).toISOString();

const mug: Prize = { id: 'mug', label: 'A mug', stock: 2, chance: 50, claim: { kind: 'voucher', text: 'One mug' } };
const points: Prize = {
  id: 'points',
  label: 'A free coffee',
  stock: 1,
  chance: 10,
  claim: { kind: 'loyalty_reward', programme_id: '7e6d5c4b-3a29-4817-8695-a4b3c2d1e0f9', reward_id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b' },
};
const wheel = GameTerms.parse({ name: 'Spin', kind: 'wheel', prizes: [mug, points], play_limit: { plays: 2, per: 'day' } });
const quiz = GameTerms.parse({
  name: 'Quiz',
  kind: 'quiz',
  prizes: [mug],
  quiz: {
    questions: [
      {
        id: 'q1',
        text: 'Two and two?',
        answers: [
          { id: 'a', label: '4' },
          { id: 'b', label: '5' },
        ],
        correct: 'a',
        seconds: 10,
      },
      {
        id: 'q2',
        text: 'Sky?',
        answers: [
          { id: 'a', label: 'Blue' },
          { id: 'b', label: 'Green' },
        ],
        correct: 'a',
        seconds: 10,
      },
    ],
    win_score: 1500,
  },
  leaderboard: { period: 'day' },
});

const created = (terms: GameTerms = wheel, boardEndsAt: string | null = null): GameEvent => ({
  type: 'GameCreated',
  data: { game_id: GAME, org_id: ORG, code_id: 'code1', kind: terms.kind, terms, seed: 7, board_ends_at: boardEndsAt, created_by: editor.id, at: AT },
});
const opened: GameEvent = { type: 'GameOpened', data: { by: editor.id, at: AT } };
const play = (changes: Partial<Extract<GameCommand, { type: 'PlayGame' }>> = {}): GameCommand => ({
  type: 'PlayGame',
  player: 'p1',
  play_id: PLAY,
  nickname: 'Ada',
  draw: 0.1,
  at: AT,
  ...changes,
});
const played = (changes: Partial<Extract<GameEvent, { type: 'GamePlayed' }>['data']> = {}): GameEvent => ({
  type: 'GamePlayed',
  data: { play_id: PLAY, player: 'p1', nickname: 'Ada', org_id: ORG, code_id: 'code1', board: 1, prize_id: 'mug', unit: 0, at: AT, ...changes },
});
const answer = (question_id: string, answer_id: string | null, at: string, player = 'p1'): GameCommand => ({
  type: 'AnswerQuestion',
  player,
  play_id: PLAY,
  question_id,
  answer_id,
  draw: 0.1,
  at,
});
const claim = (changes: Partial<Extract<GameCommand, { type: 'ClaimPrize' }>> = {}): GameCommand => ({
  type: 'ClaimPrize',
  player: 'p1',
  play_id: PLAY,
  voucher_code: 'ABCDEFGH23',
  exchange_id: 'e1d2c3b4-a596-4877-9685-a4b3c2d1e0f9',
  card_id: null,
  at: AT,
  ...changes,
});

describe('the game decider', () => {
  it('lets editors create a game, never viewers', () => {
    const create: GameCommand = { type: 'CreateGame', actor: editor, at: AT, game_id: GAME, org_id: ORG, code_id: 'code1', terms: wheel, seed: 7 };
    given([]).when(create).then([created()]);
    given([])
      .when({ ...create, actor: viewer })
      .then('forbidden');
    given([created()]).when(create).then('wrong_expected_version');
  });

  it('draws a wheel’s prize by the odds and records it with the prize’s unit', () => {
    given([created(), opened])
      .when(play({ draw: 0.1 }))
      .then([played()]);
    given([created(), opened])
      .when(play({ draw: 0.55 }))
      .then([played({ prize_id: 'points', unit: 0 })]);
    given([created(), opened])
      .when(play({ draw: 0.7 }))
      .then([played({ prize_id: null, unit: null })]);
  });

  it('never gives a prize whose stock is gone', () => {
    const twoWon = [
      created(),
      opened,
      played({ player: 'p2', play_id: OTHER_PLAY }),
      played({ player: 'p3', play_id: 'e3c4d5e6-f7a8-4192-acbd-2e3f4a5b6c7d', unit: 1 }),
    ];
    given(twoWon)
      .when(play({ draw: 0.1 }))
      .then([played({ prize_id: null, unit: null })]);
  });

  it('answers a replayed play with nothing new, and refuses another player’s play id', () => {
    given([created(), opened, played()])
      .when(play({ draw: 0.9 }))
      .then([]);
    given([created(), opened, played()])
      .when(play({ player: 'p2' }))
      .then('game_play_not_found');
  });

  it('refuses plays past the limit in the rolling window, and lets one in once the window has passed', () => {
    const twice = [created(), opened, played(), played({ play_id: OTHER_PLAY, prize_id: null, unit: null, at: later(60_000) })];
    given(twice)
      .when(play({ play_id: 'f4d5e6f7-a8b9-42a3-bdce-3f4a5b6c7d8e', at: later(120_000) }))
      .then('game_play_limit');
    given(twice)
      .when(play({ play_id: 'f4d5e6f7-a8b9-42a3-bdce-3f4a5b6c7d8e', at: later(86_400_001), draw: 0.9 }))
      .then([played({ play_id: 'f4d5e6f7-a8b9-42a3-bdce-3f4a5b6c7d8e', prize_id: null, unit: null, at: later(86_400_001) })]);
  });

  it('refuses plays on a draft, a closed and a deleted game', () => {
    given([created()]).when(play()).then('game_not_open');
    given([created(), opened, { type: 'GameClosed', data: { by: editor.id, at: AT } }])
      .when(play())
      .then('game_not_open');
    given([created(), opened, { type: 'GameDeleted', data: { by: editor.id, at: AT } }])
      .when(play())
      .then('game_not_found');
    given([]).when(play()).then('game_not_found');
  });

  it('spreads an instant win’s stock over the campaign: one moment in each slice', () => {
    const starts = Date.parse(AT);
    const hour = 3_600_000;
    expect(releasedMoments(starts, starts + 10 * hour, 10, 7, starts - 1)).toBe(0);
    expect(releasedMoments(starts, starts + 10 * hour, 10, 7, starts + 5 * hour)).toBeGreaterThanOrEqual(5);
    expect(releasedMoments(starts, starts + 10 * hour, 10, 7, starts + 5 * hour)).toBeLessThanOrEqual(6);
    expect(releasedMoments(starts, starts + 10 * hour, 10, 7, starts + 10 * hour)).toBe(10);
    const instant = GameTerms.parse({ ...wheel, draw: { mode: 'instant_win', starts_at: later(3_600_000), ends_at: later(7_200_000) } });
    given([created(instant), opened])
      .when(play())
      .then([played({ prize_id: null, unit: null })]);
    given([created(instant), opened])
      .when(play({ at: later(7_200_000) }))
      .then([played({ prize_id: 'mug', unit: 0, at: later(7_200_000) })]);
  });

  it('asks a quiz’s questions in turn, scores them on the server and draws the prize at the end', () => {
    const started = [created(quiz, '2026-12-08T00:00:00.000Z'), opened, played({ prize_id: null, unit: null })];
    given(started)
      .when(answer('q1', 'a', later(2_000)))
      .then([
        {
          type: 'QuestionAnswered',
          data: { play_id: PLAY, question_id: 'q1', answer_id: 'a', correct: true, late: false, points: 900, elapsed_ms: 2_000, at: later(2_000) },
        },
      ]);
    const firstAnswered: GameEvent = {
      type: 'QuestionAnswered',
      data: { play_id: PLAY, question_id: 'q1', answer_id: 'a', correct: true, late: false, points: 900, elapsed_ms: 2_000, at: later(2_000) },
    };
    given([...started, firstAnswered])
      .when(answer('q2', 'a', later(7_000)))
      .then([
        {
          type: 'QuestionAnswered',
          data: { play_id: PLAY, question_id: 'q2', answer_id: 'a', correct: true, late: false, points: 750, elapsed_ms: 5_000, at: later(7_000) },
        },
        { type: 'QuizFinished', data: { play_id: PLAY, player: 'p1', nickname: 'Ada', board: 1, score: 1650, prize_id: 'mug', unit: 0, at: later(7_000) } },
      ]);
  });

  it('refuses answers to questions not asked, answers the question does not have, and counts a late answer as none', () => {
    const started = [created(quiz), opened, played({ prize_id: null, unit: null })];
    given(started)
      .when(answer('q2', 'a', later(1_000)))
      .then('game_question_not_asked');
    given(started)
      .when(answer('q1', 'z', later(1_000)))
      .then('game_answer_invalid');
    given(started)
      .when(answer('q1', 'a', later(12_001)))
      .then([
        {
          type: 'QuestionAnswered',
          data: { play_id: PLAY, question_id: 'q1', answer_id: 'a', correct: false, late: true, points: 0, elapsed_ms: 12_001, at: later(12_001) },
        },
      ]);
    given(started)
      .when(answer('q1', 'a', later(1_000), 'p2'))
      .then('game_play_not_found');
  });

  it('starts the next board when a period board’s time is up, before the play that finds it due', () => {
    const history = [created(quiz, '2026-12-08T00:00:00.000Z'), opened];
    const next = '2026-12-08T09:00:00.000Z';
    given(history)
      .when(play({ at: next }))
      .then([
        {
          type: 'LeaderboardReset',
          data: { board: 2, reason: 'schedule', by: null, starts_at: '2026-12-08T00:00:00.000Z', ends_at: '2026-12-09T00:00:00.000Z', at: next },
        },
        played({ board: 2, prize_id: null, unit: null, at: next }),
      ]);
    given(history).when({ type: 'RollOverBoard', at: AT }).then([]);
    given(history)
      .when({ type: 'ChangeGame', action: 'reset_leaderboard', actor: editor, at: AT })
      .then([{ type: 'LeaderboardReset', data: { board: 2, reason: 'staff', by: editor.id, starts_at: AT, ends_at: '2026-12-08T00:00:00.000Z', at: AT } }]);
  });

  it('claims a prize once, with a card for a loyalty reward, and never a play that won nothing', () => {
    const won = [created(), opened, played()];
    const claimed: GameEvent = {
      type: 'PrizeClaimed',
      data: { play_id: PLAY, prize_id: 'mug', unit: 0, kind: 'voucher', voucher_code: 'ABCDEFGH23', card_id: null, exchange_id: null, at: AT },
    };
    given(won).when(claim()).then([claimed]);
    given([...won, claimed])
      .when(claim({ voucher_code: 'ZZZZZZZZZZ' }))
      .then([]);
    given([created(), opened, played({ prize_id: null, unit: null })])
      .when(claim())
      .then('game_prize_not_won');
    given([created(), opened, played({ prize_id: 'points' })])
      .when(claim())
      .then('validation_failed');
    given([...won, claimed])
      .when({ type: 'RedeemVoucher', actor: editor, voucher_code: 'ABCDEFGH23', at: AT })
      .then([{ type: 'VoucherRedeemed', data: { play_id: PLAY, voucher_code: 'ABCDEFGH23', by: editor.id, at: AT } }]);
    given([...won, claimed, { type: 'VoucherRedeemed', data: { play_id: PLAY, voucher_code: 'ABCDEFGH23', by: editor.id, at: AT } }])
      .when({ type: 'RedeemVoucher', actor: editor, voucher_code: 'ABCDEFGH23', at: AT })
      .then('game_voucher_redeemed');
    given(won).when({ type: 'RedeemVoucher', actor: editor, voucher_code: 'NOPE234567', at: AT }).then('game_voucher_not_found');
  });

  it('keeps a played game’s kind, questions and won prizes', () => {
    const won = [created(), opened, played()];
    given(won)
      .when({ type: 'UpdateGame', actor: editor, at: AT, terms: { ...wheel, prizes: [points] } })
      .then('game_has_plays');
    given(won)
      .when({ type: 'UpdateGame', actor: editor, at: AT, terms: { ...wheel, prizes: [{ ...mug, stock: 0 }, points] } })
      .then('game_has_plays');
    given(won)
      .when({ type: 'UpdateGame', actor: editor, at: AT, terms: { ...wheel, prizes: [{ ...mug, stock: 5 }, points] } })
      .then([
        { type: 'GameUpdated', data: { terms: { ...wheel, prizes: [{ ...mug, stock: 5 }, points] }, board_ends_at: null, updated_by: editor.id, at: AT } },
      ]);
    given([created(quiz), opened, played({ prize_id: null, unit: null })])
      .when({ type: 'UpdateGame', actor: editor, at: AT, terms: { ...quiz, quiz: { ...quiz.quiz!, questions: quiz.quiz!.questions.slice(0, 1) } } })
      .then('game_has_plays');
  });
});
