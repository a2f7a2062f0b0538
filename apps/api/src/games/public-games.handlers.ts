import { randomInt, randomUUID } from 'node:crypto';
import { Command, CommandHandler, Query, QueryBus, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  VOUCHER_CHARSET,
  type AnswerQuestionBody,
  type AnswerView,
  type ClaimPrizeBody,
  type LeaderboardView,
  type PlayGameBody,
  type PlayLimit,
  type PlaysLeftView,
  type PlayView,
  type PrizeClaimView,
  type PublicGameView,
} from '@qr/contracts';
import { gameNotFound, playsInWindow, type PlayState } from '@qr/domain';
import { GetPublicOrganization } from '../identity';
import { GameDecisions, type GameDecision } from './game-decisions';
import { GameLeaderboards } from './game-leaderboards';
import { GamePrizeClaims } from './game-prize-claims';
import { GameReads, type GameRow } from './game-reads';
import { factsOfRow, factsOfState, playViewOf, prizeView, voucherViewOf } from './game-views';
import { leaderboardViewOf } from './games.queries';
import { PlayerTokens } from './player-tokens';

/** What the players' page shows; a token the server did not sign for this game is replaced by a new one. */
export class GetPublicGame extends Query<PublicGameView> {
  constructor(
    readonly gameId: string,
    readonly playerToken: string | undefined,
  ) {
    super();
  }
}

export class PlayGameCommand extends Command<PlayView> {
  constructor(
    readonly gameId: string,
    readonly body: PlayGameBody,
  ) {
    super();
  }
}

export class AnswerQuestionCommand extends Command<AnswerView> {
  constructor(
    readonly gameId: string,
    readonly playId: string,
    readonly body: AnswerQuestionBody,
  ) {
    super();
  }
}

export class ClaimPrizeCommand extends Command<PrizeClaimView> {
  constructor(
    readonly gameId: string,
    readonly playId: string,
    readonly body: ClaimPrizeBody,
  ) {
    super();
  }
}

/** A player's read of a board, with their own entry. */
export class GetPublicLeaderboard extends Query<LeaderboardView> {
  constructor(
    readonly gameId: string,
    readonly board: number | undefined,
    readonly playerToken: string | undefined,
  ) {
    super();
  }
}

/** Plays the players' page lists: enough for a reload to show the same outcome and the latest prizes. */
const MY_PLAYS = 10;
const VOUCHER_LENGTH = 10;
/** Draws are uniform over this many steps of [0, 1): a power of two within randomInt's range (below 2^48). */
const DRAW_STEPS = 2 ** 47;

const drawn = (): number => randomInt(DRAW_STEPS) / DRAW_STEPS;
const voucherCode = (): string => Array.from({ length: VOUCHER_LENGTH }, () => VOUCHER_CHARSET[randomInt(VOUCHER_CHARSET.length)]).join('');

/** A live game: a deleted and an unknown one answer alike. */
async function liveGame(reads: GameReads, gameId: string): Promise<GameRow> {
  const game = await reads.game(gameId);
  if (!game || game.status === 'deleted') throw gameNotFound();
  return game;
}

/** The game and the player its token names; a token is bound to its game, so an unknown game answers 404 before a bad token 400. */
async function playerIn(reads: GameReads, tokens: PlayerTokens, gameId: string, token: string): Promise<{ game: GameRow; player: string }> {
  const game = await liveGame(reads, gameId);
  const player = await tokens.visitorOf(gameId, token);
  if (player === null) {
    throw new DomainError('player_token_invalid', 'This player token is not one the server gave for this game: reload the page.', {
      field: 'body.player_token',
    });
  }
  return { game, player };
}

/** The play a player's command touched, as the stream holds it right after. */
function playOf(decision: GameDecision): PlayState {
  const { play } = decision.answer;
  if (play === null) throw new Error('A play decided without the play to answer with');
  return play;
}

/**
 * A play, decided on the game's serialised stream before the phone animates anything: the server
 * draws the outcome. A repeat of the play id answers the same play and appends nothing.
 */
@CommandHandler(PlayGameCommand)
export class PlayGameHandler implements ICommandHandler<PlayGameCommand> {
  constructor(
    private readonly tokens: PlayerTokens,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
  ) {}

  async execute({ gameId, body }: PlayGameCommand): Promise<PlayView> {
    const { game, player } = await playerIn(this.reads, this.tokens, gameId, body.player_token);
    const decision = await this.decisions.decide(gameId, {
      type: 'PlayGame',
      player,
      play_id: body.play_id,
      nickname: body.nickname,
      draw: drawn(),
      at: new Date().toISOString(),
    });
    return playViewOf(gameId, game.terms, factsOfState(playOf(decision)));
  }
}

/** An answer timed by the server: the question's clock started when the server asked it. */
@CommandHandler(AnswerQuestionCommand)
export class AnswerQuestionHandler implements ICommandHandler<AnswerQuestionCommand> {
  constructor(
    private readonly tokens: PlayerTokens,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
  ) {}

