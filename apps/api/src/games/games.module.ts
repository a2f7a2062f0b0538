import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyModule } from '../loyalty/loyalty.module';
import { PromosModule } from '../promos/promos.module';
import { GameAccess } from './game-access';
import { GameBoardSchedule } from './game-board-schedule';
import { GameDecisions } from './game-decisions';
import { ExportGameHandler } from './game-export';
import { GameLeaderboards } from './game-leaderboards';
import { GamePrizeClaims } from './game-prize-claims';
import { GameReads } from './game-reads';
import { GamesController } from './games.controller';
import { ChangeGameHandler, CreateGameHandler } from './games.handlers';
import {
  GetGameHandler,
  GetLeaderboardHandler,
  GetPrizeInventoryHandler,
  GetVoucherHandler,
  ListBoardsHandler,
  ListGamesHandler,
  ListPlaysHandler,
} from './games.queries';
import { PlayerTokens } from './player-tokens';
import { PublicGamesController } from './public-games.controller';
import { AnswerQuestionHandler, ClaimPrizeHandler, GetPublicGameHandler, GetPublicLeaderboardHandler, PlayGameHandler } from './public-games.handlers';

/** Games with leaderboards and prize inventory, the engagement context's games: staff's games, stock and boards, players' plays and prizes. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule, PromosModule, LoyaltyModule],
  controllers: [GamesController, PublicGamesController],
  providers: [
    // Every command on a game goes through its serialised stream.
    GameDecisions,
    GameReads,
    GameAccess,
    GameLeaderboards,
    GamePrizeClaims,
    GameBoardSchedule,
    PlayerTokens,
    // Staff.
    CreateGameHandler,
    ChangeGameHandler,
    GetGameHandler,
    ListGamesHandler,
    GetPrizeInventoryHandler,
    ListPlaysHandler,
    GetLeaderboardHandler,
    ListBoardsHandler,
    GetVoucherHandler,
    ExportGameHandler,
    // Players.
    PlayGameHandler,
    AnswerQuestionHandler,
    ClaimPrizeHandler,
    GetPublicGameHandler,
    GetPublicLeaderboardHandler,
  ],
})
export class GamesModule {}
