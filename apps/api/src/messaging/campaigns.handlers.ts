import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  E164Phone,
  Email,
  type CampaignView,
  type CreateCampaignBody,
  type InvitationBody,
  type MessagingChannel,
  type UpdateCampaignBody,
} from '@qr/contracts';
import { campaignDecider, campaignStreamId, can, programmeNotFound, type CampaignCommand, type CampaignContent, type CodeActor } from '@qr/domain';
import type { Config } from '@qr/platform';
import { codeNotFound, CodeReads, publicLinkOf } from '../codes';
import { StreamWriter } from '../decide-on-stream';
import { RequestValidationError } from '../http/problem-details';
import { type Caller, OrganizationReads, TenancyGate } from '../identity';
import { CONFIG } from '../infrastructure';
import { LoyaltyReads } from '../loyalty';
import { CampaignReads } from './campaign-reads';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryRunner } from './delivery-runner';
import { invitationText } from './invitation-texts';
import { MessagingChannels } from './messaging-channels';

export class CreateCampaignCommand extends Command<CampaignView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateCampaignBody,
  ) {
    super();
  }
}

export class UpdateCampaignCommand extends Command<CampaignView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly body: UpdateCampaignBody,
  ) {
    super();
  }
}

/** `sendAt` null: now. */
export class ScheduleCampaignCommand extends Command<CampaignView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly sendAt: string | null,
  ) {
    super();
  }
}

export class CancelCampaignCommand extends Command<CampaignView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
  ) {
    super();
  }
}

export class TestCampaignCommand extends Command<{ delivery_id: string }> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly to: string,
  ) {
    super();
  }
}

/** Drafts and schedules in one call (spec §7 "send SMS campaign", "send push notification"): how many it reaches, with the campaign. */
export class LaunchCampaignCommand extends Command<{ campaign: CampaignView; recipients: number }> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateCampaignBody,
    readonly sendAt: string | null,
  ) {
    super();
  }
}

/** Spec §7 "campaign invitation message": a draft inviting the audience to a code's action. */
export class DraftInvitationCommand extends Command<CampaignView> {
  constructor(
    readonly caller: Caller,
    readonly body: InvitationBody,
  ) {
    super();
  }
}

const contentOf = (body: CreateCampaignBody | UpdateCampaignBody): CampaignContent => ({
  name: body.name,
  code_id: body.code_id ?? null,
  audience: body.audience,
  subject: body.subject,
  message: body.message,
  qr: body.qr ?? null,
});

/** What a campaign names must be the organisation's: its code, its audience's code, and the programme its audience comes from. */
async function checkReferences(codes: CodeReads, loyalty: LoyaltyReads, orgId: string, content: CampaignContent): Promise<void> {
  for (const codeId of new Set([content.code_id, content.audience.code_id])) {
    if (codeId && (await codes.live(codeId))?.org_id !== orgId) throw codeNotFound();
  }
  const programmeId = content.audience.programme_id;
  if (programmeId !== undefined) {
    const programme = await loyalty.programme(programmeId);
    if (programme?.org_id !== orgId || programme.status !== 'live') throw programmeNotFound();
    const tier = content.audience.tier;
    if (tier !== undefined && !programme.terms.tiers.some((candidate) => candidate.name === tier)) {
      throw new RequestValidationError([{ field: 'body.audience.tier', message: `The programme has no tier named ${tier}.` }]);
    }
  }
}

/** Writes a campaign's stream and answers with the campaign as its read model then holds it. */
abstract class CampaignWriter {
  constructor(
    protected readonly writer: StreamWriter,
    protected readonly campaigns: CampaignReads,
  ) {}

  protected async decide(campaignId: string, orgId: string, actor: CodeActor, command: CampaignCommand): Promise<CampaignView> {
    await this.writer.decide(campaignStreamId(campaignId), campaignDecider, command, { org_id: orgId, actor: actor.id });
    const stored = await this.campaigns.row(campaignId);
    return this.campaigns.view(stored!);
  }
}

