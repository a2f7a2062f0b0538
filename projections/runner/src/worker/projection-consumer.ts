import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import type { Logger, SqlClient, SqlExecutor } from '@qr/platform';
import { physicalTable } from '../generations';
import { projectionState } from '../projection-state';
import { sendDeadLetters, type DeadLetter } from './dead-letters';
import { decodeEventMessage, type Decoded } from './message-decoding';
import { partitionOffsets, type PartitionAdvance } from './partition-offsets';
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
  /**
   * The batches waiting once no batch came for this long, and the last group was applied this long
   * ago, are applied together (a group commit): a transaction and a sink call (a ClickHouse insert
   * feeds its views, tens of milliseconds of its CPU at any size) cost about the same for ten
   * messages as for thousands. kafkajs hands over a fetch's batches, one per partition, at once,
   * and fetches a partition again only when its batch is applied, so a short gap catches them
   * without holding up the next fetch; each fetch, and so each group, brings what came meanwhile.
   * The wait is bounded: a partition's next batch comes only after this one is applied.
   */
  gatherMs: number;
  /** Applied at once when this many messages wait. */
  gatherMaxMessages: number;
}

export interface ConsumerTarget {
  projection: Projection;
  generation: number;
  topic: string;
}

type Received = Decoded & { message: KafkaMessage; offset: number };

/** One partition's messages, as kafkajs handed them over. */
interface PartitionBatch {
  partition: number;
  received: Received[];
}

/** A batch waiting in the gather window; `settle(true)` once applied, `settle(false)` when given up. */
interface Gathered extends PartitionBatch {
  payload: EachBatchPayload;
  settle: (applied: boolean) => void;
}

/**
 * Batches of more partitions than a topic has are never in flight together; kafkajs only runs as
 * many at once as it has partitions with messages.
 */
const MAX_PARTITIONS_TOGETHER = 64;

