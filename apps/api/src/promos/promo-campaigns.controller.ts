import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatePromoCampaignBody,
  PromoCampaignPath,
  PromoCampaignsQuery,
  PublicPromoPath,
  SetPromoMasterKeyBody,
  UpdatePromoCampaignBody,
  type PromoCampaignView,
  type PublicPromoView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { GetPromoCampaign, ListPromoCampaigns } from './promo-campaign-views';
import { ChangePromoCampaignCommand, CreatePromoCampaignCommand } from './promo-campaigns.handlers';
import { GetPublicPromo } from './promo-public-view';

const campaignPath = new ZodValidationPipe(PromoCampaignPath, 'path');

/** Spec §7 "create promo code", "master key set": an organisation's promo campaigns on its codes. */
@Controller('api/v1/promos')
@ReadModels(...CALLER_ROLES, 'promo-campaigns')
@UseGuards(AuthenticationGuard)
export class PromoCampaignsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CreatePromoCampaignBody, 'body')) body: CreatePromoCampaignBody,
  ): Promise<PromoCampaignView> {
    return this.commands.execute(new CreatePromoCampaignCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(PromoCampaignsQuery, 'query')) query: PromoCampaignsQuery): Promise<PromoCampaignView[]> {
    return this.queries.execute(new ListPromoCampaigns(caller, query.org_id, query.code_id));
  }

  @Get(':campaign_id')
  get(@CurrentCaller() caller: Caller, @Param(campaignPath) { campaign_id }: PromoCampaignPath): Promise<PromoCampaignView> {
    return this.queries.execute(new GetPromoCampaign(caller, campaign_id));
  }

  @Put(':campaign_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: PromoCampaignPath,
    @Body(new ZodValidationPipe(UpdatePromoCampaignBody, 'body')) { terms }: UpdatePromoCampaignBody,
  ): Promise<PromoCampaignView> {
    await this.commands.execute(new ChangePromoCampaignCommand(caller, campaign_id, { type: 'UpdatePromoCampaign', terms }));
    return this.queries.execute(new GetPromoCampaign(caller, campaign_id));
  }

  @Put(':campaign_id/master-key')
  async setKey(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: PromoCampaignPath,
    @Body(new ZodValidationPipe(SetPromoMasterKeyBody, 'body')) { master_key_id }: SetPromoMasterKeyBody,
  ): Promise<PromoCampaignView> {
    await this.commands.execute(new ChangePromoCampaignCommand(caller, campaign_id, { type: 'SetPromoCampaignKey', master_key_id }));
    return this.queries.execute(new GetPromoCampaign(caller, campaign_id));
  }

  @Delete(':campaign_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(campaignPath) { campaign_id }: PromoCampaignPath): Promise<void> {
    await this.commands.execute(new ChangePromoCampaignCommand(caller, campaign_id, { type: 'DeletePromoCampaign' }));
  }
}

/** What the visitor's promo page shows before anything is typed: no sign-in, rate-limited like every public route. */
@Controller('api/v1/public/promos')
@ReadModels('codes', 'promo-campaigns')
export class PublicPromoController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':qr_id')
  get(@Param(new ZodValidationPipe(PublicPromoPath, 'path')) { qr_id }: PublicPromoPath): Promise<PublicPromoView> {
    return this.queries.execute(new GetPublicPromo(qr_id));
  }
}
