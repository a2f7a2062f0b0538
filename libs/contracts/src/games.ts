import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';
import { TimeZone } from './identity';
import { CardId, ProgrammeId, RewardId } from './loyalty';
import { matchingUnicode, orNull } from './openapi-shapes';
import { PromoCampaignId } from './promos';
import { PublicOrganization } from './public-codes';

/**
 * Games, the engagement context's games (spec §1 "games with leaderboards", §7 "game, play game, game
 * leaderboard and reset leaderboard", "prize inventory"): a spin-the-wheel, a scratch card or a quiz
 * on a QR code, with prizes and their stock, odds or an instant-win schedule, play limits, and a
 * leaderboard of the quiz's best scores. Every outcome is drawn by the server on the game's stream
 * and recorded before the phone animates it.
 */

export const GAME_KINDS = ['wheel', 'scratch', 'quiz'] as const;
export const GameKind = z.enum(GAME_KINDS).meta({ id: 'GameKind' });
export type GameKind = z.infer<typeof GameKind>;

/** `draft` until staff first open it; a closed game may be opened again. */
export const GameStatus = z.enum(['draft', 'open', 'closed']).meta({ id: 'GameStatus' });
export type GameStatus = z.infer<typeof GameStatus>;

export const MAX_GAME_NAME = 120;
/** Prizes one game has: a wheel's segments are its prizes and as many "no win" segments. */
export const MAX_GAME_PRIZES = 12;
export const MAX_PRIZE_STOCK = 1_000_000;
export const MAX_PRIZE_LABEL = 80;
export const MAX_VOUCHER_TEXT = 300;
export const MAX_QUIZ_QUESTIONS = 50;
export const MIN_QUIZ_ANSWERS = 2;
export const MAX_QUIZ_ANSWERS = 6;
export const MAX_QUESTION_TEXT = 300;
export const MIN_QUESTION_SECONDS = 5;
export const MAX_QUESTION_SECONDS = 120;
/** Points scoring: a right answer gives half of this at once and the other half shrinking with the time taken. */
export const QUIZ_POINTS_PER_QUESTION = 1000;
/** Time scoring counts in tenths of a second, and a wrong or late answer costs the question's whole time. */
export const QUIZ_TIME_UNIT_MS = 100;
/**
 * The highest score any quiz can make (50 questions of 1,000 points, or of 120 s in tenths): the
 * leaderboard's rank index covers scores from 0 to this.
 */
export const MAX_GAME_SCORE = 65_535;
/** Time an answer may take beyond the question's time to cross the network before it counts as late. */
export const ANSWER_GRACE_MS = 2_000;
/** Most plays a limit allows one player in its window. */
export const MAX_PLAYS_PER_WINDOW = 1_000;
export const MAX_NICKNAME = 30;
/** Entries a leaderboard read lists: the best this many, and the reader's own rank beside them. */
export const LEADERBOARD_TOP = 100;

export const GameId = z.uuid({ error: 'A game id is a UUID.' }).meta({ id: 'GameId' });
export const PlayId = z.uuid({ error: 'A play id is a UUID the phone draws for each play.' }).meta({ id: 'PlayId' });

const ShortId = (what: string) =>
  z.string().regex(/^[a-z0-9_-]{1,36}$/, { error: `A${/^[aeiou]/.test(what) ? 'n' : ''} ${what} id is 1 to 36 lower-case letters, digits, - or _.` });
export const PrizeId = ShortId('prize').meta({ id: 'PrizeId', description: 'Stable while the game lives: plays name it.' });
export const QuestionId = ShortId('question').meta({ id: 'QuestionId' });
export const AnswerId = ShortId('answer').meta({ id: 'AnswerId' });

/** What a winner gets when claiming: a voucher shown at the counter with its own QR, a promo code, or a loyalty reward on their card. */
export const PrizeClaim = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('voucher'),
      text: z.string().trim().min(1, { error: 'Say what the counter hands over.' }).max(MAX_VOUCHER_TEXT),
    }),
    z.strictObject({
      kind: z.literal('promo_code'),
      campaign_id: PromoCampaignId.meta({ description: 'A promo campaign of the organisation: its shared code, or the next of its unique codes.' }),
    }),
    z.strictObject({
      kind: z.literal('loyalty_reward'),
      programme_id: ProgrammeId,
      reward_id: RewardId.meta({ description: 'A reward of the programme, given to the winner’s card with no points spent.' }),
    }),
  ])
  .meta({ id: 'PrizeClaim' });
