import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, type PromoTerms } from '@qr/contracts';
import {
  promoCampaignDecider,
  promoCampaignStreamId,
  type PromoCampaignEvent,
  type PromoCampaignState,
  type PromoRedeemed,
  type PromoRefused,
  type RedeemPromoCode,
} from '@qr/domain';
import { MAX_GATHER_TURNS, NO_STREAM_VERSION, WrongExpectedVersionError, type AppendResult, type EventStore } from '@qr/eventstore';
import { HotPathAppender } from '../hot-path-appender';
import { requestWrites } from '../http/request-writes';
import { EVENT_STORE } from '../infrastructure';

/** What a validation came to on the campaign's stream, once durable. */
export interface Redemption {
  event: PromoRedeemed | PromoRefused;
  /** The campaign's terms it was decided on: the answer's offer and name. */
  terms: PromoTerms;
  appended: AppendResult;
}

interface Pending {
  command: RedeemPromoCode;
  resolve(redemption: Redemption): void;
  reject(error: Error): void;
}

interface Campaign {
  streamId: string;
  queue: Pending[];
  running: boolean;
  /** The stream folded up to `version`; null until loaded, and after a batch whose append failed (its decisions are folded in). */
  state: PromoCampaignState | null;
  version: number;
  lastUsed: number;
}

/** Most validations one append carries: a burst's batch stays a few milliseconds of work. */
const MAX_BATCH = 500;
/** Reloads after another process's write before the batch's requests hear 409: each reload lets at least one process's batch through. */
const MAX_ATTEMPTS = 10;
/** A campaign nobody validated for this long gives its memory back; the next validation reloads its stream. */
export const IDLE_MS = 5 * 60_000;

/**
 * The per-campaign serialiser of redemptions (DESIGN.md §12, docs/decisions/027): in this process
 * one loop per campaign takes every validation queued, decides each in order against the campaign's
 * state held in memory, and appends the whole batch in one append with the version it holds, through
 * the process's group-committing appender. A hot campaign is then one append per batch rather than
 * one contended read-decide-append per request, and its limits hold as the stream's expected version
 * makes them: another API process's write makes the append fail, and the batch is decided again on
 * the reloaded stream. Each request is answered only once its event is durable.
 */
@Injectable()
export class PromoRedemptions implements OnModuleDestroy {
  private readonly campaigns = new Map<string, Campaign>();
  private readonly running = new Set<Promise<void>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly appender: HotPathAppender,
  ) {
    this.sweeper = setInterval(() => this.evictIdle(), IDLE_MS / 5).unref();
  }

  /** Decides the validation on the campaign's stream; a DomainError of its own (a spent nonce) rejects it alone. */
  redeem(campaignId: string, command: RedeemPromoCode): Promise<Redemption> {
    let campaign = this.campaigns.get(campaignId);
    if (!campaign) {
      campaign = { streamId: promoCampaignStreamId(campaignId), queue: [], running: false, state: null, version: NO_STREAM_VERSION, lastUsed: 0 };
      this.campaigns.set(campaignId, campaign);
    }
    campaign.lastUsed = Date.now();
    const queued = new Promise<Redemption>((resolve, reject) => campaign.queue.push({ command, resolve, reject }));
    if (!campaign.running) this.start(campaign);
    return queued;
  }

  /** How many campaigns' states are held (for tests of eviction). */
  get held(): number {
    return this.campaigns.size;
  }

  evictIdle(now = Date.now()): void {
    for (const [id, campaign] of this.campaigns) {
      if (!campaign.running && campaign.queue.length === 0 && now - campaign.lastUsed >= IDLE_MS) this.campaigns.delete(id);
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all(this.running);
  }

  /** The loop runs outside the request that happened to start it: its appends are no one request's writes. */
  private start(campaign: Campaign): void {
    campaign.running = true;
    const loop = requestWrites.exit(() => this.run(campaign));
    this.running.add(loop);
    void loop.finally(() => this.running.delete(loop));
  }

  /**
   * Each batch is taken once a turn of the event loop brings no more validations (at most
   * MAX_GATHER_TURNS), as the group commit gathers its batches: a burst's requests reach the
   * serialiser over a few turns, and the answers of one batch bring the next batch's requests over a
   * few more. Taken at once, a batch was the few already queued, and each turn missed another commit.
   */
  private async run(campaign: Campaign): Promise<void> {
    try {
      do {
        await gathered(campaign.queue);
        await this.commit(campaign, campaign.queue.splice(0, MAX_BATCH));
      } while (campaign.queue.length > 0);
    } finally {
      campaign.running = false;
      campaign.lastUsed = Date.now();
    }
  }

  private async commit(campaign: Campaign, batch: Pending[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const state = campaign.state ?? (await this.load(campaign));
        const outcomes = batch.map(({ command }) => decideInPlace(state, command));
        const events = outcomes.filter((outcome): outcome is Decided => !(outcome instanceof Error));
        const appended =
          events.length === 0
            ? null
            : await this.appender.append({
                streamId: campaign.streamId,
                expectedVersion: campaign.version === NO_STREAM_VERSION ? 'no_stream' : campaign.version,
                events: events.map(({ event }) => ({
                  type: event.type,
                  data: event.data,
                  occurredAt: new Date(event.data.at),
                  metadata: { org_id: state.org_id },
                })),
              });
        if (appended) campaign.version = appended.nextExpectedVersion;
        outcomes.forEach((outcome, i) => (outcome instanceof Error ? batch[i]!.reject(outcome) : batch[i]!.resolve({ ...outcome, appended: appended! })));
        return;
      } catch (error) {
        // The state has the failed batch's decisions folded in: only a reload tells what the stream holds.
        campaign.state = null;
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
  }

  private async load(campaign: Campaign): Promise<PromoCampaignState> {
    const { version, events } = await this.store.readStream(campaign.streamId);
    const state = promoCampaignDecider.initialState;
    // Only the campaign's decider writes its stream, so every payload has its event's shape.
    for (const recorded of events) promoCampaignDecider.evolve(state, { type: recorded.type, data: recorded.data } as PromoCampaignEvent);
    campaign.state = state;
    campaign.version = version;
    return state;
  }
}

/** Resolves once a turn of the event loop added nothing to the queue, or it holds a batch, or after MAX_GATHER_TURNS turns. */
async function gathered(queue: readonly Pending[]): Promise<void> {
  for (let turns = 0, seen = -1; turns < MAX_GATHER_TURNS && queue.length > seen && queue.length < MAX_BATCH; turns++) {
    seen = queue.length;
    await nextTurn();
  }
}

type Decided = Omit<Redemption, 'appended'>;

/** One validation decided and folded into the state, so the next in the batch sees it; a refusal by error is that request's alone. */
function decideInPlace(state: PromoCampaignState, command: RedeemPromoCode): Decided | DomainError {
  let events: PromoCampaignEvent[];
  try {
    events = promoCampaignDecider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  for (const event of events) promoCampaignDecider.evolve(state, event);
  const [event] = events;
  if (event?.type !== 'PromoRedeemed' && event?.type !== 'PromoRefused') throw new Error('A validation decided neither a redemption nor a refusal');
  return { event, terms: state.terms! };
}
