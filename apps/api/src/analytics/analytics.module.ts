import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { ScansModule } from '../scans/scans.module';
import { AnalyticsAccess } from './analytics-access';
import { AnalyticsController } from './analytics.controller';
import { RecordAnalyticsEventHandler } from './analytics-events.handlers';
import { AnalyseSelectionHandler, GetAnalyticsHandler } from './analytics.queries';
import { PublicAnalyticsController } from './public-analytics.controller';

/**
 * Analytics over the rollups, selection analysis and the landing pages' custom events. Wiring only.
 * AnalyticsAccess is exported: the customers context checks with it that a code is the organisation's.
 */
@Module({
  imports: [IdentityModule, CodesModule, PagesModule, ScansModule],
  controllers: [AnalyticsController, PublicAnalyticsController],
  providers: [AnalyticsAccess, GetAnalyticsHandler, AnalyseSelectionHandler, RecordAnalyticsEventHandler],
  exports: [AnalyticsAccess],
})
export class AnalyticsModule {}