export type PrizeClaim = z.infer<typeof PrizeClaim>;
export type PrizeClaimKind = PrizeClaim['kind'];

export const Prize = z
  .strictObject({
    id: PrizeId,
    label: z.string().trim().min(1, { error: 'Give the prize a name.' }).max(MAX_PRIZE_LABEL),
    stock: z
      .number({ error: 'Stock is a whole number.' })
      .int({ error: 'Stock is a whole number.' })
      .min(0, { error: 'Stock is at least 0.' })
      .max(MAX_PRIZE_STOCK, { error: `Stock is at most ${MAX_PRIZE_STOCK.toLocaleString('en')}.` }),
    chance: z
      .number({ error: 'A chance is a percentage.' })
      .min(0, { error: 'A chance is at least 0 %.' })
      .max(100, { error: 'A chance is at most 100 %.' })
      .default(0)
      .meta({ description: 'Odds draws: the percentage of plays that win this prize while it lasts. Instant-win draws ignore it.' }),
    claim: PrizeClaim,
  })
  .meta({ id: 'Prize' });
export type Prize = z.infer<typeof Prize>;

const IsoInstant = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-24T18:00:00Z.' });

/**
 * How plays win. `odds`: each play draws against the prizes' chances. `instant_win`: the stock is
 * spread over the campaign as winning moments, one in each equal slice of [starts_at, ends_at) at a
 * point the server drew; the first play after a moment wins it, so early players do not take everything.
 */
export const GameDraw = z
  .discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('odds') }),
    z
      .strictObject({ mode: z.literal('instant_win'), starts_at: IsoInstant, ends_at: IsoInstant })
      .refine(({ starts_at, ends_at }) => Date.parse(ends_at) > Date.parse(starts_at), { error: 'The campaign ends after it starts.', path: ['ends_at'] }),
  ])
  .meta({ id: 'GameDraw' });
export type GameDraw = z.infer<typeof GameDraw>;

