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

/** Promo campaigns on codes, master promo keys, and the visitor's validation. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [PromoCampaignsController, PromoMasterKeysController, PublicPromoController],
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
  ],
})
export class PromosModule {}
