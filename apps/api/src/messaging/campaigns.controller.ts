import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  AudiencePreviewBody,
  CampaignPath,
  CreateCampaignBody,
  InvitationBody,
  ListCampaignsQuery,
  ListDeliveriesQuery,
  ScheduleCampaignBody,
  TestCampaignBody,
  UpdateCampaignBody,
  type AudiencePreviewView,
  type CampaignListView,
  type CampaignView,
  type DeliveryListView,
} from '@qr/contracts';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import {
  CancelCampaignCommand,
  CreateCampaignCommand,
  DraftInvitationCommand,
  ScheduleCampaignCommand,
  TestCampaignCommand,
  UpdateCampaignCommand,
} from './campaigns.handlers';
import { GetCampaign, ListCampaigns, ListDeliveries, PreviewAudience } from './campaigns.queries';

const campaignPath = new ZodValidationPipe(CampaignPath, 'path');

/** Spec §1 "SMS, push and email-with-QR campaigns": an organisation's campaigns, their audiences, schedules and results. */
@Controller('api/v1/messaging')
@ReadModels(...CALLER_ROLES, 'messaging', 'organizations')
@UseGuards(AuthenticationGuard)
export class CampaignsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('campaigns')
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreateCampaignBody, 'body')) body: CreateCampaignBody): Promise<CampaignView> {
    return this.commands.execute(new CreateCampaignCommand(caller, body));
  }

  @Get('campaigns')
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListCampaignsQuery, 'query')) query: ListCampaignsQuery): Promise<CampaignListView> {
    return this.queries.execute(new ListCampaigns(caller, query));
  }

  @Get('campaigns/:campaign_id')
  get(@CurrentCaller() caller: Caller, @Param(campaignPath) { campaign_id }: CampaignPath): Promise<CampaignView> {
    return this.queries.execute(new GetCampaign(caller, campaign_id));
  }

  @Put('campaigns/:campaign_id')
  update(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: CampaignPath,
    @Body(new ZodValidationPipe(UpdateCampaignBody, 'body')) body: UpdateCampaignBody,
  ): Promise<CampaignView> {
    return this.commands.execute(new UpdateCampaignCommand(caller, campaign_id, body));
  }

  @Post('campaigns/:campaign_id/schedule')
  @HttpCode(200)
  schedule(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: CampaignPath,
    @Body(new ZodValidationPipe(ScheduleCampaignBody, 'body')) body: ScheduleCampaignBody,
  ): Promise<CampaignView> {
    return this.commands.execute(new ScheduleCampaignCommand(caller, campaign_id, body.send_at ?? null));
  }

  @Post('campaigns/:campaign_id/cancel')
  @HttpCode(200)
  cancel(@CurrentCaller() caller: Caller, @Param(campaignPath) { campaign_id }: CampaignPath): Promise<CampaignView> {
    return this.commands.execute(new CancelCampaignCommand(caller, campaign_id));
  }

  @Post('campaigns/:campaign_id/test')
  @HttpCode(202)
  test(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: CampaignPath,
    @Body(new ZodValidationPipe(TestCampaignBody, 'body')) body: TestCampaignBody,
  ): Promise<{ delivery_id: string }> {
    return this.commands.execute(new TestCampaignCommand(caller, campaign_id, body.to));
  }

  @Get('campaigns/:campaign_id/deliveries')
  deliveries(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: CampaignPath,
    @Query(new ZodValidationPipe(ListDeliveriesQuery, 'query')) query: ListDeliveriesQuery,
  ): Promise<DeliveryListView> {
    return this.queries.execute(new ListDeliveries(caller, campaign_id, query));
  }

  @Post('audiences/preview')
  @HttpCode(200)
  preview(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(AudiencePreviewBody, 'body')) body: AudiencePreviewBody): Promise<AudiencePreviewView> {
    return this.queries.execute(new PreviewAudience(caller, body));
  }

  @Post('invitations')
  invitation(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(InvitationBody, 'body')) body: InvitationBody): Promise<CampaignView> {
    return this.commands.execute(new DraftInvitationCommand(caller, body));
  }
}
