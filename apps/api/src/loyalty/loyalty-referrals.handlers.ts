import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type AddReferralBody, type ReferralRecordedView, type ReferSubscriptionBody } from '@qr/contracts';
import { contactKey, type AddReferral } from '@qr/domain';
import type { Visit } from '../http/client-address';
import { LiveProgrammes } from './live-programmes';
import { LoyaltyDecisions, type LoyaltyDecision } from './loyalty-decisions';
import { LoyaltyReads } from './loyalty-reads';
import { ReferralNetworks } from './referral-networks';

/** Spec §7 "add referral": `email` was referred by `referral_email` in programme `id`. */
export class AddReferralCommand extends Command<ReferralRecordedView> {
  constructor(
    readonly body: AddReferralBody,
    readonly visit: Visit,
  ) {
    super();
  }
}

/** Spec §7 "refer subscription": `phone_number` was referred by `referred_by_number` on the programme of `code_id`. */
export class ReferSubscriptionCommand extends Command<ReferralRecordedView> {
  constructor(
    readonly body: ReferSubscriptionBody,
    readonly visit: Visit,
  ) {
    super();
  }
}

/** What the stream recorded of the referral: pending until the friend's first qualifying action, or flagged with the rules that fired. */
export function recordedOf({ events }: LoyaltyDecision): ReferralRecordedView {
  const recorded = events.find((event) => event.type === 'LoyaltyReferralRecorded');
  if (recorded?.type !== 'LoyaltyReferralRecorded') throw new Error('A referral was decided without being recorded');
  const { referral_id, flags } = recorded.data;
  return { referral_id, status: flags.length > 0 ? 'flagged' : 'pending', flags: flags.map((flag) => flag.rule) };
}

/** The friend and the referrer by contact key; the request's network, hashed; null action: the programme's referral terms'. */
async function referral(
  networks: ReferralNetworks,
  visit: Visit,
  sides: { friend: string | null; referrer: string | null; action: AddReferral['action'] },
): Promise<AddReferral> {
  const { friend, referrer, action } = sides;
  // The contracts parse both sides as an email or a phone number, which always make a key.
  if (friend === null || referrer === null) throw new Error('A referral without both sides');
  return { type: 'AddReferral', referral_id: randomUUID(), friend, referrer, action, network: await networks.of(visit), at: new Date().toISOString() };
}

/** A friend named by contact, who may have no card yet: the referral converts on the card's first qualifying earning. */
@CommandHandler(AddReferralCommand)
export class AddReferralHandler implements ICommandHandler<AddReferralCommand> {
  constructor(
    private readonly programmes: LiveProgrammes,
    private readonly decisions: LoyaltyDecisions,
    private readonly networks: ReferralNetworks,
  ) {}

  async execute({ body, visit }: AddReferralCommand): Promise<ReferralRecordedView> {
    await this.programmes.programme(body.id);
    const command = await referral(this.networks, visit, {
      friend: contactKey({ email: body.email }),
      referrer: contactKey({ email: body.referral_email }),
      action: body.action ?? null,
    });
    return recordedOf(await this.decisions.decide(body.id, command));
  }
}

/** The code names the programme: its newest live one. */
@CommandHandler(ReferSubscriptionCommand)
export class ReferSubscriptionHandler implements ICommandHandler<ReferSubscriptionCommand> {
  constructor(
    private readonly reads: LoyaltyReads,
    private readonly decisions: LoyaltyDecisions,
    private readonly networks: ReferralNetworks,
  ) {}

  async execute({ body, visit }: ReferSubscriptionCommand): Promise<ReferralRecordedView> {
    const programme = await this.reads.programmeOfCode(body.code_id);
    if (!programme) throw new DomainError('loyalty_programme_not_found', 'This code has no loyalty programme.');
    const command = await referral(this.networks, visit, {
      friend: contactKey({ phone: body.phone_number }),
      referrer: contactKey({ phone: body.referred_by_number }),
      action: body.action ?? null,
    });
    return recordedOf(await this.decisions.decide(programme.programme_id, command));
  }
}
