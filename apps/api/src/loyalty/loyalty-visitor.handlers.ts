import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  MAX_CAMPAIGN_GIFTS,
  type CardMovement,
  type ClaimCampaignRewardBody,
  type CollectStampBody,
  type CreditSubmissionBody,
  type RedeemRewardBody,
  type RegisterMemberBody,
} from '@qr/contracts';
import { contactKey, type ReferralClaim } from '@qr/domain';
import type { Visit } from '../http/client-address';
import { LiveProgrammes } from './live-programmes';
import { LoyaltyDecisions, type LoyaltyDecision } from './loyalty-decisions';
import { LoyaltyReads } from './loyalty-reads';
import { ReferralNetworks } from './referral-networks';
import { VenueCodes } from './venue-codes';

/** Spec §7 "register reward": a card for an email or phone, with the friend's referral that brought them, if any. */
export class RegisterMemberCommand extends Command<CardMovement> {
  constructor(
    readonly body: RegisterMemberBody,
    readonly visit: Visit,
  ) {
    super();
  }
}

/** Spec §7 "post card" from the phone: a stamp for today's venue code. */
export class CollectStampCommand extends Command<CardMovement> {
  constructor(readonly body: CollectStampBody) {
    super();
  }
}

/** Spec §7 "redeem rewards", by the card's holder. */
export class RedeemRewardCommand extends Command<CardMovement> {
  constructor(readonly body: RedeemRewardBody) {
    super();
  }
}

/** Earning per form submission, claimed by the card's holder. */
export class CreditSubmissionCommand extends Command<CardMovement> {
  constructor(readonly body: CreditSubmissionBody) {
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

const now = () => new Date().toISOString();

@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand> {
  constructor(
    private readonly programmes: LiveProgrammes,
    private readonly decisions: LoyaltyDecisions,
    private readonly networks: ReferralNetworks,
    private readonly reads: LoyaltyReads,
  ) {}

  async execute({ body, visit }: RegisterMemberCommand): Promise<CardMovement> {
    await this.programmes.programme(body.programme_id);
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
      at: now(),
      referral,
    });
    // The phone reads its new card next: a join is rare enough to wait for the read model, a stamp is not (the bench's path).
    await this.reads.reached(decision.appended);
    return movementOf(decision);
  }
}

/** The venue code is checked against the day in the programme's time zone; the interval is the stream's to decide. */
@CommandHandler(CollectStampCommand)
export class CollectStampHandler implements ICommandHandler<CollectStampCommand> {
  constructor(
    private readonly programmes: LiveProgrammes,
    private readonly venueCodes: VenueCodes,
    private readonly decisions: LoyaltyDecisions,
  ) {}

  async execute({ body }: CollectStampCommand): Promise<CardMovement> {
    const { programme_id, card_id, venue_code } = body;
    const { terms } = await this.programmes.programme(programme_id);
    if (!(await this.venueCodes.check(programme_id, terms.time_zone, venue_code))) {
      throw new DomainError('loyalty_venue_code_invalid', 'This is not today’s code: scan the one at the counter.', { field: 'body.venue_code' });
    }
    return movementOf(await this.decisions.decide(programme_id, { type: 'CollectStamp', card_id, at: now() }));
  }
}

@CommandHandler(RedeemRewardCommand)
export class RedeemRewardHandler implements ICommandHandler<RedeemRewardCommand> {
  constructor(
    private readonly programmes: LiveProgrammes,
    private readonly decisions: LoyaltyDecisions,
  ) {}

  async execute({ body }: RedeemRewardCommand): Promise<CardMovement> {
    const { programme_id, card_id, reward_id } = body;
    await this.programmes.programme(programme_id);
    const decision = await this.decisions.decide(programme_id, {
      type: 'RedeemReward',
      actor: null,
      card_id,
      reward_id,
      exchange_id: randomUUID(),
      request_id: null,
      at: now(),
    });
    return movementOf(decision);
  }
}

/** A submission earns once (the stream remembers it), and only the holder's own on a page of the programme's code. */
@CommandHandler(CreditSubmissionCommand)
export class CreditSubmissionHandler implements ICommandHandler<CreditSubmissionCommand> {
  constructor(
    private readonly programmes: LiveProgrammes,
    private readonly decisions: LoyaltyDecisions,
  ) {}

  async execute({ body }: CreditSubmissionCommand): Promise<CardMovement> {
    const { programme_id, card_id, submission_id } = body;
    const programme = await this.programmes.programme(programme_id);
    await this.programmes.checkSubmission(programme, card_id, programme.code_id, submission_id);
    return movementOf(await this.decisions.decide(programme_id, { type: 'CreditSubmission', card_id, submission_id, at: now() }));
  }
}

/**
 * Scans and converted referrals are the stream's own counts; a form is checked here (the
 * submission was the card holder's, on a page of the campaign's code) before the decider hears of it.
 */
@CommandHandler(ClaimCampaignRewardCommand)
export class ClaimCampaignRewardHandler implements ICommandHandler<ClaimCampaignRewardCommand> {
  constructor(
    private readonly programmes: LiveProgrammes,
    private readonly decisions: LoyaltyDecisions,
  ) {}

  async execute({ body }: ClaimCampaignRewardCommand): Promise<CardMovement> {
    const { programme_id, card_id, code_id, action, submission_id } = body;
    const programme = await this.programmes.programme(programme_id);
    // The contract requires the submission for a form's reward.
    const submitted = action === 'form_submitted' && submission_id !== undefined;
    if (submitted) await this.programmes.checkSubmission(programme, card_id, code_id, submission_id);
    const decision = await this.decisions.decide(programme_id, {
      type: 'ClaimCampaignReward',
      card_id,
      code_id,
      action,
      submission_checked: submitted,
      // As many as a campaign may hand over: the decider takes one per reward it gives.
      exchange_ids: Array.from({ length: MAX_CAMPAIGN_GIFTS }, () => randomUUID()),
      at: now(),
    });
    return movementOf(decision);
  }
}
