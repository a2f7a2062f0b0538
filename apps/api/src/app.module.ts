import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { registerAnalyticsPaths } from './analytics/analytics.openapi';
import { AnalyticsModule } from './analytics/analytics.module';
import { registerCustomersPaths } from './customers/customers.openapi';
import { registerClonesPaths } from './clones/clones.openapi';
import { registerCodesPaths } from './codes/codes.openapi';
import { registerExperiencesPaths } from './experiences/experiences.openapi';
import { registerFoldersPaths } from './folders/folders.openapi';
import { registerFontsPaths } from './fonts/fonts.openapi';
import { registerHealthPaths } from './health/health.openapi';
import type { RegisterPaths } from './http/openapi';
import { registerIdentityPaths } from './identity/identity.openapi';
import { registerNotesPaths } from './notes/notes.openapi';
import { registerOneTimeCodesPaths } from './one-time-codes/one-time-codes.openapi';
import { registerPagesPaths } from './pages/pages.openapi';
import { registerPromosPaths } from './promos/promos.openapi';
import { registerScansPaths } from './scans/scans.openapi';
import { registerSitePaths } from './site/site.openapi';
import { registerTemplatesPaths } from './templates/templates.openapi';
import { registerUploadsPaths } from './uploads/uploads.openapi';
import { ClonesModule } from './clones/clones.module';
import { CodesModule } from './codes/codes.module';
import { CustomersModule } from './customers/customers.module';
import { StreamWriter } from './decide-on-stream';
import { ExperiencesModule } from './experiences/experiences.module';
import { registerLoyaltyPublicPaths } from './loyalty/loyalty-public.openapi';
import { LoyaltyModule } from './loyalty/loyalty.module';
import { registerEmailQrPaths } from './messaging/email/email-qr.openapi';
import { MessagingModule } from './messaging/messaging.module';
import { PassesModule } from './passes/passes.module';
import { registerPushPaths } from './messaging/push/push.openapi';
import { GamesModule } from './games/games.module';
import { registerGamesPaths } from './games/games.openapi';
import { PollsModule } from './polls/polls.module';
import { registerPollsPaths } from './polls/polls.openapi';
import { PromosModule } from './promos/promos.module';
import { registerPromoReadsPaths } from './promos/promo-reads.openapi';
import { registerLoyaltyStaffPaths } from './loyalty/loyalty-staff.openapi';
import { registerSmsPaths } from './messaging/sms/sms.openapi';
import { registerMessagingPaths } from './messaging/messaging.openapi';
import { registerPassesPaths } from './passes/passes.openapi';
import { registerPassKitPaths } from './passes/apple/apple.openapi';
import { FoldersModule } from './folders/folders.module';
import { FontsModule } from './fonts/fonts.module';
import { HealthModule } from './health/health.module';
import { HotPathAppender } from './hot-path-appender';
import { LiveChannels } from './live-channels';
import { OneTimeCodesModule } from './one-time-codes/one-time-codes.module';
import { AuthModule } from './identity/auth/auth.module';
import { IdentityModule } from './identity/identity.module';
import { NotesModule } from './notes/notes.module';
import { PagesModule } from './pages/pages.module';
import { SiteModule } from './site/site.module';
import { ScansModule } from './scans/scans.module';
import { TemplatesModule } from './templates/templates.module';
import { UploadsModule } from './uploads/uploads.module';
import { WallsModule } from './walls/walls.module';
import { registerWallsPaths } from './walls/walls.openapi';
import { AnalyticsRollups } from '@qr/projections-analytics';
import { ANALYTICS_READER, CONFIG, EVENT_STORE, KAFKA_RELAY, LOGGER, PROJECTION_RUNNER, SQL_CLIENT, type Infrastructure } from './infrastructure';

/** The infrastructure, opened by main.ts (or a test), made injectable everywhere. */
@Global()
@Module({})
class InfrastructureModule {
  static of(infra: Infrastructure): DynamicModule {
    const providers = [
      { provide: CONFIG, useValue: infra.config },
      { provide: LOGGER, useValue: infra.logger },
      { provide: SQL_CLIENT, useValue: infra.db },
      { provide: EVENT_STORE, useValue: infra.eventStore },
      { provide: PROJECTION_RUNNER, useValue: infra.projections },
      { provide: ANALYTICS_READER, useValue: infra.analytics ?? new AnalyticsRollups(infra.db) },
      { provide: KAFKA_RELAY, useValue: infra.relay ?? null },
    ];
    return {
      module: InfrastructureModule,
      providers: [...providers, HotPathAppender, StreamWriter, LiveChannels],
      exports: [...providers.map((p) => p.provide), HotPathAppender, StreamWriter, LiveChannels],
    };
  }
}

/** Every bounded context's module, listed explicitly. */
@Module({})
export class AppModule {
  static with(infra: Infrastructure, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.of(infra),
        CqrsModule.forRoot(),
        HealthModule,
        AuthModule,
        IdentityModule,
        CodesModule,
        OneTimeCodesModule,
        ClonesModule,
        TemplatesModule,
        FoldersModule,
        NotesModule,
        PagesModule,
        ExperiencesModule,
        PromosModule,
        LoyaltyModule,
        PollsModule,
        GamesModule,
        MessagingModule,
        PassesModule,
        ScansModule,
        AnalyticsModule,
        CustomersModule,
        UploadsModule,
        WallsModule,
        SiteModule,
        FontsModule,
        ...extraModules,
      ],
    };
  }
}

/** Every bounded context's paths in the OpenAPI document, listed explicitly like its module. */
export const API_PATHS: readonly RegisterPaths[] = [
  registerHealthPaths,
  registerIdentityPaths,
  registerSitePaths,
  registerCodesPaths,
  registerClonesPaths,
  registerTemplatesPaths,
  registerScansPaths,
  registerOneTimeCodesPaths,
  registerUploadsPaths,
  registerWallsPaths,
  registerPagesPaths,
  registerCustomersPaths,
  registerAnalyticsPaths,
  registerExperiencesPaths,
  registerPromosPaths,
  registerFoldersPaths,
  registerNotesPaths,
  registerFontsPaths,
  registerPromoReadsPaths,
  registerLoyaltyPublicPaths,
  registerLoyaltyStaffPaths,
  registerSmsPaths,
  registerMessagingPaths,
  registerPassesPaths,
  registerPassKitPaths,
  registerEmailQrPaths,
  registerPushPaths,
  registerPollsPaths,
  registerGamesPaths,
];
