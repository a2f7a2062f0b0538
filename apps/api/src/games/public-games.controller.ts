import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AnswerQuestionBody,
  ClaimPrizeBody,
  GamePath,
  LeaderboardCallBody,
  LeaderboardQuery,
  PlayGameBody,
  PlayGameCallBody,
  PlayPath,
  PublicGameQuery,
  type AnswerView,
  type LeaderboardView,
  type PlayView,
  type PrizeClaimView,
  type PublicGameView,
} from '@qr/contracts';
import { ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AnswerQuestionCommand, ClaimPrizeCommand, GetPublicGame, GetPublicLeaderboard, PlayGameCommand } from './public-games.handlers';

const gamePath = new ZodValidationPipe(GamePath, 'path');
const playPath = new ZodValidationPipe(PlayPath, 'path');

/**
 * The players' side of a game (spec §2 `/game/{id}`, §7 "play game", "game leaderboard"): no
 * sign-in, the player token the phone keeps is the player; rate-limited per address like every
 * public route. Literal paths come before the `:game_id` patterns.
 */
@Controller('api/v1/public/games')
@ReadModels('games')
export class PublicGamesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The spec's "play game": the same play with the game in the body. */
  @Post('play-game')
  @HttpCode(200)
  playOf(@Body(new ZodValidationPipe(PlayGameCallBody, 'body')) { game_id, ...play }: PlayGameCallBody): Promise<PlayView> {
    return this.commands.execute(new PlayGameCommand(game_id, play));
  }

  /** The spec's "game leaderboard": the same read with the game in the body. */
  @Post('game-leaderboard')
  @HttpCode(200)
  leaderboardOf(@Body(new ZodValidationPipe(LeaderboardCallBody, 'body')) { game_id, board, player_token }: LeaderboardCallBody): Promise<LeaderboardView> {
    return this.queries.execute(new GetPublicLeaderboard(game_id, board, player_token));
  }

  @Get(':game_id')
  game(
    @Param(gamePath) { game_id }: GamePath,
    @Query(new ZodValidationPipe(PublicGameQuery, 'query')) { player_token }: PublicGameQuery,
  ): Promise<PublicGameView> {
    return this.queries.execute(new GetPublicGame(game_id, player_token));
  }

  @Post(':game_id/plays')
  @HttpCode(200)
  play(@Param(gamePath) { game_id }: GamePath, @Body(new ZodValidationPipe(PlayGameBody, 'body')) body: PlayGameBody): Promise<PlayView> {
    return this.commands.execute(new PlayGameCommand(game_id, body));
  }

  @Post(':game_id/plays/:play_id/answers')
  @HttpCode(200)
  answer(
    @Param(playPath) { game_id, play_id }: PlayPath,
    @Body(new ZodValidationPipe(AnswerQuestionBody, 'body')) body: AnswerQuestionBody,
  ): Promise<AnswerView> {
    return this.commands.execute(new AnswerQuestionCommand(game_id, play_id, body));
  }

  @Post(':game_id/plays/:play_id/claim')
  @HttpCode(200)
  claim(@Param(playPath) { game_id, play_id }: PlayPath, @Body(new ZodValidationPipe(ClaimPrizeBody, 'body')) body: ClaimPrizeBody): Promise<PrizeClaimView> {
    return this.commands.execute(new ClaimPrizeCommand(game_id, play_id, body));
  }

  @Get(':game_id/leaderboard')
  leaderboard(
    @Param(gamePath) { game_id }: GamePath,
    @Query(new ZodValidationPipe(LeaderboardQuery, 'query')) { board, player_token }: LeaderboardQuery,
  ): Promise<LeaderboardView> {
    return this.queries.execute(new GetPublicLeaderboard(game_id, board, player_token));
  }
}
