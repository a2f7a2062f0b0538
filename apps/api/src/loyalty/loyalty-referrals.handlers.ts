import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AddReferralBody, ReferralRecordedView } from '@qr/contracts';
import { contactKey } from '@qr/domain';
import type { Visit } from '../http/client-address';
import { LoyaltyDecisions, type LoyaltyDecision } from './loyalty-decisions';
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

/** What the stream recorded of the referral: pending until the friend's first qualifying action, or flagged with the rules that fired. */
export function recordedOf({ events }: LoyaltyDecision): ReferralRecordedView {
  const recorded = events.find((event) => event.type === 'LoyaltyReferralRecorded');
  if (recorded?.type !== 'LoyaltyReferralRecorded') throw new Error('A referral was decided without being recorded');
  const { referral_id, flags } = recorded.data;
  return { referral_id, status: flags.length > 0 ? 'flagged' : 'pending', flags: flags.map((flag) => flag.rule) };
}

/** A friend named by contact, who may have no card yet: the referral converts on the card's first qualifying earning. */
@CommandHandler(AddReferralCommand)
export class AddReferralHandler implements ICommandHandler<AddReferralCommand> {
  constructor(
    private readonly decisions: LoyaltyDecisions,
    private readonly networks: ReferralNetworks,
  ) {}

  async execute({ body, visit }: AddReferralCommand): Promise<ReferralRecordedView> {
    const decision = await this.decisions.decide(body.id, {
      type: 'AddReferral',
      referral_id: randomUUID(),
      friend: contactKey({ email: body.email })!,
      referrer: contactKey({ email: body.referral_email })!,
      action: body.action ?? null,
      network: await this.networks.of(visit),
      at: new Date().toISOString(),
    });
    return recordedOf(decision);
  }
}
