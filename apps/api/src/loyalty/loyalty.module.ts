import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { LiveProgrammes } from './live-programmes';
import { LoyaltyDecisions } from './loyalty-decisions';
import { LoyaltyReadsModule } from './loyalty-reads.module';
import { AddReferralHandler, ReferSubscriptionHandler } from './loyalty-referrals.handlers';
import {
  ClaimCampaignRewardHandler,
  CollectStampHandler,
  CreditSubmissionHandler,
  RedeemRewardHandler,
  RegisterMemberHandler,
} from './loyalty-visitor.handlers';
import { GetExchangeHandler, GetLoyaltyCardHandler, GetPublicProgrammeHandler, GetReferralCodeHandler } from './loyalty-visitor.queries';
import { PublicLoyaltyController } from './public-loyalty.controller';
import { ReferralNetworks } from './referral-networks';
import { VenueCodes } from './venue-codes';

/** Loyalty programmes on codes: members and their cards, rewards, campaign rewards, referrals. Wiring only. */
@Module({
  // The read models come in their own module, which the pages' return page imports too.
  imports: [IdentityModule, CodesModule, PagesModule, LoyaltyReadsModule],
  controllers: [PublicLoyaltyController],
  providers: [
    // Every command on a programme goes through its serialised stream.
    LoyaltyDecisions,
    VenueCodes,
    // The visitor's side: their card's commands and reads, and referrals.
    LiveProgrammes,
    ReferralNetworks,
    RegisterMemberHandler,
    CollectStampHandler,
    RedeemRewardHandler,
    CreditSubmissionHandler,
    ClaimCampaignRewardHandler,
    AddReferralHandler,
    ReferSubscriptionHandler,
    GetPublicProgrammeHandler,
    GetLoyaltyCardHandler,
    GetReferralCodeHandler,
    GetExchangeHandler,
  ],
  exports: [LoyaltyReadsModule],
})
export class LoyaltyModule {}