/**
 * One projection's generation fed from the topic by one consumer group, `qr-projection.<topic>.<name>.g<N>`:
 * every worker running the projection joins it, and Kafka shares the partitions among them.
 *
 * kafkajs hands over one batch per partition, every partition's at once; the batches that arrive
 * together (see ConsumerTuning.gatherMs) are applied together, in one PostgreSQL transaction that first locks
 * the generation's row in projection_checkpoints, then skips each partition's messages below its
 * stored offset, applies the rest in one call of the projection and stores the new offsets. Only
 * then is each partition's Kafka offset resolved. Kafka's committed offset only says where to fetch
 * from, so redelivery after a crash or a rebalance changes no figure.
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
  private gathering: Gathered[] = [];
  /** A group is queued behind the one being applied; batches arriving meanwhile join it. */
  private groupQueued = false;
  private applying: Promise<void> = Promise.resolve();
  private lastArrival = 0;
  private lastApplied = 0;

  constructor(
    kafka: Kafka,
    private readonly db: SqlClient,
    private readonly log: Logger,
    private readonly deadLetterProducer: () => Promise<Producer>,
    readonly target: ConsumerTarget,
    private readonly tuning: ConsumerTuning,
    /** Called when this consumer cannot go on: its generation was retired, or kafkajs crashed without restarting. */
    private readonly onEnded: (target: ConsumerTarget) => void,
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
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      this.log.error({ err: payload.error, projection: this.target.projection.name, restart: payload.restart }, 'projection consumer crashed');
      if (!payload.restart) this.onEnded(this.target);
    });
    await this.consumer.connect();
    // A new group reads the topic from its beginning: a new generation is built from every event.
    await this.consumer.subscribe({ topic: this.target.topic, fromBeginning: true });
    await this.consumer.run({
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: MAX_PARTITIONS_TOGETHER,
      eachBatch: (payload) => this.eachBatch(payload),
    });
  }

  /** Leaves the group after the batch in flight; an unfinished batch is fetched again by whoever gets its partition. */
  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    if (batch.messages.length === 0) return;
    const received: Received[] = batch.messages.map((message) => ({ ...decodeEventMessage(message.value), message, offset: Number(message.offset) }));
    const applied = await new Promise<boolean>((settle) => this.gather({ partition: batch.partition, received, payload, settle }));
    if (!applied) return;
    payload.resolveOffset(batch.messages.at(-1)!.offset);
    await payload.commitOffsetsIfNecessary();
  }

  private gather(batch: Gathered): void {
    this.gathering.push(batch);
    this.lastArrival = Date.now();
    if (this.groupQueued) return;
    this.groupQueued = true;
    // Groups take turns: the generation's lock would make them wait anyway, and waiting here lets the next one grow.
    this.applying = this.applying.then(async () => {
      await this.gathered();
      this.groupQueued = false;
      const group = this.gathering.splice(0);
      try {
        await this.applyGroup(group);
      } catch (error) {
        // Nothing should throw here; if something did, the batches go again rather than the chain stopping.
        this.log.error({ err: error, projection: this.target.projection.name }, 'projection batches given up after an unexpected error');
        for (const batch of group) batch.settle(false);
      } finally {
        this.lastApplied = Date.now();
      }
    });
  }

  /**
   * Waits for a quiet gap after the last batch came and after the last group was applied: the
   * partitions that group held are fetched again meanwhile, and joining this group keeps every
   * partition's fetches in step instead of groups of some partitions taking turns with the others'.
   */
  private async gathered(): Promise<void> {
    for (;;) {
      if (this.gathering.reduce((sum, b) => sum + b.received.length, 0) >= this.tuning.gatherMaxMessages) return;
      const wait = Math.max(this.lastArrival, this.lastApplied) + this.tuning.gatherMs - Date.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** Applies the group, retrying it while the failure is transient; settles every batch of it. */
  private async applyGroup(group: Gathered[]): Promise<void> {
    for (let delay = this.tuning.retryDelayMs; ; delay = Math.min(delay * 2, this.tuning.maxRetryDelayMs)) {
      // A batch whose partition moved to another worker is left to it.
      for (const batch of group.filter((b) => !b.payload.isRunning() || b.payload.isStale())) batch.settle(false);
      group = group.filter((b) => b.payload.isRunning() && !b.payload.isStale());
      if (group.length === 0) return;
      try {
        await this.applyOrIsolate(group);
        break;
      } catch (error) {
        if (error instanceof GenerationRetired) {
          for (const batch of group) batch.settle(false);
          this.log.info(
            { projection: this.target.projection.name, generation: this.target.generation },
            'generation retired by another worker; following the current one',
          );
          return void this.onEnded(this.target);
        }
        this.lastError = error instanceof Error ? error.message : String(error);
        this.log.warn(
          { err: error, projection: this.target.projection.name, partitions: group.map((b) => b.partition), retryInMs: delay },
          'projection worker paused: the sink is unavailable; retrying the batch',
        );
        if (!(await this.wait(delay, group))) {
          for (const batch of group) batch.settle(false);
          return;
        }
      }
    }
    if (this.lastError !== undefined) this.log.info({ projection: this.target.projection.name }, 'projection worker resumed');
    this.lastError = undefined;
    for (const batch of group) batch.settle(true);
  }

  /** The whole group in one transaction; if it fails for a reason retrying does not cure, message by message. */
  private async applyOrIsolate(group: readonly PartitionBatch[]): Promise<void> {
    try {
      await this.apply(group);
    } catch (error) {
      if (error instanceof GenerationRetired || isTransient(error)) throw error;
      for (const { partition, received } of group) {
        for (const one of received) await this.applyOrDeadLetter(partition, one);
      }
    }
  }

  private async applyOrDeadLetter(partition: number, one: Received): Promise<void> {
    try {
      await this.apply([{ partition, received: [one] }]);
    } catch (error) {
      if (error instanceof GenerationRetired || isTransient(error)) throw error;
      this.log.error({ err: error, projection: this.target.projection.name, partition, offset: one.offset }, 'projection failed on a message: dead-lettered');
      const letter: Received = {
        reason: 'handler_failed',
        detail: error instanceof Error ? error.message : String(error),
        message: one.message,
        offset: one.offset,
      };
      await this.apply([{ partition, received: [letter] }]);
    }
  }

  private async apply(group: readonly PartitionBatch[]): Promise<void> {
    const { projection, generation, topic } = this.target;
    await this.db.transaction(async (tx) => {
      await this.lockGeneration(tx);
      const next = await partitionOffsets.next(
        tx,
        projection.name,
        generation,
        topic,
        group.map((b) => b.partition),
      );
      const events: RecordedEvent[] = [];
      const letters: DeadLetter[] = [];
      const advanced: PartitionAdvance[] = [];
      for (const { partition, received } of group) {
        const fresh = received.filter((r) => r.offset >= (next.get(partition) ?? 0));
        if (fresh.length === 0) continue;
        let applied = 0;
        for (const r of fresh) {
          if ('event' in r) {
            if (this.types.has(r.event.type)) {
              events.push(r.event);
              applied++;
            }
          } else {
            letters.push({
              reason: r.reason,
              detail: r.detail,
              partition,
              offset: r.message.offset,
              key: r.message.key,
              value: r.message.value,
              headers: textHeaders(r.message),
            });
          }
        }
        advanced.push({ partition, nextOffset: fresh.at(-1)!.offset + 1, applied });
      }
      if (advanced.length === 0) return;
      if (events.length > 0) await projection.handle(events, { tx, table: (logical) => physicalTable(logical, generation) });
      if (letters.length > 0) await sendDeadLetters(await this.deadLetterProducer(), topic, projection.name, letters);
      await partitionOffsets.advance(tx, { projection: projection.name, generation, topic }, advanced);
    });
  }

  private async lockGeneration(tx: SqlExecutor): Promise<void> {
    const state = await projectionState.lock(tx, this.target.projection.name, this.target.generation);
    if (!state || state.status === 'retired') throw new GenerationRetired();
  }

  /** Waits out a backoff while staying in the group; false when the worker stops or every partition moved elsewhere. */
  private async wait(ms: number, group: readonly Gathered[]): Promise<boolean> {
    for (const until = Date.now() + ms; Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
      const held = group.find((b) => b.payload.isRunning() && !b.payload.isStale());
      if (!held) return false;
      try {
        // One member's heartbeat, whichever batch sends it.
        await held.payload.heartbeat();
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
