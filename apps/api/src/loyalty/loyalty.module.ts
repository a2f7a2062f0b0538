import { Module } from '@nestjs/common';
import { CodesModule } from '../codes/codes.module';
import { IdentityModule } from '../identity/identity.module';
import { LoyaltyDecisions } from './loyalty-decisions';
import { LoyaltyReads } from './loyalty-reads';
import { VenueCodes } from './venue-codes';

/** Loyalty programmes on codes: members and their cards, rewards, campaign rewards, referrals. Wiring only. */
@Module({
  imports: [IdentityModule, CodesModule],
  controllers: [],
  providers: [
    // Every command on a programme goes through its serialised stream.
    LoyaltyDecisions,
    VenueCodes,
    // The read models, for this context's queries and the pages' return page.
    LoyaltyReads,
  ],
  exports: [LoyaltyReads],
})
export class LoyaltyModule {}
