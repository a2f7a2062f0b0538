import { Injectable } from '@nestjs/common';
import { LoyaltyDecisions } from './loyalty-decisions';
import { LoyaltyReads } from './loyalty-reads';

/** A reward another context gives a card: a game's prize, with the play that won it. */
export interface RewardGrant {
  programme_id: string;
  card_id: string;
  reward_id: string;
  exchange_id: string;
  game_id: string;
  play_id: string;
}

/**
 * How other contexts give a card a reward with no points spent: decided on the programme's stream
 * like every command of it, so the reward's stock holds against redemptions racing it.
 */
@Injectable()
export class LoyaltyGrants {
  constructor(
    private readonly decisions: LoyaltyDecisions,
    private readonly reads: LoyaltyReads,
  ) {}

  /**
   * Gives the reward as the exchange `exchange_id`; a repeat of it decides nothing. Waits for the
   * read model, as a join does: the winner opens the card next, and a prize is rare beside a stamp.
   */
  async grant({ programme_id, ...grant }: RewardGrant): Promise<void> {
    const decision = await this.decisions.decide(programme_id, { type: 'GrantReward', ...grant, at: new Date().toISOString() });
    await this.reads.reached(decision.appended);
  }
}
