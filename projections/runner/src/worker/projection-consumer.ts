import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { RecordedEvent } from '@qr/eventstore';
import type { Logger, SqlClient, SqlExecutor } from '@qr/platform';
import { physicalTable, type Projection } from '../projection';
import { projectionState } from '../projection-state';
import { sendDeadLetters, type DeadLetter } from './dead-letters';
import { decodeEventMessage, type Decoded } from './message-decoding';
import { partitionOffsets } from './partition-offsets';
import { isTransient } from './transient-errors';

/** The generation this consumer feeds was replaced (promoted over, or discarded) by another worker. */
export class GenerationRetired extends Error {}

export interface ConsumerTuning {
  sessionTimeoutMs: number;
  /**
   * How long a rebalance waits for members to rejoin; a crashed member never does, so this (not
   * kafkajs's default of a minute) bounds how long its partitions stand still.
   */
  rebalanceTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxWaitTimeMs: number;
  /** First wait after a transient failure; doubles per failure in a row up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

export interface ConsumerTarget {
  projection: Projection;
  generation: number;
  topic: string;
}

type Received = Decoded & { message: KafkaMessage; offset: number };

/**
 * One projection's generation fed from the topic by one consumer group, `qr-projection.<topic>.<name>.g<N>`:
 * every worker running the projection joins it, and Kafka shares the partitions among them.
 *
 * A batch (one partition's messages) is applied in one PostgreSQL transaction that first locks the
 * generation's row in projection_checkpoints, then skips the messages below the partition's stored
 * offset, applies the rest and stores the new offset. Kafka's committed offset only says where to
 * fetch from, so redelivery after a crash or a rebalance changes no figure.
 *
 * The lock makes a projection's batches take turns across workers. Workers still share fetching,
 * decoding and failover, and different projections run side by side. Batches of one projection
 * running at once would be wrong, not only slow: the analytics projection reads a visitor's first
 * hour and then writes a moved count, and two transactions doing that for one visitor under READ
 * COMMITTED would both move it (a lost update); their upserts of the same hourly rows in different
 * orders would also deadlock. A deadlock or serialization failure from elsewhere is retried as any
 * transient failure is.
 */
export class ProjectionConsumer {
  private readonly consumer: Consumer;
  private readonly types: ReadonlySet<string>;
  /** Set while a transient failure holds the projection back, for the log and health. */
  lastError: string | undefined;

  constructor(
    kafka: Kafka,
    private readonly db: SqlClient,
    private readonly log: Logger,
    private readonly deadLetterProducer: () => Promise<Producer>,
    readonly target: ConsumerTarget,
    private readonly tuning: ConsumerTuning,
    private readonly onRetired: (target: ConsumerTarget) => void,
  ) {
    this.types = new Set(target.projection.eventTypes);
    this.consumer = kafka.consumer({
      groupId: consumerGroupId(target.topic, target.projection.name, target.generation),
      sessionTimeout: tuning.sessionTimeoutMs,
      rebalanceTimeout: tuning.rebalanceTimeoutMs,
      heartbeatInterval: tuning.heartbeatIntervalMs,
      maxWaitTimeInMs: tuning.maxWaitTimeMs,
    });
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    // A new group reads the topic from its beginning: a new generation is built from every event.
    await this.consumer.subscribe({ topic: this.target.topic, fromBeginning: true });
    await this.consumer.run({ eachBatchAutoResolve: false, eachBatch: (payload) => this.eachBatch(payload) });
  }

