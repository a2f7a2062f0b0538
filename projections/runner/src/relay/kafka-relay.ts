import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { CatchUpSubscription, type Checkpoint, type EventStore, type RecordedEvent } from '@qr/eventstore';
import type { Config, Logger, SqlClient } from '@qr/platform';
import { kafkaLogCreator } from '../kafka-log';
import { toKafkaMessage } from './event-message';
import { relayCheckpoint } from './relay-checkpoint';

export interface KafkaRelayOptions {
  brokers: readonly string[];
  topic: string;
  clientId?: string;
  batchSize?: number;
  pollIntervalMs?: number;
  /** First wait after a failed batch; doubles per failure in a row up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface RelayLag {
  topic: string;
  /** `retrying` while the broker does not acknowledge: events wait in the store, scans go on. */
  status: 'publishing' | 'retrying';
  checkpoint: Checkpoint;
  events_published: number;
  lag_events: number;
  lag_seconds: number;
  last_error?: string;
}

/**
 * Publishes every event of the log to one Kafka topic, in log order, keyed by stream id (DESIGN.md
 * §2). At least once: a batch's checkpoint is stored only after the broker acknowledged the whole
 * batch (acks from all in-sync replicas), so a crash or a broker outage repeats at most the batch
 * in flight and never loses one. Consumers deduplicate by event id.
 *
 * Not kafkajs's idempotent producer: it asks the cluster's controller for a producer id, which the
 * Kafka-protocol mock cluster CI runs on does not name, and it removes only the duplicates of one
 * producer session's retries, which consumers must drop by event id anyway. One request in flight
 * per broker keeps each partition in order through kafkajs's retries.
 */
export class KafkaRelay {
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private subscription: CatchUpSubscription | undefined;
  private lastError: string | undefined;

  constructor(
    private readonly db: SqlClient,
    private readonly store: EventStore,
    private readonly log: Logger,
    private readonly options: KafkaRelayOptions,
  ) {
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'qr-platform-relay',
      brokers: [...options.brokers],
      connectionTimeout: options.connectionTimeoutMs ?? 3000,
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      // Few quick retries inside kafkajs; the relay's own backoff governs a longer outage.
      retry: { retries: 2, initialRetryTime: 200 },
      logLevel: logLevel.INFO,
      logCreator: kafkaLogCreator(log),
    });
  }

  /** The relay the configuration asks for: one when KAFKA_BROKERS is set, none in the embedded default. */
  static configured(config: Config, db: SqlClient, store: EventStore, log: Logger, tuning: Partial<KafkaRelayOptions> = {}): KafkaRelay | undefined {
    if (!config.KAFKA_BROKERS) return undefined;
    return new KafkaRelay(db, store, log, { brokers: config.KAFKA_BROKERS, topic: config.KAFKA_TOPIC, ...tuning });
  }

  get topic(): string {
    return this.options.topic;
  }

  async start(): Promise<void> {
    const { checkpoint } = await relayCheckpoint.read(this.db, this.options.topic);
    this.subscription = new CatchUpSubscription(this.store, {
      from: checkpoint,
      batchSize: this.options.batchSize ?? 500,
      pollIntervalMs: this.options.pollIntervalMs,
      // On a server the relay reads twice a second: each send then carries a few hundred events, and
      // so do the record batch each partition gets, a worker's group and its ClickHouse insert, which
      // has a large fixed cost. Sends of a few dozen events made as many inserts as ClickHouse could
      // take, and its backlog never drained under load (docs/decisions/009-kafka-relay-at-least-once.md).
      // PGlite is one connection: reading at once
      // keeps scans from queueing behind a large delayed batch.
      wakeDelayMs: this.db.kind === 'pglite' ? 0 : 500,
      retryDelayMs: this.options.retryDelayMs ?? 1000,
      maxRetryDelayMs: this.options.maxRetryDelayMs ?? 30_000,
      handle: (events, next) => this.publish(events, next),
      onError: (error) => {
        this.lastError = error instanceof Error ? error.message : String(error);
        this.log.warn({ err: error, topic: this.options.topic }, 'kafka relay could not publish; retrying with backoff');
      },
    });
    this.log.info({ topic: this.options.topic, brokers: this.options.brokers, from: checkpoint }, 'kafka relay started');
  }

  /** Stops after the batch in flight: a send cut short by the disconnect is repeated on the next start. */
  async stop(): Promise<void> {
    const stopping = this.subscription?.stop();
    this.subscription = undefined;
    await this.discardProducer();
    await stopping;
  }

  async lag(): Promise<RelayLag> {
    const stored = await relayCheckpoint.read(this.db, this.options.topic);
    // The subscription moves past the log's end without a write when nothing is new; the stored one may not.
    const checkpoint = this.subscription?.position ?? stored.checkpoint;
    const backlog = await this.store.backlog(checkpoint);
    return {
      topic: this.options.topic,
      status: this.lastError === undefined ? 'publishing' : 'retrying',
      checkpoint,
      events_published: stored.eventsPublished,
      lag_events: backlog.events,
      lag_seconds: backlog.seconds,
      ...(this.lastError === undefined ? {} : { last_error: this.lastError }),
    };
  }

  /** Resolves once everything committed so far is acknowledged by the broker (tests, benchmarks). */
  async caughtUp(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.lag()).lag_events > 0) {
      if (Date.now() > deadline) throw new Error(`the kafka relay did not catch up in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async publish(events: RecordedEvent[], next: Checkpoint): Promise<void> {
    try {
      const producer = await this.connectedProducer();
      await producer.send({ topic: this.options.topic, acks: -1, messages: events.map(toKafkaMessage) });
    } catch (error) {
      // A fresh connection next time: after a timeout the old one may still deliver late answers.
      await this.discardProducer();
      throw error;
    }
    // Only now: a crash between the acknowledgement and this write republishes the batch, never skips it.
    await relayCheckpoint.advance(this.db, this.options.topic, next, events.length);
    if (this.lastError !== undefined) this.log.info({ topic: this.options.topic }, 'kafka relay publishing again');
    this.lastError = undefined;
  }

  private async connectedProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    const producer = this.kafka.producer({ maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
    this.producer = producer;
    await producer.connect();
    return producer;
  }

  private async discardProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => undefined);
  }
}