/** `hour`, `day` and `week` are rolling windows back from each play; `game` counts every play ever. */
export const PlayWindow = z.enum(['hour', 'day', 'week', 'game']).meta({ id: 'PlayWindow' });
export type PlayWindow = z.infer<typeof PlayWindow>;
export const PLAY_WINDOW_MS: Record<Exclude<PlayWindow, 'game'>, number> = { hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

export const PlayLimit = z
  .strictObject({
    plays: z
      .number({ error: 'A limit is a whole number of plays.' })
      .int({ error: 'A limit is a whole number of plays.' })
      .min(1, { error: 'A limit is at least 1 play.' })
      .max(MAX_PLAYS_PER_WINDOW, { error: `A limit is at most ${MAX_PLAYS_PER_WINDOW} plays.` }),
    per: PlayWindow,
  })
  .meta({ id: 'PlayLimit' });
export type PlayLimit = z.infer<typeof PlayLimit>;

export const QuizAnswer = z
  .strictObject({
    id: AnswerId,
    label: z
      .string()
      .trim()
      .min(1, { error: 'Give the answer a text.' })
      .max(MAX_PRIZE_LABEL * 2),
  })
  .meta({ id: 'QuizAnswer' });
export type QuizAnswer = z.infer<typeof QuizAnswer>;

export const QuizQuestion = z
  .strictObject({
    id: QuestionId,
    text: z.string().trim().min(1, { error: 'Ask a question.' }).max(MAX_QUESTION_TEXT),
    answers: z
      .array(QuizAnswer)
      .min(MIN_QUIZ_ANSWERS, { error: `A question has ${MIN_QUIZ_ANSWERS} answers or more.` })
      .max(MAX_QUIZ_ANSWERS, { error: `A question has at most ${MAX_QUIZ_ANSWERS} answers.` }),
    correct: AnswerId.meta({ description: 'The right answer’s id: never shown to players.' }),
    seconds: z
      .number()
      .int()
      .min(MIN_QUESTION_SECONDS, { error: `Give at least ${MIN_QUESTION_SECONDS} seconds.` })
      .max(MAX_QUESTION_SECONDS, { error: `Give at most ${MAX_QUESTION_SECONDS} seconds.` }),
  })
  .superRefine((question, context) => {
    const ids = new Set(question.answers.map((answer) => answer.id));
    if (ids.size < question.answers.length) context.addIssue({ code: 'custom', path: ['answers'], message: 'Two answers share an id.' });
    if (!ids.has(question.correct)) context.addIssue({ code: 'custom', path: ['correct'], message: 'The right answer is one of the question’s answers.' });
  })
  .meta({ id: 'QuizQuestion' });
export type QuizQuestion = z.infer<typeof QuizQuestion>;

/** `points`: higher is better; `time`: tenths of a second taken, wrong and late answers costing the question's whole time, lower is better. */
export const QuizScoring = z.enum(['points', 'time']).meta({ id: 'QuizScoring' });
export type QuizScoring = z.infer<typeof QuizScoring>;

export const QuizTerms = z
  .strictObject({
    questions: z
      .array(QuizQuestion)
      .min(1, { error: 'A quiz asks one question or more.' })
      .max(MAX_QUIZ_QUESTIONS, { error: `A quiz asks at most ${MAX_QUIZ_QUESTIONS} questions.` })
      .refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, { error: 'Two questions share an id.' }),
    scoring: QuizScoring.default('points'),
    win_score: orNull(z.number().int().min(0).max(MAX_GAME_SCORE))
      .default(null)
      .meta({ description: 'The score a finished quiz needs (at least, or at most with time scoring) to draw a prize; null: every finished quiz draws.' }),
  })
  .meta({ id: 'QuizTerms' });
export type QuizTerms = z.infer<typeof QuizTerms>;

/** `all_time` boards end only when staff reset them; the others also end at each day's, ISO week's or month's start in `time_zone`. */
export const LeaderboardPeriod = z.enum(['all_time', 'day', 'week', 'month']).meta({ id: 'LeaderboardPeriod' });
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriod>;
/** The calendar unit a period board is reset on; null for an all-time board. */
export const calendarPeriodUnit = (period: LeaderboardPeriod): 'day' | 'week' | 'month' | null => (period === 'all_time' ? null : period);
export const LeaderboardOrder = z
  .enum(['desc', 'asc'])
  .meta({ id: 'LeaderboardOrder', description: '`desc`: the highest score leads; `asc`: the lowest. Ties go to whoever scored first.' });
export type LeaderboardOrder = z.infer<typeof LeaderboardOrder>;

export const LeaderboardTerms = z
  .strictObject({ order: LeaderboardOrder.default('desc'), period: LeaderboardPeriod.default('all_time'), time_zone: TimeZone.default('UTC') })
  .meta({ id: 'LeaderboardTerms' });
export type LeaderboardTerms = z.infer<typeof LeaderboardTerms>;

const GameTermsShape = z.strictObject({
  name: z.string().trim().min(1, { error: 'Give the game a name.' }).max(MAX_GAME_NAME),
  kind: GameKind,
  prizes: z
    .array(Prize)
    .max(MAX_GAME_PRIZES, { error: `A game has at most ${MAX_GAME_PRIZES} prizes.` })
    .default([]),
  draw: GameDraw.default({ mode: 'odds' }),
  play_limit: orNull(PlayLimit).default(null).meta({ description: 'Plays one player may make in the window; null: no limit.' }),
  quiz: orNull(QuizTerms).default(null).meta({ description: 'A quiz’s questions; null for the wheel and the scratch card.' }),
  leaderboard: orNull(LeaderboardTerms).default(null).meta({ description: 'Quizzes only: the board of each player’s best score.' }),
});

