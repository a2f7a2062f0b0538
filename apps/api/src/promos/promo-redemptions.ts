import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { PromoTerms } from '@qr/contracts';
import {
  promoCampaignDecider,
  promoCampaignStreamId,
  type PromoCampaignCommand,
  type PromoCampaignEvent,
  type PromoCampaignState,
  type PromoRedeemed,
  type PromoRefused,
  type RedeemPromoCode,
} from '@qr/domain';
import type { AppendResult, EventStore } from '@qr/eventstore';
import { HotPathAppender } from '../hot-path-appender';
import { EVENT_STORE } from '../infrastructure';
import { SerialisedDecisions } from '../serialised-decisions';

/** What a validation came to on the campaign's stream, once durable. */
export interface Redemption {
  event: PromoRedeemed | PromoRefused;
  /** The campaign's terms it was decided on: the answer's offer and name. */
  terms: PromoTerms;
  appended: AppendResult;
}

/**
 * The per-campaign serialiser of redemptions (docs/decisions/027): every validation of a campaign
 * is decided in order against the campaign's state held in this process and group-committed with
 * the others of its batch, so that a hot campaign's limits stay exact without a read-decide-append
 * race per request.
 */
@Injectable()
export class PromoRedemptions implements OnModuleDestroy {
  private readonly decisions: SerialisedDecisions<PromoCampaignCommand, PromoCampaignEvent, PromoCampaignState, PromoTerms>;

  constructor(@Inject(EVENT_STORE) store: EventStore, appender: HotPathAppender) {
    this.decisions = new SerialisedDecisions(store, appender, {
      decider: promoCampaignDecider,
      streamIdOf: promoCampaignStreamId,
      answerOf: (state) => state.terms!,
      orgOf: (state) => state.org_id,
      // Only validations come this way.
      occurredAtOf: (command) => new Date((command as RedeemPromoCode).at),
    });
  }

  /** Decides the validation on the campaign's stream; a DomainError of its own (a spent nonce) rejects it alone. */
  async redeem(campaignId: string, command: RedeemPromoCode): Promise<Redemption> {
    const { events, answer, appended } = await this.decisions.decide(campaignId, command);
    const [event] = events;
    if ((event?.type !== 'PromoRedeemed' && event?.type !== 'PromoRefused') || appended === null) {
      throw new Error('A validation decided neither a redemption nor a refusal');
    }
    return { event, terms: answer, appended };
  }

  /** How many campaigns' states are held (for tests of eviction). */
  get held(): number {
    return this.decisions.held;
  }

  evictIdle(now = Date.now()): void {
    this.decisions.evictIdle(now);
  }

  onModuleDestroy(): Promise<void> {
    return this.decisions.close();
  }
}
