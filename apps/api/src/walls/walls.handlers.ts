import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateWallBody, ReviewWallPhotoBody, WallTerms } from '@qr/contracts';
import { wallDecider, wallPhotoDecider, wallPhotoNotFound, wallPhotoStreamId, wallStreamId } from '@qr/domain';
import { codeNotFound, CodeReads } from '../codes';
import { StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { WallAccess } from './wall-access';
import { WallReads } from './wall-reads';

/** Answers the new wall's id; the route reads the wall back from its read model. */
export class CreateWallCommand extends Command<string> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateWallBody,
  ) {
    super();
  }
}

export type WallChange =
  { type: 'UpdateWall'; terms: WallTerms } | { type: 'AddWallEmbed'; origin: string } | { type: 'RemoveWallEmbed'; origin: string } | { type: 'DeleteWall' };

export class ChangeWallCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly wallId: string,
    readonly change: WallChange,
  ) {
    super();
  }
}

export class ReviewWallPhotoCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly wallId: string,
    readonly photoId: string,
    readonly decision: ReviewWallPhotoBody['decision'],
  ) {
    super();
  }
}

/** Spec §7 "create selfie wall": a wall on a live code of the organisation named. */
@CommandHandler(CreateWallCommand)
export class CreateWallHandler implements ICommandHandler<CreateWallCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, body }: CreateWallCommand): Promise<string> {
    const { org_id, code_id, ...terms } = body;
    const code = await this.codes.live(code_id);
    // A code of another organisation than the one named is no code of it.
    const { orgId, actor } = await this.gate.actorOwning(caller, code?.org_id === org_id ? org_id : undefined, codeNotFound());
    const wallId = randomUUID();
    const command = { type: 'CreateWall' as const, actor, at: new Date().toISOString(), wall_id: wallId, org_id: orgId, code_id, terms };
    await this.writer.decide(wallStreamId(wallId), wallDecider, command, { org_id: orgId, actor: actor.id });
    return wallId;
  }
}

/** New terms, a site allowed to frame the wall or no longer, or the wall's deletion. */
@CommandHandler(ChangeWallCommand)
export class ChangeWallHandler implements ICommandHandler<ChangeWallCommand> {
  constructor(
    private readonly access: WallAccess,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, wallId, change }: ChangeWallCommand): Promise<void> {
    const { wall, actor } = await this.access.visible(caller, wallId);
    const command = { ...change, actor, at: new Date().toISOString() };
    await this.writer.decide(wallStreamId(wallId), wallDecider, command, { org_id: wall.org_id, actor: actor.id });
  }
}

/** Staff's approval or rejection of a photo of the wall; deciding it again changes nothing. */
@CommandHandler(ReviewWallPhotoCommand)
export class ReviewWallPhotoHandler implements ICommandHandler<ReviewWallPhotoCommand> {
  constructor(
    private readonly access: WallAccess,
    private readonly walls: WallReads,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, wallId, photoId, decision }: ReviewWallPhotoCommand): Promise<void> {
    const { wall, actor } = await this.access.visible(caller, wallId);
    // The photo's stream alone cannot say which wall it is on: its read model row must be this wall's.
    if (!(await this.walls.photo(wallId, photoId))) throw wallPhotoNotFound();
    const command = { type: 'ReviewWallPhoto' as const, actor, at: new Date().toISOString(), decision };
    await this.writer.decide(wallPhotoStreamId(photoId), wallPhotoDecider, command, { org_id: wall.org_id, actor: actor.id });
  }
}
