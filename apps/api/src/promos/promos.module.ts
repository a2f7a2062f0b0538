import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { GetPromoCampaignHandler, ListPromoCampaignsHandler, PromoCampaigns } from './promo-campaign-views';
import { PromoCampaignsController, PublicPromoController } from './promo-campaigns.controller';
import { ChangePromoCampaignHandler, CreatePromoCampaignHandler } from './promo-campaigns.handlers';
import { PromoMasterKeySecrets } from './promo-master-key-secrets';
import { GetPromoMasterKeyHandler, ListPromoMasterKeysHandler, PromoMasterKeys } from './promo-master-key-views';
import { PromoMasterKeysController } from './promo-master-keys.controller';
import {
  CreatePromoMasterKeyHandler,
  DeletePromoMasterKeyHandler,
  RenamePromoMasterKeyHandler,
  RotatePromoMasterKeyHandler,
} from './promo-master-keys.handlers';
import { GetPublicPromoHandler } from './promo-public-view';
import { PromoLockout } from './promo-lockout';
import { PromoNonces } from './promo-nonces';
import { PromoReadAccess } from './promo-read-access';
import { PromoRedemptions } from './promo-redemptions';
import { PromoValidationController } from './promo-validation.controller';
import { PromoValidations } from './promo-validations';
import { ExportPromoCsvHandler } from './promo-export';
import { PromoReadsController } from './promo-reads.controller';
import { GetPromoAnalyticsHandler, GetPromoUsageHandler, ListPromoCodesHandler, ListPromoRedemptionsHandler } from './promo-usage.queries';

/** Promo campaigns on codes, master promo keys, and the visitor's validation. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [PromoCampaignsController, PromoMasterKeysController, PublicPromoController, PromoReadsController, PromoValidationController],
  providers: [
    PromoCampaigns,
    PromoMasterKeys,
    PromoMasterKeySecrets,
    CreatePromoCampaignHandler,
    ChangePromoCampaignHandler,
    GetPromoCampaignHandler,
    ListPromoCampaignsHandler,
    GetPublicPromoHandler,
    CreatePromoMasterKeyHandler,
    RenamePromoMasterKeyHandler,
    RotatePromoMasterKeyHandler,
    DeletePromoMasterKeyHandler,
    GetPromoMasterKeyHandler,
    ListPromoMasterKeysHandler,
    // Reads: usage, analytics, redemptions, codes and the export.
    PromoReadAccess,
    ListPromoCodesHandler,
    GetPromoUsageHandler,
    ListPromoRedemptionsHandler,
    GetPromoAnalyticsHandler,
    ExportPromoCsvHandler,
    // The visitor's validation: the guard, the nonces and the per-campaign serialiser.
    PromoNonces,
    PromoLockout,
    PromoRedemptions,
    PromoValidations,
  ],
  exports: [PromoCampaigns],
})
export class PromosModule {}