/** What the kind asks of the rest, said on the field. */
function checkGame(terms: z.infer<typeof GameTermsShape>, context: z.RefinementCtx): void {
  const ids = new Set(terms.prizes.map((prize) => prize.id));
  if (ids.size < terms.prizes.length) context.addIssue({ code: 'custom', path: ['prizes'], message: 'Two prizes share an id.' });
  if (terms.kind === 'quiz') {
    if (terms.quiz === null) context.addIssue({ code: 'custom', path: ['quiz'], message: 'A quiz needs its questions.' });
  } else {
    if (terms.quiz !== null) context.addIssue({ code: 'custom', path: ['quiz'], message: 'Only a quiz has questions.' });
    if (terms.leaderboard !== null) context.addIssue({ code: 'custom', path: ['leaderboard'], message: 'Only a quiz has scores to rank.' });
    if (terms.prizes.length === 0) context.addIssue({ code: 'custom', path: ['prizes'], message: 'A wheel or a scratch card needs a prize to win.' });
  }
  if (terms.draw.mode === 'odds') {
    const total = terms.prizes.reduce((sum, prize) => sum + prize.chance, 0);
    if (total > 100 + 1e-9) context.addIssue({ code: 'custom', path: ['prizes'], message: `The prizes’ chances add up to ${total} %: at most 100 %.` });
  }
}

/** What staff write about a game; kept whole in its events, so a read model overwrites rather than merges. */
export const GameTerms = GameTermsShape.superRefine(checkGame).meta({ id: 'GameTerms' });
export type GameTerms = z.infer<typeof GameTerms>;

export const CreateGameBody = GameTermsShape.extend({ org_id: z.uuid(), code_id: CodeId }).superRefine(checkGame).meta({ id: 'CreateGameBody' });
export type CreateGameBody = z.infer<typeof CreateGameBody>;

export const UpdateGameBody = GameTerms.meta({
  id: 'UpdateGameBody',
  description: 'The kind stays; a prize that has been won stays with at least its winners as stock; a quiz’s questions stay once played.',
});
export type UpdateGameBody = z.infer<typeof UpdateGameBody>;

/** The spec's one game call: `httpMethod` POST creates, UPDATE changes a game. */
export const GameCallBody = z
  .discriminatedUnion('httpMethod', [
    GameTermsShape.extend({ httpMethod: z.literal('POST'), org_id: z.uuid(), code_id: CodeId }).superRefine(checkGame),
    GameTermsShape.extend({ httpMethod: z.literal('UPDATE'), game_id: GameId }).superRefine(checkGame),
  ])
  .meta({ id: 'GameCallBody' });
export type GameCallBody = z.infer<typeof GameCallBody>;

export const GamePath = z.strictObject({ game_id: GameId });
export type GamePath = z.infer<typeof GamePath>;
export const GAME_ACTIONS = ['open', 'close'] as const;
export const GameActionPath = z.strictObject({ game_id: GameId, action: z.enum(GAME_ACTIONS) });
export type GameActionPath = z.infer<typeof GameActionPath>;
export const GameBody = z.strictObject({ game_id: GameId }).meta({ id: 'GameBody' });
export type GameBody = z.infer<typeof GameBody>;

export const ListGamesQuery = paginatedQuery({ org_id: z.uuid(), code_id: CodeId.optional() }).meta({ id: 'ListGamesQuery' });
export type ListGamesQuery = z.infer<typeof ListGamesQuery>;

/** A prize's stock as it stands: `won` counts plays that won it, `claimed` those whose winner took it. */
export const PrizeStockView = z
  .object({
    prize_id: PrizeId,
    label: z.string(),
    kind: z.enum(['voucher', 'promo_code', 'loyalty_reward']),
    stock: z.number().int(),
    won: z.number().int(),
    claimed: z.number().int(),
    remaining: z.number().int(),
  })
  .meta({ id: 'PrizeStock' });
export type PrizeStockView = z.infer<typeof PrizeStockView>;

export const PrizeInventoryView = z.object({ game_id: GameId, prizes: z.array(PrizeStockView) }).meta({ id: 'PrizeInventory' });
export type PrizeInventoryView = z.infer<typeof PrizeInventoryView>;