  /** Leaves the group after the batch in flight; an unfinished batch is fetched again by whoever gets its partition. */
  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    if (batch.messages.length === 0) return;
    const received: Received[] = batch.messages.map((message) => ({ ...decodeEventMessage(message.value), message, offset: Number(message.offset) }));
    for (let delay = this.tuning.retryDelayMs; ; delay = Math.min(delay * 2, this.tuning.maxRetryDelayMs)) {
      if (!payload.isRunning() || payload.isStale()) return;
      try {
        await this.applyOrIsolate(batch.partition, received);
        break;
      } catch (error) {
        if (error instanceof GenerationRetired) return void this.onRetired(this.target);
        this.lastError = error instanceof Error ? error.message : String(error);
        this.log.warn(
          { err: error, projection: this.target.projection.name, partition: batch.partition, retryInMs: delay },
          'projection worker paused: the sink is unavailable; retrying the batch',
        );
        if (!(await this.wait(delay, payload))) return;
      }
    }
    if (this.lastError !== undefined) this.log.info({ projection: this.target.projection.name }, 'projection worker resumed');
    this.lastError = undefined;
    payload.resolveOffset(batch.messages.at(-1)!.offset);
    await payload.commitOffsetsIfNecessary();
  }

  /** The whole batch in one transaction; if it fails for a reason retrying does not cure, message by message. */
  private async applyOrIsolate(partition: number, received: Received[]): Promise<void> {
    try {
      await this.apply(partition, received);
    } catch (error) {
      if (error instanceof GenerationRetired || isTransient(error)) throw error;
      for (const one of received) await this.applyOrDeadLetter(partition, one);
    }
  }

  private async applyOrDeadLetter(partition: number, one: Received): Promise<void> {
    try {
      await this.apply(partition, [one]);
    } catch (error) {
      if (error instanceof GenerationRetired || isTransient(error)) throw error;
      this.log.error({ err: error, projection: this.target.projection.name, partition, offset: one.offset }, 'projection failed on a message: dead-lettered');
      await this.apply(partition, [{ reason: 'handler_failed', detail: error instanceof Error ? error.message : String(error), message: one.message, offset: one.offset }]);
    }
  }

  private async apply(partition: number, received: Received[]): Promise<void> {
    const { projection, generation, topic } = this.target;
    await this.db.transaction(async (tx) => {
      await this.lockGeneration(tx);
      const next = await partitionOffsets.next(tx, projection.name, generation, topic, partition);
      const fresh = received.filter((r) => r.offset >= next);
      if (fresh.length === 0) return;
      const events: RecordedEvent[] = [];
      const letters: DeadLetter[] = [];
      for (const r of fresh) {
        if ('event' in r) {
          if (this.types.has(r.event.type)) events.push(r.event);
        } else {
          letters.push({ reason: r.reason, detail: r.detail, partition, offset: r.message.offset, key: r.message.key, value: r.message.value, headers: textHeaders(r.message) });
        }
      }
      if (events.length > 0) await projection.handle(events, { tx, table: (logical) => physicalTable(logical, generation) });
      if (letters.length > 0) await sendDeadLetters(await this.deadLetterProducer(), topic, projection.name, letters);
      await partitionOffsets.advance(tx, { projection: projection.name, generation, topic, partition }, fresh.at(-1)!.offset + 1, events.length);
    });
  }

  private async lockGeneration(tx: SqlExecutor): Promise<void> {
    const state = await projectionState.lock(tx, this.target.projection.name, this.target.generation);
    if (!state || state.status === 'retired') throw new GenerationRetired();
  }

  /** Waits out a backoff while staying in the group; false when the worker stops or the partition moved elsewhere. */
  private async wait(ms: number, payload: EachBatchPayload): Promise<boolean> {
    for (const until = Date.now() + ms; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
      if (!payload.isRunning() || payload.isStale()) return false;
      try {
        await payload.heartbeat();
      } catch {
        // A rebalance is under way: give the batch up, whoever gets the partition fetches it again.
        return false;
      }
    }
    return true;
  }
}

/** Per topic too: two installations sharing a Kafka cluster, each with its own topic, never share a group. */
export const consumerGroupId = (topic: string, projection: string, generation: number): string => `qr-projection.${topic}.${projection}.g${generation}`;

function textHeaders(message: KafkaMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(message.headers ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
}
