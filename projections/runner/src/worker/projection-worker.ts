import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import type { Projection } from '@qr/eventstore';
import type { Logger, SqlClient } from '@qr/platform';
import { kafkaLogCreator } from '../kafka-log';
import { assertValidProjection } from '../generations';
import { projectionState } from '../projection-state';
import { partitionOffsets } from './partition-offsets';
import { ProjectionConsumer, type ConsumerTarget, type ConsumerTuning } from './projection-consumer';

export interface ProjectionWorkerOptions extends Partial<ConsumerTuning> {
  brokers: readonly string[];
  topic: string;
  /** Partition-safe projections only (`Projection.partitionSafe`): the topic keeps order within a stream, not across. */
  projections: readonly Projection[];
  clientId?: string;
  /** How often a generation being built checks whether it caught up with the topic, to take over. */
  promoteCheckMs?: number;
  /** kafkajs's own retries of a failed request or connection, before the worker's backoff takes over (default kafkajs's 5). */
  kafkaRetries?: number;
}

interface Feed extends ConsumerTarget {
  /** Being built from the topic's beginning while the previous generation answers queries. */
  building: boolean;
  consumer: ProjectionConsumer;
  /** A building generation's goal: the high watermarks at its first check; reached, it is promoted. */
  target?: Map<number, number>;
}

const DEFAULT_TUNING: ConsumerTuning = {
  // Short enough that a crashed worker's partitions move to the others within seconds.
  sessionTimeoutMs: 10_000,
  rebalanceTimeoutMs: 15_000,
  heartbeatIntervalMs: 1_000,
  maxWaitTimeMs: 250,
  retryDelayMs: 1_000,
  maxRetryDelayMs: 30_000,
  // Enough for the batches of one fetch from each broker, which come within milliseconds.
  gatherMs: 25,
  gatherMaxMessages: 5_000,
};

/**
 * Runs partition-safe projections from the Kafka topic the relay fills (DESIGN.md §2, §4), as its
 * own process (`npm run projections`); several workers share the partitions (see ProjectionConsumer).
 *
 * Generations: a worker follows the live generation when workers built it at this code version.
 * Otherwise (the version changed, or the in-process runner built it from the log) it creates a new
 * generation, or joins the one another worker is building, and fills it from the topic's beginning
 * in that generation's own consumer group while queries keep reading the old one (not updated
 * meanwhile, as with the runner's rebuilds). Once its offsets reach the high watermarks the topic
 * had when the build started, it is promoted: the views swap and the old tables go, in one
 * transaction, and the same group goes on as the live one. That is why a generation is built from
 * the topic only if the topic keeps every event (retention -1, as docker-compose.yml sets).
 */
