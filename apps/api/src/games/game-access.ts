import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { can, gameNotFound, type CodeActor } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { GameReads, type GameRow } from './game-reads';

/**
 * Which games a staff caller reaches (permissions.ts): members of the owning organisation read them
 * (`engagement.read`); changes are the decider's to refuse (`engagement.write`). Another
 * organisation's game, a deleted and an unknown one answer alike: 404 game_not_found.
 */
@Injectable()
export class GameAccess {
  constructor(
    private readonly reads: GameReads,
    private readonly gate: TenancyGate,
  ) {}

  /** A live game the caller's organisation owns, with the caller as its commands record them. */
  async visible(caller: Caller, gameId: string): Promise<{ game: GameRow; actor: CodeActor }> {
    const game = await this.reads.game(gameId);
    const { actor } = await this.gate.actorOwning(caller, game && game.status !== 'deleted' ? game.org_id : undefined, gameNotFound());
    return { game: game!, actor };
  }

  async reader(caller: Caller, gameId: string): Promise<GameRow> {
    const { game, actor } = await this.visible(caller, gameId);
    if (!can.read('engagement', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot read games.`);
    return game;
  }
}
