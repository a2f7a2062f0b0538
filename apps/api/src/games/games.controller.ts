import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateGameBody,
  GameActionPath,
  GameBody,
  GameCallBody,
  GameExportQuery,
  GamePath,
  LeaderboardQuery,
  ListGamesQuery,
  ListPlaysQuery,
  UpdateGameBody,
  VoucherPath,
  type GameListView,
  type GamePlayListView,
  type GameView,
  type LeaderboardBoardsView,
  type LeaderboardView,
  type PrizeInventoryView,
  type VoucherView,
} from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { namedCsvFile } from '../http/named-csv-export';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ExportGame } from './game-export';
import { ChangeGameCommand, CreateGameCommand } from './games.handlers';
import { GetGame, GetLeaderboard, GetPrizeInventory, GetVoucher, ListBoards, ListGames, ListPlays } from './games.queries';

const gamePath = new ZodValidationPipe(GamePath, 'path');
const gameBody = new ZodValidationPipe(GameBody, 'body');
/** Staff's board reads take only the board: `me` is a player's. */
const StaffLeaderboardQuery = LeaderboardQuery.omit({ player_token: true });

/**
 * Spec §1 games with leaderboards, §7 "game", "prize inventory", "reset leaderboard": an
 * organisation's games on its codes, their switches, stock, plays, exports, boards and vouchers.
 * Literal paths come before the `:game_id` patterns.
 */
@Controller('api/v1/games')
@ReadModels(...CALLER_ROLES, 'games')
@UseGuards(AuthenticationGuard)
export class GamesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreateGameBody, 'body')) body: CreateGameBody): Promise<GameView> {
    return this.commands.execute(new CreateGameCommand(caller, body));
  }

  /** The spec's one game call: `httpMethod` `POST` creates a game, `UPDATE` changes one. */
  @Post('game')
  @HttpCode(200)
  async call(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(GameCallBody, 'body')) body: GameCallBody): Promise<GameView> {
    if (body.httpMethod === 'POST') {
      const { httpMethod: _post, ...created } = body;
      return this.commands.execute(new CreateGameCommand(caller, created));
    }
    const { httpMethod: _update, game_id, ...terms } = body;
    return this.update(caller, { game_id }, terms);
  }

  @Post('prize-inventory')
  @HttpCode(200)
  inventoryOf(@CurrentCaller() caller: Caller, @Body(gameBody) { game_id }: GameBody): Promise<PrizeInventoryView> {
    return this.queries.execute(new GetPrizeInventory(caller, game_id));
  }

  @Post('reset-leaderboard')
  @HttpCode(200)
  resetOf(@CurrentCaller() caller: Caller, @Body(gameBody) { game_id }: GameBody): Promise<LeaderboardView> {
    return this.reset(caller, { game_id });
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListGamesQuery, 'query')) query: ListGamesQuery): Promise<GameListView> {
    return this.queries.execute(new ListGames(caller, query));
  }

  @Get(':game_id')
  get(@CurrentCaller() caller: Caller, @Param(gamePath) { game_id }: GamePath): Promise<GameView> {
    return this.queries.execute(new GetGame(caller, game_id));
  }

  @Put(':game_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(gamePath) { game_id }: GamePath,
    @Body(new ZodValidationPipe(UpdateGameBody, 'body')) terms: UpdateGameBody,
  ): Promise<GameView> {
    await this.commands.execute(new ChangeGameCommand(caller, game_id, { type: 'UpdateGame', terms }));
    return this.queries.execute(new GetGame(caller, game_id));
  }

  @Delete(':game_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(gamePath) { game_id }: GamePath): Promise<void> {
    await this.commands.execute(new ChangeGameCommand(caller, game_id, { type: 'ChangeGame', action: 'delete' }));
  }

  @Get(':game_id/prize-inventory')
  inventory(@CurrentCaller() caller: Caller, @Param(gamePath) { game_id }: GamePath): Promise<PrizeInventoryView> {
    return this.queries.execute(new GetPrizeInventory(caller, game_id));
  }

  @Get(':game_id/plays')
  plays(
    @CurrentCaller() caller: Caller,
    @Param(gamePath) { game_id }: GamePath,
    @Query(new ZodValidationPipe(ListPlaysQuery, 'query')) query: ListPlaysQuery,
  ): Promise<GamePlayListView> {
    return this.queries.execute(new ListPlays(caller, game_id, query));
  }

  @Get(':game_id/export')
  async export(
    @CurrentCaller() caller: Caller,
    @Param(gamePath) { game_id }: GamePath,
    @Query(new ZodValidationPipe(GameExportQuery, 'query')) { winners }: GameExportQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return namedCsvFile(reply, await this.queries.execute(new ExportGame(caller, game_id, winners === 'true')), 'game-plays');
  }

  @Get(':game_id/leaderboard')
  leaderboard(
    @CurrentCaller() caller: Caller,
    @Param(gamePath) { game_id }: GamePath,
    @Query(new ZodValidationPipe(StaffLeaderboardQuery, 'query')) { board }: LeaderboardQuery,
  ): Promise<LeaderboardView> {
    return this.queries.execute(new GetLeaderboard(caller, game_id, board));
  }

  @Get(':game_id/leaderboard/boards')
  boards(@CurrentCaller() caller: Caller, @Param(gamePath) { game_id }: GamePath): Promise<LeaderboardBoardsView> {
    return this.queries.execute(new ListBoards(caller, game_id));
  }

  /** A hand reset: board n ends, board n + 1 starts; answers the new board. */
  @Post(':game_id/leaderboard/reset')
  @HttpCode(200)
  async reset(@CurrentCaller() caller: Caller, @Param(gamePath) { game_id }: GamePath): Promise<LeaderboardView> {
    await this.commands.execute(new ChangeGameCommand(caller, game_id, { type: 'ChangeGame', action: 'reset_leaderboard' }));
    return this.queries.execute(new GetLeaderboard(caller, game_id, undefined));
  }

  @Get(':game_id/vouchers/:voucher_code')
  voucher(@CurrentCaller() caller: Caller, @Param(new ZodValidationPipe(VoucherPath, 'path')) { game_id, voucher_code }: VoucherPath): Promise<VoucherView> {
    return this.queries.execute(new GetVoucher(caller, game_id, voucher_code));
  }

  @Post(':game_id/vouchers/:voucher_code/redeem')
  @HttpCode(200)
  async redeem(
    @CurrentCaller() caller: Caller,
    @Param(new ZodValidationPipe(VoucherPath, 'path')) { game_id, voucher_code }: VoucherPath,
  ): Promise<VoucherView> {
    await this.commands.execute(new ChangeGameCommand(caller, game_id, { type: 'RedeemVoucher', voucher_code }));
    return this.queries.execute(new GetVoucher(caller, game_id, voucher_code));
  }

  @Post(':game_id/:action')
  @HttpCode(200)
  async act(@CurrentCaller() caller: Caller, @Param(new ZodValidationPipe(GameActionPath, 'path')) { game_id, action }: GameActionPath): Promise<GameView> {
    await this.commands.execute(new ChangeGameCommand(caller, game_id, { type: 'ChangeGame', action }));
    return this.queries.execute(new GetGame(caller, game_id));
  }
}
