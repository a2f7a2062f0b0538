import { Injectable } from '@nestjs/common';
import { wallNotFound, type CodeActor } from '@qr/domain';
import { type Caller, TenancyGate } from '../identity';
import { WallReads, type WallRow } from './wall-reads';

/**
 * A live wall as its organisation's members see it. Every role reads walls (engagement.read); the
 * deciders check engagement.write. An unknown, a deleted and another organisation's wall are one 404.
 */
@Injectable()
export class WallAccess {
  constructor(
    private readonly gate: TenancyGate,
    private readonly walls: WallReads,
  ) {}

  async visible(caller: Caller, wallId: string): Promise<{ wall: WallRow; actor: CodeActor }> {
    const wall = await this.walls.live(wallId);
    const { actor } = await this.gate.actorOwning(caller, wall?.org_id, wallNotFound());
    return { wall: wall!, actor };
  }
}
