import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AnalyticsQuery, SelectionQuery, type AnalyticsView, type SelectionView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { AnalyseSelection, GetAnalytics } from './analytics.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

/** An organisation's analytics (spec §7 "Collection and analytics"): read models only. */
@Controller('api/v1/analytics')
@ReadModels(...CALLER_ROLES, 'analytics', 'analytics-clickhouse', 'codes', 'organizations', 'pages', 'submissions')
@UseGuards(AuthenticationGuard)
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  get(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(AnalyticsQuery, 'query')) query: AnalyticsQuery): Promise<AnalyticsView> {
    return this.queries.execute(new GetAnalytics(caller, query));
  }

  @Get('selection')
  selection(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(SelectionQuery, 'query')) query: SelectionQuery): Promise<SelectionView> {
    return this.queries.execute(new AnalyseSelection(caller, query));
  }
}