@CommandHandler(CreateCampaignCommand)
export class CreateCampaignHandler extends CampaignWriter implements ICommandHandler<CreateCampaignCommand> {
  constructor(
    writer: StreamWriter,
    campaigns: CampaignReads,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly loyalty: LoyaltyReads,
  ) {
    super(writer, campaigns);
  }

  async execute({ caller, body }: CreateCampaignCommand): Promise<CampaignView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    const content = contentOf(body);
    await checkReferences(this.codes, this.loyalty, body.org_id, content);
    const campaignId = randomUUID();
    return this.decide(campaignId, body.org_id, actor, {
      type: 'DraftCampaign',
      actor,
      campaign_id: campaignId,
      org_id: body.org_id,
      channel: body.channel,
      content,
      at: new Date().toISOString(),
    });
  }
}

@CommandHandler(UpdateCampaignCommand)
export class UpdateCampaignHandler extends CampaignWriter implements ICommandHandler<UpdateCampaignCommand> {
  constructor(
    writer: StreamWriter,
    campaigns: CampaignReads,
    private readonly codes: CodeReads,
    private readonly loyalty: LoyaltyReads,
  ) {
    super(writer, campaigns);
  }

  async execute({ caller, campaignId, body }: UpdateCampaignCommand): Promise<CampaignView> {
    const { campaign, actor } = await this.campaigns.visible(caller, campaignId);
    const content = contentOf(body);
    await checkReferences(this.codes, this.loyalty, campaign.org_id, content);
    return this.decide(campaignId, campaign.org_id, actor, { type: 'UpdateCampaign', actor, channel: body.channel, content });
  }
}

/** Refused when nobody the audience's filters match may be messaged on the channel. */
function emptyAudience(channel: MessagingChannel): DomainError {
  return new DomainError(
    'messaging_empty_audience',
    channel === 'push'
      ? 'No browser has subscribed to notifications on these pages yet.'
      : `Nobody these filters match has consented to ${channel === 'email' ? 'emails' : 'text messages'}: widen the filters, or collect consent on a form first.`,
    { field: 'body.audience' },
  );
}

/**
 * Fixes a draft to go now or at a time. An audience nobody in it consented to is refused now
 * rather than found empty at the send time; who exactly is reached is worked out when it starts.
 */
@CommandHandler(ScheduleCampaignCommand)
export class ScheduleCampaignHandler extends CampaignWriter implements ICommandHandler<ScheduleCampaignCommand> {
  constructor(
    writer: StreamWriter,
    campaigns: CampaignReads,
    private readonly channels: MessagingChannels,
    private readonly runner: DeliveryRunner,
  ) {
    super(writer, campaigns);
  }

  async execute({ caller, campaignId, sendAt }: ScheduleCampaignCommand): Promise<CampaignView> {
    const { campaign, actor } = await this.campaigns.visible(caller, campaignId);
    if (campaign.status === 'draft' && (await this.channels.of(campaign.channel).audience(campaign.org_id, campaign.content.audience)).length === 0) {
      throw emptyAudience(campaign.channel);
    }
    const view = await this.decide(campaignId, campaign.org_id, actor, { type: 'ScheduleCampaign', actor, send_at: sendAt, now: new Date().toISOString() });
    this.runner.kick();
    return view;
  }
}

/** Checks the audience before anything is written, so a refused launch leaves no draft behind. */
@CommandHandler(LaunchCampaignCommand)
export class LaunchCampaignHandler implements ICommandHandler<LaunchCampaignCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly gate: TenancyGate,
    private readonly channels: MessagingChannels,
  ) {}

  async execute({ caller, body, sendAt }: LaunchCampaignCommand): Promise<{ campaign: CampaignView; recipients: number }> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    if (!can.write('messaging', actor.role)) throw new DomainError('forbidden', `A ${actor.role} cannot send campaigns.`);
    const recipients = (await this.channels.of(body.channel).audience(body.org_id, body.audience)).length;
    if (recipients === 0) throw emptyAudience(body.channel);
    const draft: CampaignView = await this.commands.execute(new CreateCampaignCommand(caller, body));
    const campaign: CampaignView = await this.commands.execute(new ScheduleCampaignCommand(caller, draft.campaign_id, sendAt));
    return { campaign, recipients };
  }
}

