import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { CardMovement } from '@qr/contracts';
import {
  cardOf,
  loyaltyProgrammeDecider,
  loyaltyProgrammeStreamId,
  type LoyaltyProgrammeCommand,
  type LoyaltyProgrammeEvent,
  type LoyaltyProgrammeState,
} from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { HotPathAppender } from '../hot-path-appender';
import { EVENT_STORE } from '../infrastructure';
import { SerialisedDecisions, type Serialised } from '../serialised-decisions';

/** What a command on a programme answers: the card it moved, as it stands right after (null for the programme's own commands). */
export type LoyaltyDecision = Serialised<LoyaltyProgrammeEvent, CardMovement | null>;

/** The card of the command's holder after its events: what moved, the balance, the tier, the next stamp. */
function movementOf(state: LoyaltyProgrammeState, events: LoyaltyProgrammeEvent[], command: LoyaltyProgrammeCommand): CardMovement | null {
  if (!('card_id' in command) || !state.members.has(command.card_id)) return null;
  const { card_id } = command;
  const { member, tier, next_stamp_at } = cardOf(state, card_id);
  let amount = 0;
  let exchange_id: string | null = null;
  for (const event of events) {
    if (event.type === 'LoyaltyCredited' && event.data.card_id === card_id) amount += event.data.amount;
    if (event.type === 'LoyaltyRewardRedeemed' && event.data.card_id === card_id) {
      amount -= event.data.price;
      exchange_id ??= event.data.exchange_id;
    }
    if (event.type === 'LoyaltyRewardGranted' && event.data.card_id === card_id) exchange_id ??= event.data.exchange_id;
  }
  return { card_id, amount, balance: member.balance, lifetime: member.lifetime, tier, exchange_id, next_stamp_at };
}

/**
 * Every command on a loyalty programme, staff's and visitors', decided in order on the programme's
 * one stream in this process (docs/decisions/030): balances and stock are exact because one loop
 * decides them, and a busy programme is one group-committed append per batch.
 */
@Injectable()
export class LoyaltyDecisions implements OnModuleDestroy {
  private readonly decisions: SerialisedDecisions<LoyaltyProgrammeCommand, LoyaltyProgrammeEvent, LoyaltyProgrammeState, CardMovement | null>;

  constructor(@Inject(EVENT_STORE) store: EventStore, appender: HotPathAppender) {
    this.decisions = new SerialisedDecisions(store, appender, {
      decider: loyaltyProgrammeDecider,
      streamIdOf: loyaltyProgrammeStreamId,
      answerOf: movementOf,
      orgOf: (state) => state.org_id,
      occurredAtOf: (command) => new Date(command.at),
    });
  }

  /** Decides the command on the programme's stream; its DomainError (too soon, out of stock) rejects it alone, and it waits for no read model. */
  decide(programmeId: string, command: LoyaltyProgrammeCommand): Promise<LoyaltyDecision> {
    return this.decisions.decide(programmeId, command);
  }

  onModuleDestroy(): Promise<void> {
    return this.decisions.close();
  }
}
