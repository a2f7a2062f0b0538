import {
  CatchUpSubscription,
  checkpointOf,
  compareCheckpoints,
  START,
  type Checkpoint,
  type EventStore,
  type Projection,
  type ProjectionContext,
  type RecordedEvent,
} from '@qr/eventstore';
import type { Logger, SqlClient, SqlExecutor } from '@qr/platform';
import { assertValidProjection, physicalTable, type ProjectionLag } from './generations';
import { projectionState, type GenerationState } from './projection-state';

/**
 * Events a rebuild reads and applies at a time. Large batches: a rebuild is bound by per-batch
 * overhead, on PGlite and above all into ClickHouse, whose every insert costs a fixed part
 * (bench/RESULTS.md, replay).
 */
export const DEFAULT_REBUILD_BATCH = 20_000;

/** Events a live projection applies at a time, unless it waits for a wake delay (below). */
const LIVE_BATCH = 500;
/**
 * Events a live projection with a wake delay applies at a time: all a busy scan path appends during
 * one delay, so a wake is one transaction. Such a projection's transaction costs mostly the same
 * whatever its size (the analytics rollups sum a batch in memory first): cut into batches of 500,
 * the scan projections held PGlite's one connection far longer per scan than in one.
 */
const DELAYED_LIVE_BATCH = 10_000;

/**
 * How long a wait for a position sleeps when no batch of its projections is applied meanwhile: a
 * follower also moves past other types' events without applying any, which wakes nobody.
 */
const WAIT_RECHECK_MS = 50;

export interface ProjectionRunnerOptions {
  /** Live batches; default LIVE_BATCH, or DELAYED_LIVE_BATCH for a projection with a wake delay. */
  batchSize?: number;
  /** Default DEFAULT_REBUILD_BATCH. */
  rebuildBatchSize?: number;
  pollIntervalMs?: number;
}

/** The generation a follower writes to was replaced by a rebuild (possibly in another process). */
class GenerationRetired extends Error {}

export interface RebuildProgress {
  processed: number;
  position: number;
  head: number;
}

export interface RebuildReport {
  name: string;
  generation: number;
  eventsProcessed: number;
  /** Events of the projection's types in the store up to its checkpoint: must equal eventsProcessed. */
  eventsInStore: number;
  seconds: number;
}

interface Follower {
  generation: number;
  subscription: CatchUpSubscription;
  /** Where the last batch it applied ended, once committed; the subscription's position moves a little later. */
  applied: { checkpoint: Checkpoint };
}

/**
 * Keeps every registered projection up to date from the event store, each batch's output and
 * checkpoint in one transaction, and rebuilds a projection into a new generation when asked (the
 * replay CLI) or when its code version changed since its tables were built.
 */
