import { Module } from '@nestjs/common';
import { ExperiencesModule } from '../experiences/experiences.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyReadsModule } from '../loyalty/loyalty-reads.module';
import { PagesModule } from '../pages/pages.module';
import { PromosModule } from '../promos/promos.module';
import { UploadsModule } from '../uploads/uploads.module';
import { PassContents } from './pass-contents';
import { PassDesignsController } from './pass-designs.controller';
import {
  CreatePassDesignHandler,
  DeletePassDesignHandler,
  GetPassDesignHandler,
  ListPassDesignsHandler,
  UpdatePassDesignHandler,
} from './pass-designs.handlers';
import { GetPassOfferHandler, PublicPassesController } from './pass-offers';
import { PassReads } from './pass-reads';
import { PassServiceController } from './pass-service.controller';
import { CreatePassHandler, GetPassHandler, ListPassesHandler, UpdatePassHandler } from './pass-service.handlers';
import { PassSources } from './pass-sources';
import { PassTokens } from './pass-tokens';
import { PassViews } from './pass-views';
import { WalletIssuers } from './wallet-issuers';

/** Wallet passes: designs, the pass service (spec §7's second base), issuers, Apple's web service and the updates. Wiring only. */
@Module({
  imports: [IdentityModule, LoyaltyReadsModule, PromosModule, PagesModule, ExperiencesModule, UploadsModule],
  controllers: [PassDesignsController, PassServiceController, PublicPassesController],
  providers: [
    PassReads,
    PassSources,
    PassTokens,
    PassViews,
    PassContents,
    WalletIssuers,
    CreatePassDesignHandler,
    UpdatePassDesignHandler,
    DeletePassDesignHandler,
    ListPassDesignsHandler,
    GetPassDesignHandler,
    CreatePassHandler,
    UpdatePassHandler,
    GetPassHandler,
    ListPassesHandler,
    GetPassOfferHandler,
  ],
})
export class PassesModule {}
