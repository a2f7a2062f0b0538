import { randomBytes, randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type CreatePromoCampaignBody, type PromoCampaignView, type PromoTerms } from '@qr/contracts';
import { promoCampaignDecider, promoCampaignStreamId, type PromoCampaignCodes, type PromoCampaignCommand } from '@qr/domain';
import { codeNotFound, CodeReads } from '../codes';
import { decidedEvent, StreamWriter } from '../decide-on-stream';
import { type Caller, TenancyGate } from '../identity';
import { createdCampaignView, PromoCampaigns } from './promo-campaign-views';
import { PromoMasterKeys } from './promo-master-key-views';

export class CreatePromoCampaignCommand extends Command<PromoCampaignView> {
  constructor(
    readonly caller: Caller,
    readonly body: CreatePromoCampaignBody,
  ) {
    super();
  }
}

export type PromoCampaignChange =
  { type: 'UpdatePromoCampaign'; terms: PromoTerms } | { type: 'SetPromoCampaignKey'; master_key_id: string | null } | { type: 'DeletePromoCampaign' };

export class ChangePromoCampaignCommand extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly change: PromoCampaignChange,
  ) {
    super();
  }
}

/** Spec §7 "create promo code": a campaign on a live code of the organisation, locked by one of its live keys or by none. */
@CommandHandler(CreatePromoCampaignCommand)
export class CreatePromoCampaignHandler implements ICommandHandler<CreatePromoCampaignCommand> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly campaigns: PromoCampaigns,
    private readonly keys: PromoMasterKeys,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, body }: CreatePromoCampaignCommand): Promise<PromoCampaignView> {
    const { org_id, code_id, terms, master_key_id } = body;
    const actor = await this.gate.actorIn(caller, org_id);
    const code = await this.codes.live(code_id);
    if (code?.org_id !== org_id) throw codeNotFound();
    if (master_key_id !== null) await this.keys.assertLive(org_id, master_key_id);
    if (body.codes.kind === 'shared' && (await this.campaigns.codeTaken(code_id, body.codes.promo_code))) {
      throw new DomainError(
        'promo_code_taken',
        `Another campaign of this code already uses ${body.codes.promo_code}: pick another promo code or delete that campaign.`,
      );
    }
    const campaignId = randomUUID();
    // A unique campaign's codes are derived from the seed by the read model, so the event stays small.
    const codes: PromoCampaignCodes = body.codes.kind === 'shared' ? body.codes : { ...body.codes, seed: randomBytes(32).toString('base64url') };
    const command: PromoCampaignCommand = { type: 'CreatePromoCampaign', actor, campaign_id: campaignId, org_id, code_id, codes, terms, master_key_id };
    const at = new Date();
    const decided = await this.writer.decide(promoCampaignStreamId(campaignId), promoCampaignDecider, command, { org_id, actor: actor.id }, at);
    return createdCampaignView(decidedEvent(decided, 'PromoCampaignCreated'), at);
  }
}

/** Replaces a campaign's terms, sets or clears its lock, or deletes it: its codes answer "unknown" from then on. */
@CommandHandler(ChangePromoCampaignCommand)
export class ChangePromoCampaignHandler implements ICommandHandler<ChangePromoCampaignCommand> {
  constructor(
    private readonly campaigns: PromoCampaigns,
    private readonly keys: PromoMasterKeys,
    private readonly writer: StreamWriter,
  ) {}

  async execute({ caller, campaignId, change }: ChangePromoCampaignCommand): Promise<void> {
    const { orgId, actor } = await this.campaigns.visible(caller, campaignId);
    if (change.type === 'SetPromoCampaignKey' && change.master_key_id !== null) await this.keys.assertLive(orgId, change.master_key_id);
    await this.writer.decide(promoCampaignStreamId(campaignId), promoCampaignDecider, { ...change, actor }, { org_id: orgId, actor: actor.id });
  }
}
