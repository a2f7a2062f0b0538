import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { ScansModule } from '../scans/scans.module';
import { AnalyticsAccess } from './analytics-access';
import { AnalyticsController } from './analytics.controller';
import { RecordAnalyticsEventHandler } from './analytics-events.handlers';
import { AnalyseSelectionHandler, GetAnalyticsHandler } from './analytics.queries';
import { CustomerAccess } from './customer-access';
import { CustomersController, ExportsController } from './customers.controller';
import { ExportCsvHandler } from './customers.export';
import { ForgetCustomerHandler } from './customers.handlers';
import { FindCustomerInteractionHandler, GetCustomerActivityHandler, ListCustomersHandler } from './customers.queries';
import { PublicAnalyticsController } from './public-analytics.controller';

/**
 * Analytics over the rollups, selection analysis, the landing pages' custom events, customers
 * (list, activity, interaction, forget) and the CSV export. Wiring only.
 */
@Module({
  imports: [IdentityModule, CodesModule, PagesModule, ScansModule],
  controllers: [AnalyticsController, PublicAnalyticsController, CustomersController, ExportsController],
  providers: [
    AnalyticsAccess,
    GetAnalyticsHandler,
    AnalyseSelectionHandler,
    RecordAnalyticsEventHandler,
    CustomerAccess,
    ListCustomersHandler,
    GetCustomerActivityHandler,
    FindCustomerInteractionHandler,
    ForgetCustomerHandler,
    ExportCsvHandler,
  ],
})
export class AnalyticsModule {}