export class ProjectionRunner {
  private readonly followers = new Map<string, Follower>();
  private readonly rebuilds = new Set<Promise<unknown>>();
  private readonly appliedListeners = new Map<string, Set<AppliedListener>>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: SqlClient,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly log: Logger,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    projections.forEach(assertValidProjection);
  }

  async start(): Promise<void> {
    this.started = true;
    await this.analyzeLog();
    for (const projection of this.projections) {
      const live = await this.db.transaction(async (tx) => {
        // Two servers starting together on one PostgreSQL must not both create generation 1.
        await tx.query('LOCK TABLE projection_checkpoints IN SHARE ROW EXCLUSIVE MODE');
        return (await projectionState.live(tx, projection.name)) ?? projectionState.createGeneration(tx, projection, 'live');
      });
      // A generation projection workers built from the topic has no checkpoint in the log: following
      // it from there would count every event again (KAFKA_BROKERS was unset), so it is rebuilt.
      if (live.codeVersion === projection.version && live.fedBy === 'log') {
        this.follow(projection, live);
        continue;
      }
      // The old generation keeps answering queries, not updated, until the new one takes over.
      this.log.info(
        { projection: projection.name, from: live.codeVersion, to: projection.version, fedBy: live.fedBy },
        'projection version changed or built by workers: rebuilding',
      );
      const rebuild = this.rebuild(projection.name).catch((error: unknown) =>
        this.log.error({ err: error, projection: projection.name }, 'projection rebuild failed'),
      );
      this.rebuilds.add(rebuild);
      void rebuild.finally(() => this.rebuilds.delete(rebuild));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.followers.values()].map((f) => f.subscription.stop()));
    this.followers.clear();
    await Promise.all(this.rebuilds);
  }

  /**
   * Called after each batch of `name` commits, with its events; without events after a rebuild,
   * when anything may have changed. In-memory caches of a read model stay right this way (the scan
   * path's code directory): a command that waited for its read model finds the cache already cleared.
   */
  onApplied(name: string, listener: AppliedListener): () => void {
    const listeners = this.appliedListeners.get(name) ?? new Set<AppliedListener>();
    this.appliedListeners.set(name, listeners.add(listener));
    return () => listeners.delete(listener);
  }

  private notifyApplied(name: string, events?: readonly RecordedEvent[]): void {
    for (const listener of this.appliedListeners.get(name) ?? []) listener(events);
  }

  /**
   * Resolves true once each followed projection among `names` has reached `position`: its follower
   * is at or past it, or none of the projection's events lies between the two. A name this runner
   * does not follow (run by projection workers, or being rebuilt while its old generation answers)
   * is not waited for. Woken by the batches those projections apply, and every WAIT_RECHECK_MS
   * besides; resolves false once `timeoutMs` has run out, and never throws: the caller answers
   * either way.
   */
  async waitFor(position: Checkpoint, names: Iterable<string>, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    let pending = [...new Set(names)];
    for (;;) {
      // Listening before looking, so a batch applied while the log is asked is not missed.
      let wake!: () => void;
      const applied = new Promise<void>((resolve) => (wake = resolve));
      const unsubscribe = pending.map((name) => this.onApplied(name, wake));
      try {
        pending = await this.notReached(pending, position);
        if (pending.length === 0) return true;
        const left = deadline - performance.now();
        if (left <= 0) return false;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([applied, new Promise((resolve) => (timer = setTimeout(resolve, Math.min(left, WAIT_RECHECK_MS))))]);
        clearTimeout(timer);
      } finally {
        unsubscribe.forEach((stop) => stop());
      }
    }
  }

  private async notReached(names: readonly string[], position: Checkpoint): Promise<string[]> {
    const reached = await Promise.all(
      names.map(async (name) => {
        const follower = this.followers.get(name);
        const projection = this.projections.find((p) => p.name === name);
        if (!follower || !projection) return true;
        const { position: read } = follower.subscription;
        const at = compareCheckpoints(follower.applied.checkpoint, read) > 0 ? follower.applied.checkpoint : read;
        if (compareCheckpoints(at, position) >= 0) return true;
        // A log that cannot be asked now is asked again at the next wake, until the wait runs out.
        return this.store.holdsAnyBetween(at, position, projection.eventTypes).then(
          (holds) => !holds,
          () => false,
        );
      }),
    );
    return names.filter((_, index) => !reached[index]);
  }

  /** Resolves once every followed projection has processed everything committed so far (tests and tools; requests wait with waitFor). */
  async caughtUp(timeoutMs = 10000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.lag()).some((lag) => lag.lag_events > 0)) {
      if (Date.now() > deadline) throw new Error('projections did not catch up in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async lag(): Promise<ProjectionLag[]> {
    const states = await projectionState.all(this.db);
    return Promise.all(
      this.projections.map(async (projection) => {
        const live = states.find((s) => s.name === projection.name && s.status === 'live');
        const follower = this.followers.get(projection.name);
        // A follower's position moves past other types' events without a write; the stored one may not.
        const checkpoint = follower && follower.generation === live?.generation ? follower.subscription.position : (live?.checkpoint ?? START);
        const backlog = await this.store.backlog(checkpoint, projection.eventTypes);
        return {
          name: projection.name,
          generation: live?.generation ?? 0,
          status: live?.status ?? 'building',
          checkpoint,
          events_processed: live?.eventsProcessed ?? 0,
          lag_events: backlog.events,
          lag_seconds: backlog.seconds,
        };
      }),
    );
  }

  /**
   * Builds a new generation of `name` from position 0 while the live one keeps answering, then
   * makes it live and drops the old tables (DESIGN.md §4).
   */
  async rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildReport> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection "${name}". Registered: ${this.names()}.`);
    const started = Date.now();
    const state = await this.db.transaction(async (tx) => {
      for (const leftover of (await projectionState.all(tx)).filter((s) => s.name === name && s.status === 'building')) {
        await projectionState.discard(tx, projection, leftover.generation);
      }
      return projectionState.createGeneration(tx, projection, 'building');
    });

    await this.analyzeLog();
    const head = await this.store.headPosition();
    let from = START;
    const readAfter = (checkpoint: Checkpoint) =>
      this.store.readAll({ from: checkpoint, limit: this.options.rebuildBatchSize ?? DEFAULT_REBUILD_BATCH, types: projection.eventTypes });
    let reading = readAfter(from);
    for (;;) {
      const read = await reading;
      if (!read.caughtUp) {
        // The next batch is read while this one is applied: a sink outside the database (ClickHouse)
        // then works while the log is read and parsed. The checkpoint still moves batch by batch. A
        // failed apply ends the rebuild, and the read's own failure with it, unheard.
        reading = readAfter(read.checkpoint);
        void reading.catch(() => undefined);
      }
      const prepared = await projection.prepare?.(read.events);
      await this.db.transaction((tx) => this.apply(tx, projection, state.generation, read.events, read.checkpoint, prepared));
      from = read.checkpoint;
      onProgress?.({ processed: read.events.length, position: read.events.at(-1)?.globalPosition ?? head, head });
      if (read.caughtUp || this.stopped) break;
    }
    if (this.stopped) throw new Error(`Rebuild of ${name} interrupted by shutdown`);

    const eventsProcessed = await this.db.transaction(async (tx) => {
      const built = await projectionState.lock(tx, name, state.generation);
      await projectionState.promote(tx, projection, state.generation);
      return built!.eventsProcessed;
    });
    const { rows } = await this.db.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM es_events
        WHERE type = ANY($1::text[]) AND (transaction_id, global_position) <= ($2::xid8, $3::bigint)`,
      [[...projection.eventTypes], from.transactionId, from.globalPosition],
    );

    this.notifyApplied(name);
    const previous = this.followers.get(name);
    this.followers.delete(name);
    await previous?.subscription.stop();
    if (this.started && !this.stopped) this.follow(projection, { ...state, status: 'live', checkpoint: from });
    return { name, generation: state.generation, eventsProcessed, eventsInStore: Number(rows[0]!.count), seconds: (Date.now() - started) / 1000 };
  }

  private follow(projection: Projection, state: GenerationState): void {
    const applied = { checkpoint: state.checkpoint };
    const subscription = new CatchUpSubscription(this.store, {
      from: state.checkpoint,
      types: projection.eventTypes,
      batchSize: this.options.batchSize ?? (projection.wakeDelayMs ? DELAYED_LIVE_BATCH : LIVE_BATCH),
      pollIntervalMs: this.options.pollIntervalMs,
      wakeDelayMs: projection.wakeDelayMs,
      wakeAtOnceFor: projection.wakeAtOnceFor,
      handle: async (events, next) => {
        const prepared = await projection.prepare?.(events);
        await this.db.transaction((tx) => this.apply(tx, projection, state.generation, events, next, prepared));
        applied.checkpoint = next;
        if (events.length > 0) this.notifyApplied(projection.name, events);
      },
      onError: (error) => {
        if (error instanceof GenerationRetired) return void this.followLive(projection, state.generation);
        this.log.error({ err: error, projection: projection.name }, 'projection batch failed; retrying');
      },
    });
    this.followers.set(projection.name, { generation: state.generation, subscription, applied });
  }

  /** After a rebuild elsewhere retired our generation, follow whichever one is live now. */
  private async followLive(projection: Projection, retired: number): Promise<void> {
    const follower = this.followers.get(projection.name);
    if (!follower || follower.generation !== retired) return;
    this.followers.delete(projection.name);
    await follower.subscription.stop();
    const live = await projectionState.live(this.db, projection.name);
    if (live && !this.stopped) this.follow(projection, live);
  }

  /** Applies the events this generation has not seen yet and moves its checkpoint, in the caller's transaction. */
  private async apply(tx: SqlExecutor, projection: Projection, generation: number, events: RecordedEvent[], next: Checkpoint, prepared: unknown) {
    const state = await projectionState.lock(tx, projection.name, generation);
    if (!state || state.status === 'retired') throw new GenerationRetired();
    // Another runner on the same database may have applied part of this batch already; what was
    // prepared for the whole batch then does not fit, and the handler works from the events alone.
    const fresh = events.filter((e) => compareCheckpoints(checkpointOf(e), state.checkpoint) > 0);
    const context: ProjectionContext = { tx, table: (logical) => physicalTable(logical, generation) };
    if (fresh.length > 0) await projection.handle(fresh, context, fresh.length === events.length ? prepared : undefined);
    if (compareCheckpoints(next, state.checkpoint) > 0) await projectionState.advance(tx, state, next, fresh.length);
  }

  /**
   * Fresh statistics of the log before reading much of it. PGlite runs no autovacuum, so without
   * them the planner takes a type filter for rare and reads every event after the checkpoint,
   * sorted, for each batch: a rebuild then costs the square of the log, where with statistics it
   * takes the ordered index scan.
   */
  private async analyzeLog(): Promise<void> {
    await this.db.query('ANALYZE es_events');
  }

  private names(): string {
    return this.projections.map((p) => p.name).join(', ') || 'none yet';
  }
}

export type AppliedListener = (events?: readonly RecordedEvent[]) => void;
