import { randomInt, randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateGameBody, GameTerms, GameView } from '@qr/contracts';
import { codeNotFound, CodeReads } from '../codes';
import { type Caller, TenancyGate } from '../identity';
import { GameAccess } from './game-access';
import { GameDecisions } from './game-decisions';
import { GamePrizeClaims } from './game-prize-claims';
import { GameReads } from './game-reads';
import { gameViewOf } from './game-views';

export class CreateGameCommand extends Command<GameView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateGameBody,
  ) {
    super();
  }
}

export type GameChange =
  | { type: 'UpdateGame'; terms: GameTerms }
  | { type: 'ChangeGame'; action: 'open' | 'close' | 'delete' | 'reset_leaderboard' }
  | { type: 'RedeemVoucher'; voucher_code: string };

export class ChangeGameCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly gameId: string,
    readonly change: GameChange,
  ) {
    super();
  }
}

/** The instant-win moments' seed: any 32-bit integer, drawn once per game. */
const SEED_RANGE = 2 ** 32;

/**
 * A game on a live code of the organisation, a draft until staff open it. Its prizes' campaigns,
 * programmes and rewards are checked before anything is recorded. The command waits, bounded, for
 * the read model, so the screen's next read finds it.
 */
@CommandHandler(CreateGameCommand)
export class CreateGameHandler implements ICommandHandler<CreateGameCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly claims: GamePrizeClaims,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
  ) {}

  async execute({ caller, body }: CreateGameCommand): Promise<GameView> {
    const { org_id, code_id, ...terms } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    const code = await this.codes.live(code_id);
    if (code?.org_id !== org_id) throw codeNotFound();
    await this.claims.check(org_id, terms.prizes);
    const gameId = randomUUID();
    const at = new Date().toISOString();
    const seed = randomInt(SEED_RANGE);
    const decision = await this.decisions.decide(gameId, { type: 'CreateGame', actor, at, game_id: gameId, org_id, code_id, terms, seed });
    await this.reads.reached(decision.appended);
    const created = decision.events.find((event) => event.type === 'GameCreated');
    const boardEndsAt = created?.data.board_ends_at ?? null;
    const when = new Date(at);
    return gameViewOf(
      {
        game_id: gameId,
        org_id,
        code_id,
        kind: terms.kind,
        terms,
        status: 'draft',
        board: 1,
        board_ends_at: boardEndsAt === null ? null : new Date(boardEndsAt),
        plays: 0,
        players: 0,
        winners: 0,
        created_at: when,
        updated_at: when,
      },
      [],
    );
  }
}

/**
 * Staff's changes to a game: its terms, open, close, delete, a hand reset of the leaderboard, a
 * voucher redeemed at the counter. They go through the same serialiser as the plays, so a change of
 * stock is decided between the plays before and after it.
 */
@CommandHandler(ChangeGameCommand)
export class ChangeGameHandler implements ICommandHandler<ChangeGameCommand> {
  constructor(
    private readonly access: GameAccess,
    private readonly claims: GamePrizeClaims,
    private readonly decisions: GameDecisions,
    private readonly reads: GameReads,
  ) {}

  async execute({ caller, gameId, change }: ChangeGameCommand): Promise<void> {
    const { game, actor } = await this.access.visible(caller, gameId);
    if (change.type === 'UpdateGame') await this.claims.check(game.org_id, change.terms.prizes);
    const decision = await this.decisions.decide(gameId, { ...change, actor, at: new Date().toISOString() });
    await this.reads.reached(decision.appended);
  }
}
