import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { PagesModule } from '../pages/pages.module';
import { LiveProgrammes } from './live-programmes';
import { LoyaltyAccess } from './loyalty-access';
import { LoyaltyDecisions } from './loyalty-decisions';
import { LoyaltyGrants } from './loyalty-grants';
import { ExportLoyaltyMembersHandler } from './loyalty-export';
import { LoyaltyReadsModule } from './loyalty-reads.module';
import { AddReferralHandler, ReferSubscriptionHandler } from './loyalty-referrals.handlers';
import { LoyaltyStaffController } from './loyalty-staff.controller';
import { ChangeProgrammeHandler, CreateProgrammeHandler, MoveCardHandler } from './loyalty-staff.handlers';
import {
  GetMemberHandler,
  GetProgrammeHandler,
  GetReferralAnalysisHandler,
  GetVenueCodeHandler,
  ListMembersHandler,
  ListProgrammesHandler,
} from './loyalty-staff.queries';
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
  // The read models come in their own module, which the pages' return page imports too (loyalty reads pages' submissions).
  imports: [IdentityModule, CodesModule, PagesModule, LoyaltyReadsModule],
  controllers: [LoyaltyStaffController, PublicLoyaltyController],
  providers: [
    // Every command on a programme goes through its serialised stream.
    LoyaltyDecisions,
    VenueCodes,
    // Other contexts' prizes (a game's) given to a card.
    LoyaltyGrants,
    // Staff: programmes, members and their cards, referrals, the export.
    LoyaltyAccess,
    CreateProgrammeHandler,
    ChangeProgrammeHandler,
    MoveCardHandler,
    GetProgrammeHandler,
    ListProgrammesHandler,
    GetVenueCodeHandler,
    ListMembersHandler,
    GetMemberHandler,
    GetReferralAnalysisHandler,
    ExportLoyaltyMembersHandler,
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
  exports: [LoyaltyReadsModule, LoyaltyGrants],
})
export class LoyaltyModule {}