  async execute({ gameId, playId, body }: AnswerQuestionCommand): Promise<AnswerView> {
    const { game, player } = await playerIn(this.reads, this.tokens, gameId, body.player_token);
    const decision = await this.decisions.decide(gameId, {
      type: 'AnswerQuestion',
      player,
      play_id: playId,
      question_id: body.question_id,
      answer_id: body.answer_id,
      draw: drawn(),
      at: new Date().toISOString(),
    });
    const answered = decision.events.find((event) => event.type === 'QuestionAnswered');
    if (!answered) throw new Error('An answer decided without its mark');
    const { correct, late, points } = answered.data;
    return { correct, late, points, play: playViewOf(gameId, game.terms, factsOfState(playOf(decision))) };
  }
}

/**
 * A winner takes the prize: the card is checked first, the claim is decided (a repeat keeps the
 * first voucher code and exchange), then the promo code or the loyalty reward is handed over,
 * which is idempotent, so a repeated claim answers the same code and exchange.
 */
@CommandHandler(ClaimPrizeCommand)
export class ClaimPrizeHandler implements ICommandHandler<ClaimPrizeCommand> {
  constructor(
    private readonly tokens: PlayerTokens,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
    private readonly claims: GamePrizeClaims,
  ) {}

  async execute({ gameId, playId, body }: ClaimPrizeCommand): Promise<PrizeClaimView> {
    const { game, player } = await playerIn(this.reads, this.tokens, gameId, body.player_token);
    const cardId = body.card_id ?? null;
    // The card is checked against the play as the read model holds it: a claim racing its own play's
    // projection (milliseconds) is decided unchecked, and the reward's grant still refuses a card not in the programme.
    const recorded = await this.reads.play(gameId, playId);
    const expected = recorded?.player === player ? game.terms.prizes.find((prize) => prize.id === recorded.prize_id) : undefined;
    if (expected) await this.claims.checkCard(game.org_id, expected, cardId);
    const decision = await this.decisions.decide(gameId, {
      type: 'ClaimPrize',
      player,
      play_id: playId,
      voucher_code: voucherCode(),
      exchange_id: randomUUID(),
      card_id: cardId,
      at: new Date().toISOString(),
    });
    const play = playOf(decision);
    const prize = game.terms.prizes.find((candidate) => candidate.id === play.prize_id);
    if (!prize) throw new Error('A claim decided without the prize it claims');
    const delivered = await this.claims.deliver(game.org_id, gameId, prize, play);
    const voucher =
      play.voucher_code === null
        ? null
        : voucherViewOf(gameId, prize, {
            play_id: play.play_id,
            voucher_code: play.voucher_code,
            won_at: (recorded?.won_at ?? new Date(play.at)).toISOString(),
            redeemed_at: recorded?.redeemed_at?.toISOString() ?? null,
          });
    return { play_id: play.play_id, prize: prizeView(prize), voucher, ...delivered };
  }
}

@QueryHandler(GetPublicGame)
export class GetPublicGameHandler implements IQueryHandler<GetPublicGame> {
  constructor(
    private readonly tokens: PlayerTokens,
    private readonly reads: GameReads,
    private readonly queries: QueryBus,
  ) {}

  async execute({ gameId, playerToken }: GetPublicGame): Promise<PublicGameView> {
    const game = await liveGame(this.reads, gameId);
    const player = playerToken === undefined ? null : await this.tokens.visitorOf(gameId, playerToken);
    const limit = game.terms.play_limit;
    const [owner, plays, times] = await Promise.all([
      this.queries.execute(new GetPublicOrganization(game.org_id)),
      player === null ? [] : this.reads.playsOf(gameId, player, MY_PLAYS),
      player === null || limit === null ? [] : this.reads.playTimes(gameId, player, limit.plays),
    ]);
    const { name, kind, prizes, quiz, leaderboard } = game.terms;
    return {
      game_id: gameId,
      code_id: game.code_id,
      name,
      kind,
      status: game.status === 'deleted' ? 'closed' : game.status,
      prizes: prizes.map(prizeView),
      questions: quiz?.questions.length ?? 0,
      leaderboard,
      player_token: player === null ? await this.tokens.issue(gameId) : playerToken!,
      plays_left: playsLeftOf(limit, times),
      my_plays: plays.map((play) => playViewOf(gameId, game.terms, factsOfRow(play))),
      owner,
    };
  }
}

/** Plays left in the limit's window now, from the player's latest plays (oldest first; as many as the limit counts suffice). */
function playsLeftOf(limit: PlayLimit | null, times: readonly number[]): PlaysLeftView {
  if (limit === null) return { left: null, next_at: null };
  const { used, frees_at } = playsInWindow(limit, times, Date.now());
  const left = Math.max(0, limit.plays - used);
  return { left, next_at: left === 0 && frees_at !== null ? new Date(frees_at).toISOString() : null };
}

@QueryHandler(GetPublicLeaderboard)
export class GetPublicLeaderboardHandler implements IQueryHandler<GetPublicLeaderboard> {
  constructor(
    private readonly tokens: PlayerTokens,
    private readonly reads: GameReads,
    private readonly leaderboards: GameLeaderboards,
  ) {}

  async execute({ gameId, board, playerToken }: GetPublicLeaderboard): Promise<LeaderboardView> {
    const game = await liveGame(this.reads, gameId);
    const player = playerToken === undefined ? null : await this.tokens.visitorOf(gameId, playerToken);
    return leaderboardViewOf(this.leaderboards, game, board, player);
  }
}
