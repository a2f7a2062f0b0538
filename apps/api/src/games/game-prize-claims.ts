import { Injectable } from '@nestjs/common';
import { DomainError, type Prize } from '@qr/contracts';
import type { PlayState } from '@qr/domain';
import { LoyaltyGrants, LoyaltyReads, type ProgrammeRow } from '../loyalty';
import { PromoCampaigns, type PromoCampaignRow } from '../promos';

/** What a claimed prize hands over beside a voucher: the promo code to type, or the exchange now on the card. */
export interface DeliveredPrize {
  promo_code: string | null;
  loyalty: { programme_id: string; card_id: string; exchange_id: string } | null;
}

type PromoClaim = Extract<Prize['claim'], { kind: 'promo_code' }>;
type LoyaltyClaim = Extract<Prize['claim'], { kind: 'loyalty_reward' }>;

const prizeInvalid = (message: string, index?: number): DomainError =>
  new DomainError('game_prize_invalid', message, index === undefined ? undefined : { field: `body.prizes.${index}.claim` });

/**
 * A game's prizes as the promos and loyalty contexts hold them, through what those contexts export:
 * whether a prize's campaign or reward is the organisation's, and handing it over once the game's
 * stream has recorded the claim. A unique campaign's codes go to the game's winners in ordinal
 * order (the prize's first winner gets the campaign's first code): the campaign is the game's
 * stock of codes, and one handed out another way as well may reach two people.
 */
@Injectable()
export class GamePrizeClaims {
  constructor(
    private readonly promos: PromoCampaigns,
    private readonly loyalty: LoyaltyReads,
    private readonly grants: LoyaltyGrants,
  ) {}

  /** Refuses a prize whose campaign, programme or reward is not the organisation's, or a unique campaign with fewer codes than the prize's stock. */
  async check(orgId: string, prizes: readonly Prize[]): Promise<void> {
    for (const [index, prize] of prizes.entries()) {
      const { claim } = prize;
      if (claim.kind === 'promo_code') {
        const campaign = await this.campaignOf(orgId, claim);
        if (!campaign) throw prizeInvalid('No such promo campaign in this organisation.', index);
        if (campaign.kind === 'unique' && (campaign.count ?? 0) < prize.stock)
          throw prizeInvalid(`The campaign has ${campaign.count ?? 0} codes: fewer than the prize’s stock of ${prize.stock}.`, index);
      }
      if (claim.kind === 'loyalty_reward') {
        const programme = await this.programmeOf(orgId, claim);
        if (!programme) throw prizeInvalid('No such loyalty programme in this organisation.', index);
        if (!programme.terms.reward_list.some((reward) => reward.reward_id === claim.reward_id))
          throw prizeInvalid('No such reward in this loyalty programme.', index);
      }
    }
  }

  /** Before a loyalty prize is claimed: the card it goes on is one of the programme's. */
  async checkCard(orgId: string, prize: Prize, cardId: string | null): Promise<void> {
    const { claim } = prize;
    if (claim.kind !== 'loyalty_reward') return;
    const programme = await this.programmeOf(orgId, claim);
    const member = programme && cardId !== null ? await this.loyalty.memberOf(programme, cardId) : null;
    if (!member) throw new DomainError('validation_failed', 'No such card in this loyalty programme.', { field: 'body.card_id' });
  }

  /**
   * Hands the prize over once the game's PrizeClaimed is durable: the play's unit names the promo
   * code, its exchange id the reward's grant, so a repeated claim hands over the same again.
   */
  async deliver(orgId: string, gameId: string, prize: Prize, play: PlayState): Promise<DeliveredPrize> {
    if (!play.claimed || play.unit === null) throw new Error(`Play ${play.play_id} has not claimed its prize`);
    const { claim } = prize;
    switch (claim.kind) {
      case 'voucher':
        return { promo_code: null, loyalty: null };
      case 'promo_code':
        return { promo_code: await this.promoCodeOf(orgId, claim, play.unit), loyalty: null };
      case 'loyalty_reward': {
        const { card_id, exchange_id } = play;
        if (card_id === null || exchange_id === null) throw new Error(`Play ${play.play_id} claimed a loyalty reward without a card`);
        if (!(await this.programmeOf(orgId, claim))) throw prizeInvalid('This prize’s loyalty programme is no longer the organisation’s: ask at the counter.');
        await this.grants.grant({ programme_id: claim.programme_id, card_id, reward_id: claim.reward_id, exchange_id, game_id: gameId, play_id: play.play_id });
        return { promo_code: null, loyalty: { programme_id: claim.programme_id, card_id, exchange_id } };
      }
    }
  }

  /** A shared campaign's one code, or the unique campaign's code for this unit: units count from 0, ordinals from 1. */
  private async promoCodeOf(orgId: string, claim: PromoClaim, unit: number): Promise<string> {
    const campaign = await this.campaignOf(orgId, claim);
    const code = campaign && (campaign.kind === 'shared' ? campaign.promo_code : await this.promos.codeAt(campaign.campaign_id, unit + 1));
    if (!code) throw prizeInvalid('This prize’s promo campaign has no code left for it: ask at the counter.');
    return code;
  }

  private async campaignOf(orgId: string, claim: PromoClaim): Promise<PromoCampaignRow | undefined> {
    const campaign = await this.promos.liveCampaign(claim.campaign_id);
    return campaign?.org_id === orgId ? campaign : undefined;
  }

  private async programmeOf(orgId: string, claim: LoyaltyClaim): Promise<ProgrammeRow | null> {
    const programme = await this.loyalty.programme(claim.programme_id);
    return programme?.status === 'live' && programme.org_id === orgId ? programme : null;
  }
}
