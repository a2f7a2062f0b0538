import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PromoReadAccess } from './promo-read-access';
import { ExportPromoCsvHandler } from './promo-export';
import { PromoReadsController } from './promo-reads.controller';
import { GetPromoAnalyticsHandler, GetPromoUsageHandler, ListPromoCodesHandler, ListPromoRedemptionsHandler } from './promo-usage.queries';

/** Promo campaigns on codes, master promo keys, and the visitor's validation. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [
    // Reads: usage, analytics, redemptions, codes and the export.
    PromoReadsController,
  ],
  providers: [
    // Reads: usage, analytics, redemptions, codes and the export.
    PromoReadAccess,
    ListPromoCodesHandler,
    GetPromoUsageHandler,
    ListPromoRedemptionsHandler,
    GetPromoAnalyticsHandler,
    ExportPromoCsvHandler,
  ],
})
export class PromosModule {}