export class ProjectionWorker {
  private readonly kafka: Kafka;
  private readonly tuning: ConsumerTuning;
  private readonly feeds = new Map<string, Feed>();
  private admin: Admin | undefined;
  private producer: Promise<Producer> | undefined;
  private promoteTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: SqlClient,
    private readonly log: Logger,
    private readonly options: ProjectionWorkerOptions,
  ) {
    for (const projection of options.projections) {
      assertValidProjection(projection);
      if (!projection.partitionSafe)
        throw new Error(`Projection ${projection.name} depends on the order across streams: it cannot run in a projection worker.`);
    }
    this.tuning = {
      sessionTimeoutMs: options.sessionTimeoutMs ?? DEFAULT_TUNING.sessionTimeoutMs,
      rebalanceTimeoutMs: options.rebalanceTimeoutMs ?? DEFAULT_TUNING.rebalanceTimeoutMs,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? DEFAULT_TUNING.heartbeatIntervalMs,
      maxWaitTimeMs: options.maxWaitTimeMs ?? DEFAULT_TUNING.maxWaitTimeMs,
      retryDelayMs: options.retryDelayMs ?? DEFAULT_TUNING.retryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULT_TUNING.maxRetryDelayMs,
      gatherMs: options.gatherMs ?? DEFAULT_TUNING.gatherMs,
      gatherMaxMessages: options.gatherMaxMessages ?? DEFAULT_TUNING.gatherMaxMessages,
    };
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'qr-platform-projections',
      brokers: [...options.brokers],
      connectionTimeout: 3000,
      requestTimeout: 10_000,
      logLevel: logLevel.INFO,
      logCreator: kafkaLogCreator(log),
      ...(options.kafkaRetries === undefined ? {} : { retry: { retries: options.kafkaRetries } }),
    });
  }

  /**
   * Resolves once every projection's consumer has joined its group. Brokers that cannot be reached
   * yet (a stack coming up in any order, a broker restarting) are waited for with growing pauses: a
   * worker that exited instead would need someone to start it again.
   */
  async start(): Promise<void> {
    const admin = (this.admin = this.kafka.admin());
    await this.retrying({}, 'could not reach the Kafka brokers; retrying', () => admin.connect());
    // Each consumer's start waits for its group's first join: in parallel, so that takes one wait.
    await Promise.all(
      this.options.projections.map((projection) =>
        this.retrying({ projection: projection.name }, 'could not start the projection consumer; retrying', () => this.feed(projection)),
      ),
    );
    if (this.stopped) return;
    this.promoteTimer = setInterval(() => void this.promoteBuilt(), this.options.promoteCheckMs ?? 1000);
    this.log.info({ topic: this.options.topic, projections: [...this.feeds.values()].map(describe) }, 'projection worker started');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.promoteTimer);
    await Promise.all([...this.feeds.values()].map((feed) => feed.consumer.stop()));
    this.feeds.clear();
    const producer = this.producer;
    this.producer = undefined;
    await (await producer?.catch(() => undefined))?.disconnect();
    await this.admin?.disconnect();
  }

  /**
   * Resolves once every partition of the topic is applied up to its high watermark to the live
   * generation of every projection this worker runs, by whichever workers of its group. The high
   * watermarks are asked again on each check: librdkafka's mock cluster, under load, answered with
   * offsets from before a send it had acknowledged, and a target taken once let this resolve early.
   */
  async caughtUp(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const highs = await this.highWatermarks();
      const pending = [];
      for (const feed of this.feeds.values()) {
        if (feed.building || !(await this.reached(feed, highs))) pending.push(feed.projection.name);
      }
      if (pending.length === 0) return;
      if (Date.now() > deadline) throw new Error(`projection workers did not catch up with ${this.options.topic} in ${timeoutMs} ms: ${pending.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Starts the consumer of the generation this worker should feed for `projection`, if any. */
  private async feed(projection: Projection): Promise<void> {
    const chosen = await this.chooseGeneration(projection);
    if (!chosen || this.stopped) return;
    const target: ConsumerTarget = { projection, generation: chosen.generation, topic: this.options.topic };
    const consumer = new ProjectionConsumer(
      this.kafka,
      this.db,
      this.log,
      () => this.deadLetterProducer(),
      target,
      this.tuning,
      (ended) => void this.refeed(ended),
    );
    const feed: Feed = { ...target, building: chosen.building, consumer };
    this.feeds.set(projection.name, feed);
    try {
      await consumer.start();
    } catch (error) {
      this.feeds.delete(projection.name);
      await consumer.stop().catch(() => undefined);
      throw error;
    }
  }

  /**
   * The consumer of `ended` stopped on its own: another worker promoted or discarded its
   * generation, or kafkajs gave up after an error it does not retry. Feed whichever generation is
   * current now, with a new consumer.
   */
  private async refeed(ended: ConsumerTarget): Promise<void> {
    const feed = this.feeds.get(ended.projection.name);
    if (!feed || feed.generation !== ended.generation) return;
    this.feeds.delete(ended.projection.name);
    await feed.consumer.stop().catch(() => undefined);
    await this.retrying({ projection: ended.projection.name }, 'could not start the projection consumer again; retrying', () => this.feed(ended.projection));
  }

  /** Runs `attempt` until it succeeds or the worker stops, each pause twice the last, up to the limit. */
  private async retrying(context: object, message: string, attempt: () => Promise<void>): Promise<void> {
    for (let delay = this.tuning.retryDelayMs; !this.stopped; delay = Math.min(delay * 2, this.tuning.maxRetryDelayMs)) {
      try {
        return await attempt();
      } catch (error) {
        this.log.warn({ err: error, ...context, retryInMs: delay }, message);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async chooseGeneration(projection: Projection): Promise<{ generation: number; building: boolean } | undefined> {
    return this.db.transaction(async (tx) => {
      // Workers starting together must agree on one generation (the runner takes the same lock).
      await tx.query('LOCK TABLE projection_checkpoints IN SHARE ROW EXCLUSIVE MODE');
      const states = (await projectionState.all(tx)).filter((state) => state.name === projection.name);
      const live = states.find((state) => state.status === 'live');
      if (!live) return { generation: (await projectionState.createGeneration(tx, projection, 'live', 'topic')).generation, building: false };
      if (live.codeVersion > projection.version) {
        this.log.warn(
          { projection: projection.name, live: live.codeVersion, mine: projection.version },
          'a newer version of this projection is live: this worker leaves it alone',
        );
        return undefined;
      }
      if (live.codeVersion === projection.version && live.fedBy === 'topic') return { generation: live.generation, building: false };
      const building = states.filter((state) => state.status === 'building' && state.fedBy === 'topic');
      const joined = building.find((state) => state.codeVersion === projection.version);
      if (joined) return { generation: joined.generation, building: true };
      for (const stale of building) await projectionState.discard(tx, projection, stale.generation);
      this.log.info(
        { projection: projection.name, from: live.codeVersion, to: projection.version, fedBy: live.fedBy },
        'building a new generation from the topic',
      );
      return { generation: (await projectionState.createGeneration(tx, projection, 'building', 'topic')).generation, building: true };
    });
  }

  /** Makes each generation this worker is building live once it has caught up with its target. */
  private async promoteBuilt(): Promise<void> {
    for (const feed of this.feeds.values()) {
      if (!feed.building) continue;
      try {
        feed.target ??= await this.highWatermarks();
        if (!(await this.reached(feed, feed.target))) continue;
        await this.db.transaction(async (tx) => {
          const state = await projectionState.lock(tx, feed.projection.name, feed.generation);
          // Another worker of the group may have promoted it already.
          if (state?.status === 'building') await projectionState.promote(tx, feed.projection, feed.generation);
        });
        feed.building = false;
        this.log.info({ projection: feed.projection.name, generation: feed.generation }, 'generation built from the topic is live');
      } catch (error) {
        this.log.warn({ err: error, projection: feed.projection.name }, 'could not check or promote the generation being built; trying again');
      }
    }
  }

  private async reached(feed: Feed, highs: ReadonlyMap<number, number>): Promise<boolean> {
    const stored = new Map(
      (await partitionOffsets.ofGeneration(this.db, feed.projection.name, feed.generation, feed.topic)).map((o) => [o.partition, o.nextOffset]),
    );
    return [...highs].every(([partition, high]) => (stored.get(partition) ?? 0) >= high);
  }

  private async highWatermarks(): Promise<Map<number, number>> {
    const offsets = await this.admin!.fetchTopicOffsets(this.options.topic);
    return new Map(offsets.map((o) => [o.partition, Number(o.high)]));
  }

  private deadLetterProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer();
      await producer.connect();
      return producer;
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }
}

function describe(feed: Feed) {
  return { name: feed.projection.name, generation: feed.generation, building: feed.building };
}
