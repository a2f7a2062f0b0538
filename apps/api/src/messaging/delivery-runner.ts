import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { campaignDecider, campaignStreamId, type CampaignCommand } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import type { Config, Logger } from '@qr/platform';
import { decideOnStream } from '../decide-on-stream';
import { CONFIG, EVENT_STORE, LOGGER } from '../infrastructure';
import { RepeatingRound } from '../repeating-round';
import { CampaignReads, type StoredCampaign } from './campaign-reads';
import { ConsentLedger, type LedgerStatus } from './consent-ledger';
import { DeliveryQueue, type Settled } from './delivery-queue';
import type { CampaignRow, QueuedDelivery } from './messaging-channel';
import { MessagingChannels } from './messaging-channels';

/** Rows one round claims and hands to the channels at once. */
const BATCH = 64;
/** How often an idle runner looks for due campaigns and messages. */
const IDLE_POLL_MS = 500;
/** Campaigns one round starts. */
const STARTS_PER_ROUND = 5;

/**
 * Sends what the delivery queue holds (docs/decisions/031), in every API process: starts due
 * campaigns (queues their recipients, then appends the start, which one runner wins), claims due
 * messages by lease, asks the consent ledger about each batch, hands each message to its channel
 * and settles the batch in one statement, and marks campaigns sent once their last row is settled.
 */
@Injectable()
export class DeliveryRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly id = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly rounds = new RepeatingRound(
    () => this.runRound(),
    IDLE_POLL_MS,
    (error) => this.log.error({ err: error }, 'the delivery runner failed a round; it tries again'),
  );
  /** The embedded default is the only process on its data directory: claims left at its start are a dead process's. */
  private reclaimAll: boolean;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly campaigns: CampaignReads,
    private readonly channels: MessagingChannels,
    private readonly ledger: ConsentLedger,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.reclaimAll = !config.DATABASE_URL;
  }

  onApplicationBootstrap(): void {
    this.rounds.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rounds.stop();
  }

  /** Something was queued or scheduled: look now rather than at the next poll. */
  kick(): void {
    this.rounds.kick();
  }

  /** Resolves after the next round that settles anything (or after `ms`): a single send answers once it went. */
  settledWithin(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timeout);
        this.waiters.delete(done);
        resolve();
      };
      const timeout = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  /** One round: due campaigns started, a batch sent, finished campaigns marked; busy when the batch was full. */
  private async runRound(): Promise<boolean> {
    await this.startDue();
    const busy = (await this.sendBatch()) === BATCH;
    await this.finishSending();
    return busy;
  }

  private async startDue(): Promise<void> {
    for (const campaign of await this.campaigns.due(STARTS_PER_ROUND)) await this.start(campaign);
  }

  /**
   * Queues the campaign's recipients (held), prepares what its messages need, then appends the
   * start with the stream's version: a second runner's append loses, and its rows were the first's.
   */
  private async start(campaign: StoredCampaign): Promise<void> {
    const channel = this.channels.of(campaign.channel);
    const recipients = await this.queue.enqueueCampaign(campaign.org_id, campaign.campaign_id, campaign.channel, () =>
      channel.audience(campaign.org_id, campaign.content.audience),
    );
    const { one_time_batch_id } = await channel.prepare(campaign, recipients);
    const started = await this.decide(campaign, { type: 'StartSending', recipients, runner: this.id, one_time_batch_id, now: new Date().toISOString() });
    const state = started ? 'sending' : (await this.campaigns.row(campaign.campaign_id))?.status;
    if (state === 'cancelled') await this.queue.discard(campaign.campaign_id);
    else await this.queue.release(campaign.campaign_id);
  }

  private async finishSending(): Promise<void> {
    for (const campaign of await this.campaigns.sending()) {
      // A runner that died between the start's append and the release left the rows held.
      await this.queue.release(campaign.campaign_id);
      if (await this.queue.finished(campaign.campaign_id)) await this.decide(campaign, { type: 'FinishSending', now: new Date().toISOString() });
    }
  }

  /** Appends the runner's command; false when another runner (or a cancel) got there first. */
  private async decide(campaign: StoredCampaign, command: CampaignCommand): Promise<boolean> {
    try {
      await decideOnStream(this.store, campaignStreamId(campaign.campaign_id), campaignDecider, command, {
        org_id: campaign.org_id,
        actor: `runner:${this.id}`,
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'messaging_campaign_not_draft' || error.code === 'wrong_expected_version')) return false;
      throw error;
    }
  }

  private async sendBatch(): Promise<number> {
    const claimed = await this.queue.claim(this.id, BATCH, this.config.MESSAGING_LEASE_SECONDS, this.reclaimAll);
    this.reclaimAll = false;
    if (claimed.length === 0) return 0;
    const consent = await this.consentOf(claimed);
    const campaigns = new Map<string, CampaignRow | null>();
    for (const id of new Set(claimed.flatMap((delivery) => (delivery.campaign_id ? [delivery.campaign_id] : []))))
      campaigns.set(id, await this.campaigns.row(id));
    const settled = await Promise.all(claimed.map((delivery) => this.deliver(delivery, consent.get(delivery.delivery_id) ?? 'unknown', campaigns)));
    await this.queue.settle(this.id, settled);
    for (const waiter of [...this.waiters]) waiter();
    return claimed.length;
  }

  /** Each claimed delivery's consent on its channel, one ledger query per organisation and channel. */
  private async consentOf(claimed: readonly QueuedDelivery[]): Promise<Map<string, LedgerStatus>> {
    const found = new Map<string, LedgerStatus>();
    const groups = new Map<string, QueuedDelivery[]>();
    for (const delivery of claimed) {
      if (delivery.channel === 'push') continue;
      const key = `${delivery.org_id}\n${delivery.channel}`;
      groups.set(key, [...(groups.get(key) ?? []), delivery]);
    }
    for (const group of groups.values()) {
      const { org_id, channel } = group[0]!;
      const status = await this.ledger.statusOf(
        org_id,
        channel as 'email' | 'sms',
        group.map((delivery) => delivery.recipient),
      );
      for (const delivery of group) found.set(delivery.delivery_id, status.get(delivery.recipient) ?? 'unknown');
    }
    return found;
  }

  /**
   * One message: refused before it reaches the provider when its address withdrew consent (or, for
   * a campaign's recipient, never gave it: consent can change between the start and their turn).
   */
  private async deliver(delivery: QueuedDelivery, consent: LedgerStatus, campaigns: ReadonlyMap<string, CampaignRow | null>): Promise<Settled> {
    const { delivery_id } = delivery;
    const needsConsent = delivery.channel !== 'push' && delivery.campaign_id !== null && !delivery.is_test;
    if (consent === 'withdrawn') return { delivery_id, status: 'opted_out', reason: 'Opted out before this message was sent.' };
    if (needsConsent && consent !== 'given') return { delivery_id, status: 'opted_out', reason: 'No consent on this channel when this message was due.' };
    const campaign = delivery.campaign_id ? (campaigns.get(delivery.campaign_id) ?? null) : null;
    try {
      return { delivery_id, ...(await this.channels.of(delivery.channel).deliver(delivery, campaign)) };
    } catch (error) {
      this.log.warn({ err: error, delivery_id }, 'a message could not be handed over; it is tried again');
      return { delivery_id, status: 'failed', reason: error instanceof Error ? error.message : String(error), retry: true };
    }
  }
}
