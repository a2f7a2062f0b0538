import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MAX_CAMPAIGN_GIFTS, type CardMovement, type ClaimCampaignRewardBody, type RedeemRewardBody, type RegisterMemberBody } from '@qr/contracts';
import { contactKey, type ReferralClaim } from '@qr/domain';
import type { Visit } from '../http/client-address';
import { LoyaltyDecisions, type LoyaltyDecision } from './loyalty-decisions';
import { ReferralNetworks } from './referral-networks';

/** Spec §7 "register reward": a card for an email or phone, with the friend's referral that brought them, if any. */
export class RegisterMemberCommand extends Command<CardMovement> {
  constructor(
    readonly body: RegisterMemberBody,
    readonly visit: Visit,
  ) {
    super();
  }
}

/** Spec §7 "redeem rewards", by the card's holder. */
export class RedeemRewardCommand extends Command<CardMovement> {
  constructor(readonly body: RedeemRewardBody) {
    super();
  }
}

/** Spec §7 "campaign reward", claimed by the card's holder. */
export class ClaimCampaignRewardCommand extends Command<CardMovement> {
  constructor(readonly body: ClaimCampaignRewardBody) {
    super();
  }
}

/** The card a visitor's command moved: every such command names a card the programme holds, or was refused. */
export function movementOf({ answer }: LoyaltyDecision): CardMovement {
  if (answer === null) throw new Error('A command on a card answered no card');
  return answer;
}

@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand> {
  constructor(
    private readonly decisions: LoyaltyDecisions,
    private readonly networks: ReferralNetworks,
  ) {}

  async execute({ body, visit }: RegisterMemberCommand): Promise<CardMovement> {
    const referrer = contactKey({ email: body.referral_email, phone: body.referred_by_number });
    // What the friend's first action must be is the programme's referral terms' (action null), as its stream holds them.
    const referral: ReferralClaim | null =
      referrer === null ? null : { referral_id: randomUUID(), referrer, action: null, network: await this.networks.of(visit) };
    const decision = await this.decisions.decide(body.programme_id, {
      type: 'RegisterMember',
      card_id: randomUUID(),
      email: body.email ?? null,
      phone: body.phone ?? null,
      name: body.name ?? null,
      at: new Date().toISOString(),
      referral,
    });
    return movementOf(decision);
  }
}

@CommandHandler(RedeemRewardCommand)
export class RedeemRewardHandler implements ICommandHandler<RedeemRewardCommand> {
  constructor(private readonly decisions: LoyaltyDecisions) {}

  async execute({ body }: RedeemRewardCommand): Promise<CardMovement> {
    const { programme_id, card_id, reward_id } = body;
    const decision = await this.decisions.decide(programme_id, {
      type: 'RedeemReward',
      actor: null,
      card_id,
      reward_id,
      exchange_id: randomUUID(),
      request_id: null,
      at: new Date().toISOString(),
    });
    return movementOf(decision);
  }
}

/**
 * Scans and converted referrals are the stream's own counts; a form is checked here (the
 * submission was the card holder's, on a page of the campaign's code) before the decider hears of it.
 */
@CommandHandler(ClaimCampaignRewardCommand)
export class ClaimCampaignRewardHandler implements ICommandHandler<ClaimCampaignRewardCommand> {
  constructor(private readonly decisions: LoyaltyDecisions) {}

  async execute({ body }: ClaimCampaignRewardCommand): Promise<CardMovement> {
    const { programme_id, card_id, code_id, action } = body;
    const decision = await this.decisions.decide(programme_id, {
      type: 'ClaimCampaignReward',
      card_id,
      code_id,
      action,
      submission_checked: false,
      // As many as a campaign may hand over: the decider takes one per reward it gives.
      exchange_ids: Array.from({ length: MAX_CAMPAIGN_GIFTS }, () => randomUUID()),
      at: new Date().toISOString(),
    });
    return movementOf(decision);
  }
}
