import { Module } from '@nestjs/common';
import { ExperiencesModule } from '../experiences/experiences.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyReadsModule } from '../loyalty/loyalty-reads.module';
import { PagesModule } from '../pages/pages.module';
import { PromosModule } from '../promos/promos.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ApnsSender } from './apple/apns-sender';
import { AppleRegistrations } from './apple/apple-registrations';
import { PassKitWebServiceController } from './apple/passkit-web-service.controller';
import {
  GetLatestPassHandler,
  ListChangedSerialsHandler,
  PassKitAuthorization,
  RecordWalletLogsHandler,
  RegisterDeviceHandler,
  UnregisterDeviceHandler,
} from './apple/passkit-web-service.handlers';
import { GoogleWallet } from './google/google-wallet';
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
import { PassServiceController, PkpassController, WalletUrlController } from './pass-service.controller';
import { CreatePassHandler, GetPassHandler, ListPassesHandler, UpdatePassHandler } from './pass-service.handlers';
import { PassSources } from './pass-sources';
import { PassTokens } from './pass-tokens';
import { PassPushQueue } from './pass-push-queue';
import { PassUpdater } from './pass-updater';
import { PassViews } from './pass-views';
import { DownloadPkpassHandler, GetWalletUrlHandler, PushPassHandler } from './wallet-deliveries.handlers';
import { WalletIssuers } from './wallet-issuers';
import { WalletIssuersController } from './wallet-issuers.controller';
import { ChangeIssuerHandler, GetIssuersHandler } from './wallet-issuers.handlers';

/** Wallet passes: designs, the pass service (spec §7's second base), issuers, Apple's web service and the updates. Wiring only. */
@Module({
  imports: [IdentityModule, LoyaltyReadsModule, PromosModule, PagesModule, ExperiencesModule, UploadsModule],
  controllers: [
    PassKitWebServiceController,
    PassDesignsController,
    PassServiceController,
    PkpassController,
    WalletUrlController,
    PublicPassesController,
    WalletIssuersController,
  ],
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
    ChangeIssuerHandler,
    GetIssuersHandler,
    DownloadPkpassHandler,
    PushPassHandler,
    GetWalletUrlHandler,
    // Keeping passes current: the push queue and its updater.
    PassPushQueue,
    PassUpdater,
    // The wallets: Apple's devices and APNs, Google's objects.
    AppleRegistrations,
    ApnsSender,
    PassKitAuthorization,
    RegisterDeviceHandler,
    UnregisterDeviceHandler,
    ListChangedSerialsHandler,
    GetLatestPassHandler,
    RecordWalletLogsHandler,
    GoogleWallet,
  ],
})
export class PassesModule {}
