import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyDecisions } from './loyalty-decisions';
import { AddReferralHandler } from './loyalty-referrals.handlers';
import { ClaimCampaignRewardHandler, RedeemRewardHandler, RegisterMemberHandler } from './loyalty-visitor.handlers';
import { PublicLoyaltyController } from './public-loyalty.controller';
import { ReferralNetworks } from './referral-networks';
import { VenueCodes } from './venue-codes';

/** Loyalty programmes on codes: members and their cards, rewards, campaign rewards, referrals. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [PublicLoyaltyController],
  providers: [
    // Every command on a programme goes through its serialised stream.
    LoyaltyDecisions,
    VenueCodes,
    // The visitor's side: their card's commands and referrals.
    ReferralNetworks,
    RegisterMemberHandler,
    RedeemRewardHandler,
    ClaimCampaignRewardHandler,
    AddReferralHandler,
  ],
})
export class LoyaltyModule {}
