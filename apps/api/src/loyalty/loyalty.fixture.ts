import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LoyaltyDecisions } from './loyalty-decisions';
import { LoyaltyReads } from './loyalty-reads';

/**
 * A member joined as the visitor's register reward would join them, for specs of other contexts
 * (the permission matrix) and of staff's routes: the card id, once the read model has it.
 */
export async function joinedMember(app: NestFastifyApplication, programmeId: string, email = `${randomUUID()}@example.com`): Promise<string> {
  const cardId = randomUUID();
  const decision = await app
    .get(LoyaltyDecisions)
    .decide(programmeId, { type: 'RegisterMember', card_id: cardId, email, phone: null, name: 'Ada', at: new Date().toISOString(), referral: null });
  await app.get(LoyaltyReads).reached(decision.appended);
  return cardId;
}
