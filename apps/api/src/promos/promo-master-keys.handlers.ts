import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CreatePromoMasterKeyBody, type PromoMasterKeyView } from '@qr/contracts';
import { promoMasterKeyDecider, promoMasterKeyStreamId, type PromoMasterKeyCommand, type PromoMasterKeyEvent } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { decidedEvent, StreamWriter, type Decided } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { EVENT_STORE } from '../infrastructure';
import { drawMasterSecret, PromoMasterKeySecrets } from './promo-master-key-secrets';
import { keyViewOf, mayHandleKeys, PromoMasterKeys } from './promo-master-key-views';

export class CreatePromoMasterKeyCommand extends Command<PromoMasterKeyView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreatePromoMasterKeyBody,
  ) {
    super();
  }
}

export class RenamePromoMasterKeyCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly keyId: string,
    readonly name: string,
  ) {
    super();
  }
}

/** Without a secret, the server draws one. */
export class RotatePromoMasterKeyCommand extends Command<PromoMasterKeyView> {
  constructor(
    readonly caller: Caller,
    readonly keyId: string,
    readonly secret: string | undefined,
  ) {
    super();
  }
}

export class DeletePromoMasterKeyCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly keyId: string,
  ) {
    super();
  }
}

function decideOnKey(writer: StreamWriter, keyId: string, orgId: string, command: PromoMasterKeyCommand, at?: Date): Promise<Decided<PromoMasterKeyEvent>> {
  return writer.decide(promoMasterKeyStreamId(keyId), promoMasterKeyDecider, command, { org_id: orgId, actor: command.actor.id }, at);
}

/** The secret is kept (sealed) before the event is appended, so a key is never live without one. */
@CommandHandler(CreatePromoMasterKeyCommand)
export class CreatePromoMasterKeyHandler implements ICommandHandler<CreatePromoMasterKeyCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly secrets: PromoMasterKeySecrets,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, body }: CreatePromoMasterKeyCommand): Promise<PromoMasterKeyView> {
    const { org_id, name } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    // Asked before anything is kept (the decider asks again): a viewer's refused key leaves no secret behind.
    mayHandleKeys(actor);
    const keyId = randomUUID();
    const secret = body.secret ?? drawMasterSecret();
    await this.secrets.keep(org_id, keyId, 1, secret);
    const at = new Date();
    const decided = await decideOnKey(this.writer, keyId, org_id, { type: 'CreatePromoMasterKey', actor, key_id: keyId, org_id, name }, at);
    const created = decidedEvent(decided, 'PromoMasterKeyCreated').data;
    return keyViewOf({ key_id: keyId, org_id, name: created.name, version: 1, created_at: at, rotated_at: null }, secret, 0);
  }
}

@CommandHandler(RenamePromoMasterKeyCommand)
export class RenamePromoMasterKeyHandler implements ICommandHandler<RenamePromoMasterKeyCommand> {
  constructor(
    private readonly keys: PromoMasterKeys,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, keyId, name }: RenamePromoMasterKeyCommand): Promise<void> {
    const { orgId, actor } = await this.keys.visible(caller, keyId);
    await decideOnKey(this.writer, keyId, orgId, { type: 'RenamePromoMasterKey', actor, name });
  }
}

/**
 * Replaces the secret: printed codes and pages stay, and the old secret unlocks nothing from the
 * moment the rotation is appended. The next version is the stream's, not the read model's, which
 * may lag; it is kept before the append, so the key always has the secret its version names.
 */
@CommandHandler(RotatePromoMasterKeyCommand)
export class RotatePromoMasterKeyHandler implements ICommandHandler<RotatePromoMasterKeyCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly keys: PromoMasterKeys,
    private readonly secrets: PromoMasterKeySecrets,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, keyId, secret: typed }: RotatePromoMasterKeyCommand): Promise<PromoMasterKeyView> {
    const { orgId, actor, row } = await this.keys.visible(caller, keyId);
    mayHandleKeys(actor);
    const { events } = await this.store.readStream(promoMasterKeyStreamId(keyId));
    // Only the master key decider writes the stream, so every payload has its event's shape.
    const state = events.reduce(
      (folded, recorded) => promoMasterKeyDecider.evolve(folded, { type: recorded.type, data: recorded.data } as PromoMasterKeyEvent),
      promoMasterKeyDecider.initialState,
    );
    const secret = typed ?? drawMasterSecret();
    // Two rotations at once would both keep the same next version: the second's keep refuses it, so the
    // version the append records is the one kept here.
    await this.secrets.keep(orgId, keyId, state.version + 1, secret);
    const at = new Date();
    const { version } = decidedEvent(await decideOnKey(this.writer, keyId, orgId, { type: 'RotatePromoMasterKey', actor }, at), 'PromoMasterKeyRotated').data;
    return keyViewOf({ ...row, version, rotated_at: at }, secret, await this.keys.campaignCount(keyId));
  }
}

/**
 * Refused while live campaigns need the key: deleting it would leave their visitors with codes
 * nobody can unlock. Staff set those campaigns to another key, or none, first.
 */
@CommandHandler(DeletePromoMasterKeyCommand)
export class DeletePromoMasterKeyHandler implements ICommandHandler<DeletePromoMasterKeyCommand> {
  constructor(
    private readonly keys: PromoMasterKeys,
    private readonly secrets: PromoMasterKeySecrets,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, keyId }: DeletePromoMasterKeyCommand): Promise<void> {
    const { orgId, actor } = await this.keys.visible(caller, keyId);
    mayHandleKeys(actor);
    const using = await this.keys.campaignCount(keyId);
    if (using > 0) {
      const campaigns = using === 1 ? '1 campaign uses' : `${using} campaigns use`;
      throw new DomainError('promo_master_key_in_use', `${campaigns} this master key: set them to another key or none before deleting it.`);
    }
    await decideOnKey(this.writer, keyId, orgId, { type: 'DeletePromoMasterKey', actor });
    await this.secrets.forget(orgId, keyId);
  }
}
