import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyAccess } from './loyalty-access';
import { LoyaltyDecisions } from './loyalty-decisions';
import { ExportLoyaltyMembersHandler } from './loyalty-export';
import { LoyaltyReads } from './loyalty-reads';
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
import { VenueCodes } from './venue-codes';

/** Loyalty programmes on codes: members and their cards, rewards, campaign rewards, referrals. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [LoyaltyStaffController],
  providers: [
    // Every command on a programme goes through its serialised stream.
    LoyaltyDecisions,
    VenueCodes,
    // The read models, for this context's queries and the pages' return page.
    LoyaltyReads,
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
  ],
  exports: [LoyaltyReads],
})
export class LoyaltyModule {}
