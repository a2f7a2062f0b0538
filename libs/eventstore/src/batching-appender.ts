import type { AppendRequest, AppendResult, EventStore } from './event-store';

interface Pending {
  request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: Error): void;
}

/** A queue with at most one transaction in flight; every request for a given stream uses the same lane. */
interface Lane {
  queue: Pending[];
  busy: boolean;
}

export interface BatchingAppenderOptions {
  /** Most requests committed in one transaction. */
  maxBatch?: number;
  /** Transactions in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
  maxInFlight?: number;
  /**
   * How long a batch gathers requests before it commits, in milliseconds. 0 (the default) commits
   * once a turn of the event loop brings no more requests (see schedule). With several transactions
   * in flight on a server a free lane would otherwise commit almost every request alone; a few
   * milliseconds make each statement carry dozens.
   */
  windowMs?: number;
}

/**
 * Most turns of the event loop a batch waits for while each brings more requests: a burst of
 * requests reaches the server over a turn or two, and a steady trickle must not hold a batch back.
 */
export const MAX_GATHER_TURNS = 8;

/**
 * Group commit for hot paths (scans, votes, submits). Requests that arrive while a commit is in
 * flight wait for it and then go together in the next transaction; each caller's promise settles
 * only once its own events are durable, with its own result or WrongExpectedVersionError.
 * Without a window, an idle store commits a lone request at the next turn of the event loop, so
 * batching costs no latency at low load.
 *
 * Transactions in flight at once take disjoint sets of streams: each stream belongs to one lane.
 * Batches sharing hot streams would otherwise queue on those streams' row locks for most of their
 * length, so lanes raise the rate when several batches are in flight. It also keeps each stream's
 * appends from this process in arrival order.
 */
export class BatchingAppender {
  private readonly lanes: Lane[];
  private readonly maxBatch: number;
  private readonly windowMs: number;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: EventStore,
    options: BatchingAppenderOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.windowMs = options.windowMs ?? 0;
    this.lanes = Array.from({ length: Math.max(1, options.maxInFlight ?? 1) }, () => ({ queue: [], busy: false }));
  }

  append(request: AppendRequest): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.lanes[laneIndex(request.streamId, this.lanes.length)]!.queue.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when every request handed in so far has settled (for shutdown). */
  drained(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.lanes.every((lane) => !lane.busy && lane.queue.length === 0);
  }

  private queued(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.queue.length, 0);
  }

  /**
   * Without a window, a batch waits for further turns of the event loop while each brings more
   * requests (at most MAX_GATHER_TURNS): on PGlite, whose appends hold the event loop, the tail of
   * a burst otherwise arrived a turn late and waited a whole append for the next batch
   * (docs/decisions/005-group-commit-one-batch-in-flight.md). While every lane is busy it
   * does not wait: the lane that frees up commits what is queued (see flush), and gathering turns
   * would only keep the event loop from sleeping until the database answers.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const flushFreeLanes = () => {
      this.scheduled = false;
      for (const lane of this.lanes) if (!lane.busy && lane.queue.length > 0) this.flush(lane);
    };
    if (this.windowMs > 0) {
      setTimeout(flushFreeLanes, this.windowMs);
      return;
    }
    let seen = this.queued();
    let turns = 1;
    const gather = () => {
      const queued = this.queued();
      const laneFree = this.lanes.some((lane) => !lane.busy);
      if (laneFree && queued > seen && turns < MAX_GATHER_TURNS) {
        seen = queued;
        turns++;
        setImmediate(gather);
      } else flushFreeLanes();
    };
    setImmediate(gather);
  }

  /**
   * Without a window, the lane's next batch goes to the store as soon as this one is durable,
   * before this one's callers are answered: the store works on it while they write their responses,
   * so the database and the API overlap instead of waiting for each other.
   */
  private flush(lane: Lane): void {
    const batch = lane.queue.splice(0, this.maxBatch);
    lane.busy = true;
    const next = () => {
      lane.busy = false;
      if (lane.queue.length === 0) return;
      if (this.windowMs > 0) this.schedule();
      else this.flush(lane);
    };
    void this.store
      .appendMany(batch.map((p) => p.request))
      .then(
        (results) => {
          next();
          results.forEach((result, i) => (result instanceof Error ? batch[i]!.reject(result) : batch[i]!.resolve(result)));
        },
        (error: Error) => {
          next();
          for (const pending of batch) pending.reject(error);
        },
      )
      .finally(() => {
        if (this.isIdle()) this.idleWaiters.splice(0).forEach((wake) => wake());
      });
  }
}

/** FNV-1a: cheap, and spreads `scans-<code>-<shard>` ids evenly. */
function laneIndex(streamId: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < streamId.length; i++) hash = Math.imul(hash ^ streamId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % lanes;
}
