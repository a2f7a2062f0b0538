import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DEFAULT_THEME_STYLE,
  DEFAULT_TIME_ZONE,
  DomainError,
  type ApiKeyIssuedView,
  type CreateOrganizationBody,
  type IssueApiKeyBody,
  type OrganizationView,
} from '@qr/contracts';
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
  type SetBrandKit,
  type UpdateOrganization,
} from '@qr/domain';
import { StreamWriter } from '../decide-on-stream';
import { ApiKeySecrets } from './api-key-secrets';
import { actorOf, refuseOtherOrganizationsKey, type Caller } from './caller';

/** The organisation commands a caller sends as they are, less the actor, which the request supplies. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type OrganizationChange = DistributiveOmit<
  UpdateOrganization | SetBrandKit | AddMember | RemoveMember | ChangeMemberRole | RevokeApiKey | PublishTerms | AcceptTerms,
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

@CommandHandler(CreateOrganizationCommand)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganizationCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ caller, body }: CreateOrganizationCommand): Promise<OrganizationView> {
    // The creator becomes the owner, and an owner is a person: a script's key cannot found organisations.
    if (caller.kind !== 'member') throw new DomainError('forbidden', 'Only a signed-in user can create an organisation.');
    const orgId = randomUUID();
    const logo = body.organization_logo ?? null;
    const timeZone = body.time_zone ?? DEFAULT_TIME_ZONE;
    const command: OrganizationCommand = {
      type: 'CreateOrganization',
      org_id: orgId,
      name: body.organization_name,
      logo_url: logo,
      time_zone: timeZone,
      created_by: caller.email,
    };
    await this.writer.decide(organizationStreamId(orgId), organizationDecider, command, { org_id: orgId, actor: caller.email });
    return { organization_id: orgId, organization_name: body.organization_name, organization_logo: logo, time_zone: timeZone, brand_kit: DEFAULT_THEME_STYLE };
  }
}

@CommandHandler(ChangeOrganizationCommand)
export class ChangeOrganizationHandler implements ICommandHandler<ChangeOrganizationCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ caller, orgId, change }: ChangeOrganizationCommand): Promise<void> {
    refuseOtherOrganizationsKey(caller, orgId);
    const actor = actorOf(caller);
    const command: OrganizationCommand = change.type === 'AcceptTerms' ? { ...change, actor: personOf(actor) } : { ...change, actor };
    // The version read is the one appended to, so two concurrent changes cannot both pass an
    // invariant (one owner at least); the loser gets 409 wrong_expected_version.
    await this.writer.decide(organizationStreamId(orgId), organizationDecider, command, { org_id: orgId, actor: actorId(actor) });
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
    private readonly writer: StreamWriter,
    private readonly secrets: ApiKeySecrets,
  ) {}

  async execute({ caller, orgId, body }: IssueApiKeyCommand): Promise<ApiKeyIssuedView> {
    refuseOtherOrganizationsKey(caller, orgId);
    const actor = actorOf(caller);
    const keyId = randomUUID();
    const { apiKey, prefix, secretHash } = ApiKeySecrets.draw(keyId);
    const createdAt = new Date();
    const command: OrganizationCommand = { type: 'IssueApiKey', actor, key_id: keyId, label: body.label, role: body.role, prefix };
    await this.writer.decide(organizationStreamId(orgId), organizationDecider, command, { org_id: orgId, actor: actorId(actor) }, createdAt);
    // Kept only once the decider agreed, so a refused request leaves nothing behind. Should this
    // insert fail, the caller never saw the secret: the key is listed, unusable, and can be revoked.
    await this.secrets.keep(keyId, orgId, secretHash);
    return { key_id: keyId, label: body.label, role: body.role, prefix, created_at: createdAt.toISOString(), api_key: apiKey };
  }
}