export const GameView = GameTermsShape.extend({
  game_id: GameId,
  org_id: z.uuid(),
  code_id: CodeId,
  status: GameStatus,
  plays: z.number().int(),
  players: z.number().int(),
  winners: z.number().int(),
  board: z.number().int().meta({ description: 'The leaderboard now being played for; counts from 1, a reset starts the next.' }),
  board_ends_at: orNull(z.iso.datetime()).meta({ description: 'When a period board is reset on its schedule.' }),
  stock: z.array(PrizeStockView),
  player_url: z.string().meta({ description: 'The players’ page, `/game/{game_id}`, relative to the site.' }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
}).meta({ id: 'Game' });
export type GameView = z.infer<typeof GameView>;

export const GameListView = paginatedList(GameView).meta({ id: 'GameList' });
export type GameListView = z.infer<typeof GameListView>;

/**
 * A player is known by a token the server signs and the phone keeps (localStorage), as a voter is:
 * the game's stream counts plays per token.
 */
export const PlayerToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,64}$/, { error: 'This player token is not one the server gave.' })
  .meta({ id: 'PlayerToken' });
export const playerTokenStorageKey = (gameId: string): string => `${gameId}_player`;

const Nickname = matchingUnicode(
  z
    .string()
    .trim()
    .max(MAX_NICKNAME, { error: `A nickname has at most ${MAX_NICKNAME} characters.` }),
  /^[^<>\p{C}]*$/u,
  'A nickname has letters, digits, spaces and punctuation only.',
);

/** A question as a player sees it: no right answer. */
export const PublicQuestion = z
  .object({
    id: QuestionId,
    number: z.number().int().meta({ description: 'Counts from 1.' }),
    of: z.number().int().meta({ description: 'Questions in the quiz.' }),
    text: z.string(),
    answers: z.array(QuizAnswer),
    seconds: z.number().int(),
    asked_at: z.iso.datetime().meta({ description: 'When the server asked it: the time to answer counts from here.' }),
  })
  .meta({ id: 'PublicQuestion' });
export type PublicQuestion = z.infer<typeof PublicQuestion>;

export const PublicPrize = z
  .object({
    id: PrizeId,
    label: z.string(),
    kind: z.enum(['voucher', 'promo_code', 'loyalty_reward']),
    programme_id: orNull(ProgrammeId).meta({ description: 'A loyalty reward’s programme: the phone sends the card it keeps for it.' }),
  })
  .meta({ id: 'PublicPrize' });
export type PublicPrize = z.infer<typeof PublicPrize>;

/** A play as its player sees it: for a quiz in progress, the question now asked. */
export const PlayView = z
  .object({
    play_id: PlayId,
    game_id: GameId,
    played_at: z.iso.datetime(),
    finished: z.boolean().meta({ description: 'False while a quiz has questions left.' }),
    prize: orNull(PublicPrize).meta({ description: 'What the play won, drawn by the server before any animation; null for no win (or a quiz not finished).' }),
    score: orNull(z.number().int()).meta({ description: 'A quiz’s score so far, as the server computed it.' }),
    question: orNull(PublicQuestion),
    claimed: z.boolean(),
  })
  .meta({ id: 'Play' });
export type PlayView = z.infer<typeof PlayView>;

export const PlaysLeftView = z
  .object({
    left: orNull(z.number().int()).meta({ description: 'Plays left in the window; null for no limit.' }),
    next_at: orNull(z.iso.datetime()).meta({ description: 'When a rolling window frees the next play, if none is left.' }),
  })
  .meta({ id: 'PlaysLeft' });
export type PlaysLeftView = z.infer<typeof PlaysLeftView>;

