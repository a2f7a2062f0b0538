import { Module } from '@nestjs/common';
import { LoyaltyReads } from './loyalty-reads';

/**
 * The loyalty read models on their own: the pages' return page reads an exchange through them,
 * while the loyalty context reads pages' submissions, so neither module imports the other whole.
 */
@Module({ providers: [LoyaltyReads], exports: [LoyaltyReads] })
export class LoyaltyReadsModule {}
