import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { CustomerAccess } from './customer-access';
import { CustomerContacts } from './customer-contacts';
import { CustomersController, ExportsController } from './customers.controller';
import { ExportCsvHandler } from './customers.export';
import { ForgetCustomerHandler } from './customers.handlers';
import { FindCustomerInteractionHandler, GetCustomerActivityHandler, ListCustomersHandler } from './customers.queries';

/** An organisation's customers (list, activity, interaction, forget), the CSV export, and their contacts for messaging. Wiring only. */
@Module({
  imports: [IdentityModule, AnalyticsModule, CodesModule, PagesModule],
  controllers: [CustomersController, ExportsController],
  providers: [
    CustomerAccess,
    CustomerContacts,
    ListCustomersHandler,
    GetCustomerActivityHandler,
    FindCustomerInteractionHandler,
    ForgetCustomerHandler,
    ExportCsvHandler,
  ],
  exports: [CustomerContacts],
})
export class CustomersModule {}