/** What the players' page shows: the game, the player's plays and prizes, in the organisation's brand. */
export const PublicGameView = z
  .object({
    game_id: GameId,
    code_id: CodeId,
    name: z.string(),
    kind: GameKind,
    status: GameStatus,
    prizes: z.array(PublicPrize).meta({ description: 'The wheel’s prize segments, in order.' }),
    questions: z.number().int().meta({ description: 'A quiz’s number of questions; 0 otherwise.' }),
    leaderboard: orNull(LeaderboardTerms),
    player_token: PlayerToken.meta({ description: 'The token sent, or a new one to keep when none (or a forged one) was sent.' }),
    plays_left: PlaysLeftView,
    my_plays: z.array(PlayView).meta({ description: 'This player’s latest plays, newest first: a reload shows the same outcome.' }),
    owner: PublicOrganization,
  })
  .meta({ id: 'PublicGame' });
export type PublicGameView = z.infer<typeof PublicGameView>;

export const PublicGameQuery = z.strictObject({ player_token: PlayerToken.optional() }).meta({ id: 'PublicGameQuery' });
export type PublicGameQuery = z.infer<typeof PublicGameQuery>;

/** A play as the phone asks for it. No score, no outcome: the server draws both. A repeat of `play_id` answers the same play. */
export const PlayGameBody = z
  .strictObject({ player_token: PlayerToken, play_id: PlayId, nickname: Nickname.default('').meta({ description: 'Shown on the leaderboard.' }) })
  .meta({ id: 'PlayGameBody' });
export type PlayGameBody = z.infer<typeof PlayGameBody>;
/** The spec's "play game": the same play with the game in the body. */
export const PlayGameCallBody = PlayGameBody.extend({ game_id: GameId }).meta({ id: 'PlayGameCallBody' });
export type PlayGameCallBody = z.infer<typeof PlayGameCallBody>;

export const PlayPath = z.strictObject({ game_id: GameId, play_id: PlayId });
export type PlayPath = z.infer<typeof PlayPath>;

/** An answer to the question now asked; `answer_id` null when its time ran out on the phone. */
export const AnswerQuestionBody = z
  .strictObject({ player_token: PlayerToken, question_id: QuestionId, answer_id: orNull(AnswerId) })
  .meta({ id: 'AnswerQuestionBody' });
export type AnswerQuestionBody = z.infer<typeof AnswerQuestionBody>;

export const AnswerView = z
  .object({
    correct: z.boolean(),
    late: z.boolean().meta({ description: 'Answered after the question’s time (and the grace for the network): no points.' }),
    points: z.number().int().meta({ description: 'What the answer added to the score (time scoring: the tenths of a second it cost).' }),
    play: PlayView,
  })
  .meta({ id: 'Answer' });
export type AnswerView = z.infer<typeof AnswerView>;

/** A loyalty prize needs the winner's card (the `{product}_card_id` the phone keeps). */
export const ClaimPrizeBody = z.strictObject({ player_token: PlayerToken, card_id: CardId.optional() }).meta({ id: 'ClaimPrizeBody' });
export type ClaimPrizeBody = z.infer<typeof ClaimPrizeBody>;

export const VoucherView = z
  .object({
    game_id: GameId,
    play_id: PlayId,
    voucher_code: z.string(),
    prize: PublicPrize,
    text: z.string(),
    won_at: z.iso.datetime(),
    redeemed_at: orNull(z.iso.datetime()),
    redeem_url: z.string().meta({ description: 'The staff’s page that redeems it, `/admin/games/{game_id}/vouchers/{voucher_code}`: the voucher’s QR.' }),
  })
  .meta({ id: 'Voucher' });
export type VoucherView = z.infer<typeof VoucherView>;

export const PrizeClaimView = z
  .object({
    play_id: PlayId,
    prize: PublicPrize,
    voucher: orNull(VoucherView),
    promo_code: orNull(z.string()).meta({ description: 'The promo code to type at the till or the shop.' }),
    loyalty: orNull(z.object({ programme_id: ProgrammeId, card_id: CardId, exchange_id: z.uuid() })).meta({
      description: 'The reward now on the card, as an exchange the card shows.',
    }),
  })
  .meta({ id: 'ClaimedPrize' });
export type PrizeClaimView = z.infer<typeof PrizeClaimView>;

