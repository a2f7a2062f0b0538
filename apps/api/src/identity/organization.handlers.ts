import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEFAULT_TIME_ZONE, DomainError, type ApiKeyIssuedView, type CreateOrganizationBody, type IssueApiKeyBody, type OrganizationView } from '@qr/contracts';
import {
  actorId,
  organizationDecider,
  organizationStreamId,
  type AcceptTerms,
  type Actor,
  type AddMember,
  type MemberActor,
  type ChangeMemberRole,
  type OrganizationCommand,
  type PublishTerms,
  type RemoveMember,
  type RevokeApiKey,
  type UpdateOrganization,
} from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { EVENT_STORE } from '../infrastructure';
import { decideOnStream } from '../decide-on-stream';
import { ApiKeySecrets } from './api-key-secrets';
import { actorOf, refuseOtherOrganizationsKey, type Caller } from './caller';

/** The organisation commands a caller sends as they are, less the actor, which the request supplies. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type OrganizationChange = DistributiveOmit<
  UpdateOrganization | AddMember | RemoveMember | ChangeMemberRole | RevokeApiKey | PublishTerms | AcceptTerms,
  'actor'
>;

export class CreateOrganizationCommand extends Command<OrganizationView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateOrganizationBody,
  ) {
    super();
  }
}

export class ChangeOrganizationCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly change: OrganizationChange,
  ) {
    super();
  }
}

export class IssueApiKeyCommand extends Command<ApiKeyIssuedView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly body: IssueApiKeyBody,
  ) {
    super();
  }
}

/** Load, fold, decide, append: the one write path of the organisation stream. */
@Injectable()
export class OrganizationStream {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Appends what the decider returns with the version that was read, so two concurrent changes
   * cannot both pass an invariant (one owner at least); the loser gets 409 wrong_expected_version.
   * Returns when the change happened, as its events record it.
   */
  async decide(orgId: string, actor: string, command: OrganizationCommand): Promise<Date> {
    const occurredAt = new Date();
    await decideOnStream(this.store, organizationStreamId(orgId), organizationDecider, command, { org_id: orgId, actor }, occurredAt);
    return occurredAt;
  }
}

@CommandHandler(CreateOrganizationCommand)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganizationCommand> {
  constructor(private readonly stream: OrganizationStream) {}

  async execute({ caller, body }: CreateOrganizationCommand): Promise<OrganizationView> {
    // The creator becomes the owner, and an owner is a person: a script's key cannot found organisations.
    if (caller.kind !== 'member') throw new DomainError('forbidden', 'Only a signed-in user can create an organisation.');
    const orgId = randomUUID();
    const logo = body.organization_logo ?? null;
    const timeZone = body.time_zone ?? DEFAULT_TIME_ZONE;
    await this.stream.decide(orgId, caller.email, {
      type: 'CreateOrganization',
      org_id: orgId,
      name: body.organization_name,
      logo_url: logo,
      time_zone: timeZone,
      created_by: caller.email,
    });
    return { organization_id: orgId, organization_name: body.organization_name, organization_logo: logo, time_zone: timeZone };
  }
}

@CommandHandler(ChangeOrganizationCommand)
export class ChangeOrganizationHandler implements ICommandHandler<ChangeOrganizationCommand> {
  constructor(private readonly stream: OrganizationStream) {}

  async execute({ caller, orgId, change }: ChangeOrganizationCommand): Promise<void> {
    refuseOtherOrganizationsKey(caller, orgId);
    const actor = actorOf(caller);
    const command: OrganizationCommand = change.type === 'AcceptTerms' ? { ...change, actor: personOf(actor) } : { ...change, actor };
    await this.stream.decide(orgId, actorId(actor), command);
  }
}

/** Accepting terms binds a person: a script's key has nobody to bind. */
function personOf(actor: Actor): MemberActor {
  if (actor.kind !== 'member') throw new DomainError('forbidden', 'Only a signed-in user can accept terms, not an API key.');
  return actor;
}

@CommandHandler(IssueApiKeyCommand)
export class IssueApiKeyHandler implements ICommandHandler<IssueApiKeyCommand> {
  constructor(
    private readonly stream: OrganizationStream,
    private readonly secrets: ApiKeySecrets,
  ) {}

  async execute({ caller, orgId, body }: IssueApiKeyCommand): Promise<ApiKeyIssuedView> {
    refuseOtherOrganizationsKey(caller, orgId);
    const actor = actorOf(caller);
    const keyId = randomUUID();
    const { apiKey, prefix, secretHash } = ApiKeySecrets.draw(keyId);
    const createdAt = await this.stream.decide(orgId, actorId(actor), { type: 'IssueApiKey', actor, key_id: keyId, label: body.label, role: body.role, prefix });
    // Kept only once the decider agreed, so a refused request leaves nothing behind. Should this
    // insert fail, the caller never saw the secret: the key is listed, unusable, and can be revoked.
    await this.secrets.keep(keyId, orgId, secretHash);
    return { key_id: keyId, label: body.label, role: body.role, prefix, created_at: createdAt.toISOString(), api_key: apiKey };
  }
}