@CommandHandler(CancelCampaignCommand)
export class CancelCampaignHandler extends CampaignWriter implements ICommandHandler<CancelCampaignCommand> {
  // Its own constructor, so that Nest reads what to inject from this class's metadata.
  constructor(writer: StreamWriter, campaigns: CampaignReads) {
    super(writer, campaigns);
  }

  async execute({ caller, campaignId }: CancelCampaignCommand): Promise<CampaignView> {
    const { campaign, actor } = await this.campaigns.visible(caller, campaignId);
    return this.decide(campaignId, campaign.org_id, actor, { type: 'CancelCampaign', actor });
  }
}

/** The address a test goes to, checked as the channel's: an email, or a phone number in international form. */
function testAddress(channel: MessagingChannel, to: string): string {
  const parsed = channel === 'email' ? Email.safeParse(to) : channel === 'sms' ? E164Phone.safeParse(to) : null;
  if (parsed === null) {
    throw new RequestValidationError([
      { field: 'body.to', message: 'A push campaign goes to subscribed browsers: subscribe on one of your pages, then send it to that code.' },
    ]);
  }
  if (!parsed.success) throw new RequestValidationError([{ field: 'body.to', message: parsed.error.issues[0]!.message }]);
  return parsed.data;
}

/** One message of the campaign to the sender's address, marked as a test and kept out of the campaign's results. */
@CommandHandler(TestCampaignCommand)
export class TestCampaignHandler implements ICommandHandler<TestCampaignCommand> {
  constructor(
    private readonly campaigns: CampaignReads,
    private readonly queue: DeliveryQueue,
    private readonly runner: DeliveryRunner,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ caller, campaignId, to }: TestCampaignCommand): Promise<{ delivery_id: string }> {
    const { campaign, actor } = await this.campaigns.visible(caller, campaignId);
    if (actor.role === 'viewer') throw new DomainError('forbidden', 'A viewer cannot send messages.');
    const address = testAddress(campaign.channel, to);
    const organizationName = (await this.organizations.publicProfileOf(campaign.org_id))?.name ?? '';
    const fields = {
      first_name: 'Test',
      name: 'Test recipient',
      [campaign.channel === 'email' ? 'email' : 'phone']: address,
      organization_name: organizationName,
    };
    const deliveryId = await this.queue.enqueueOne(
      campaign.org_id,
      campaign.channel,
      { address, name: 'Test recipient', fields },
      { is_test: true, campaign_id: campaignId },
    );
    this.runner.kick();
    return { delivery_id: deliveryId };
  }
}

@CommandHandler(DraftInvitationCommand)
export class DraftInvitationHandler extends CampaignWriter implements ICommandHandler<DraftInvitationCommand> {
  constructor(
    writer: StreamWriter,
    campaigns: CampaignReads,
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super(writer, campaigns);
  }

  async execute({ caller, body }: DraftInvitationCommand): Promise<CampaignView> {
    const actor = await this.gate.actorIn(caller, body.org_id);
    const code = await this.codes.live(body.code_id);
    if (code?.org_id !== body.org_id) throw codeNotFound();
    const { subject, message } = invitationText(body.action, code.name, publicLinkOf(this.config.PUBLIC_URL, code.code_id));
    const campaignId = randomUUID();
    const content: CampaignContent = {
      name: `${code.name}: invitation`,
      code_id: code.code_id,
      audience: { code_id: code.code_id },
      subject: body.channel === 'sms' ? '' : subject,
      message,
      qr: null,
    };
    return this.decide(campaignId, body.org_id, actor, {
      type: 'DraftCampaign',
      actor,
      campaign_id: campaignId,
      org_id: body.org_id,
      channel: body.channel,
      content,
      at: new Date().toISOString(),
    });
  }
}