export const VoucherPath = z.strictObject({
  game_id: GameId,
  voucher_code: z.string().regex(/^[A-Z0-9]{10}$/, { error: 'A voucher code is 10 letters and digits.' }),
});
export type VoucherPath = z.infer<typeof VoucherPath>;
/** Vouchers avoid letters that read as digits, as promo codes do. */
export const VOUCHER_CHARSET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const LeaderboardEntry = z
  .object({
    rank: z.number().int(),
    nickname: z.string(),
    score: z.number().int(),
    achieved_at: z.iso.datetime(),
    me: z.boolean(),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

export const LeaderboardBoard = z
  .object({
    board: z.number().int(),
    started_at: z.iso.datetime(),
    ended_at: orNull(z.iso.datetime()),
    reason: orNull(z.enum(['staff', 'schedule'])).meta({ description: 'What ended it; null while it is played for.' }),
    players: z.number().int(),
  })
  .meta({ id: 'LeaderboardBoard' });
export type LeaderboardBoard = z.infer<typeof LeaderboardBoard>;

export const LeaderboardView = z
  .object({
    game_id: GameId,
    order: LeaderboardOrder,
    board: LeaderboardBoard,
    top: z.array(LeaderboardEntry).meta({ description: `The best ${LEADERBOARD_TOP}, ties to whoever scored first.` }),
    me: orNull(LeaderboardEntry).meta({ description: 'The reader’s own entry and rank, wherever it is; null for staff or a player with no score.' }),
  })
  .meta({ id: 'Leaderboard' });
export type LeaderboardView = z.infer<typeof LeaderboardView>;

export const LeaderboardQuery = z
  .strictObject({
    board: z.coerce.number().int().min(1).optional().meta({ description: 'A past board by number; the current one when absent.' }),
    player_token: PlayerToken.optional(),
  })
  .meta({ id: 'LeaderboardQuery' });
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;
/** The spec's "game leaderboard": the same read with the game in the body. */
export const LeaderboardCallBody = z
  .strictObject({ game_id: GameId, board: z.number().int().min(1).optional(), player_token: PlayerToken.optional() })
  .meta({ id: 'LeaderboardCallBody' });
export type LeaderboardCallBody = z.infer<typeof LeaderboardCallBody>;

export const LeaderboardBoardsView = z.object({ game_id: GameId, boards: z.array(LeaderboardBoard) }).meta({ id: 'LeaderboardBoards' });
export type LeaderboardBoardsView = z.infer<typeof LeaderboardBoardsView>;

/** A row of the staff's plays list: the player is a short keyed hash, the same in every row of theirs. */
export const GamePlayRow = z
  .object({
    play_id: PlayId,
    player: z.string(),
    nickname: z.string(),
    played_at: z.iso.datetime(),
    finished: z.boolean(),
    score: orNull(z.number().int()),
    prize: orNull(PublicPrize),
    claimed_at: orNull(z.iso.datetime()),
    voucher_code: orNull(z.string()),
    redeemed_at: orNull(z.iso.datetime()),
  })
  .meta({ id: 'GamePlayRow' });
export type GamePlayRow = z.infer<typeof GamePlayRow>;

export const ListPlaysQuery = paginatedQuery({ winners: z.enum(['true', 'false']).optional().meta({ description: '`true`: only plays that won.' }) }).meta({
  id: 'ListPlaysQuery',
});
export type ListPlaysQuery = z.infer<typeof ListPlaysQuery>;
export const GamePlayListView = paginatedList(GamePlayRow).meta({ id: 'GamePlayList' });
export type GamePlayListView = z.infer<typeof GamePlayListView>;

export const GameExportQuery = z.strictObject({ winners: z.enum(['true', 'false']).default('false') }).meta({ id: 'GameExportQuery' });
export type GameExportQuery = z.infer<typeof GameExportQuery>;
export const GAME_PLAYS_CSV_COLUMNS = [
  'play_id',
  'player',
  'nickname',
  'played_at',
  'finished',
  'score',
  'prize',
  'claimed_at',
  'voucher_code',
  'redeemed_at',
] as const;

export const gamePlayerPath = (gameId: string): string => `/game/${gameId}`;
export const voucherRedeemPath = (gameId: string, voucherCode: string): string => `/admin/games/${gameId}/vouchers/${voucherCode}`;
