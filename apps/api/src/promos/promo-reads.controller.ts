import { Controller, Get, Param, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  PromoAnalyticsQuery,
  PromoCampaignPath,
  PromoCodesPageQuery,
  PromoRedemptionsQuery,
  type PromoAnalyticsView,
  type PromoCodesPage,
  type PromoRedemptionsPage,
  type PromoUsageView,
} from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { namedCsvFile, type NamedCsvExport } from '../http/named-csv-export';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ExportPromoCsv } from './promo-export';
import { GetPromoAnalytics, GetPromoUsage, ListPromoCodes, ListPromoRedemptions } from './promo-usage.queries';

const campaignPath = new ZodValidationPipe(PromoCampaignPath, 'path');

/** What a promo campaign has seen (spec §7 "Promo lock": usage, export, analytics), its codes and its redemptions: read models only. */
@Controller('api/v1/promos')
@ReadModels(...CALLER_ROLES, 'promo-campaigns', 'promo-validations', 'promo-master-keys', 'organizations')
@UseGuards(AuthenticationGuard)
export class PromoReadsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':campaign_id/codes')
  codes(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: PromoCampaignPath,
    @Query(new ZodValidationPipe(PromoCodesPageQuery, 'query')) query: PromoCodesPageQuery,
  ): Promise<PromoCodesPage> {
    return this.queries.execute(new ListPromoCodes(caller, campaign_id, query));
  }

  @Get(':campaign_id/usage')
  usage(@CurrentCaller() caller: Caller, @Param(campaignPath) { campaign_id }: PromoCampaignPath): Promise<PromoUsageView> {
    return this.queries.execute(new GetPromoUsage(caller, campaign_id));
  }

  @Get(':campaign_id/redemptions')
  redemptions(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: PromoCampaignPath,
    @Query(new ZodValidationPipe(PromoRedemptionsQuery, 'query')) query: PromoRedemptionsQuery,
  ): Promise<PromoRedemptionsPage> {
    return this.queries.execute(new ListPromoRedemptions(caller, campaign_id, query));
  }

  @Get(':campaign_id/analytics')
  analytics(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: PromoCampaignPath,
    @Query(new ZodValidationPipe(PromoAnalyticsQuery, 'query')) { period }: PromoAnalyticsQuery,
  ): Promise<PromoAnalyticsView> {
    return this.queries.execute(new GetPromoAnalytics(caller, campaign_id, period));
  }

  /** Spec §7: the body is the CSV in base64, streamed; the row count comes first, in a header, for a progress bar. */
  @Get(':campaign_id/export')
  async export(
    @CurrentCaller() caller: Caller,
    @Param(campaignPath) { campaign_id }: PromoCampaignPath,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const exported: NamedCsvExport = await this.queries.execute(new ExportPromoCsv(caller, campaign_id));
    return namedCsvFile(reply, exported, 'promo-export');
  }
}
