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
   * at the next turn of the event loop. With several transactions in flight on a server a free lane
   * would otherwise commit almost every request alone; a few milliseconds make each statement carry
   * dozens.
   */
  windowMs?: number;
}

/**
 * Group commit for hot paths (scans, votes, submits). Requests that arrive while a commit is in
 * flight wait for it and then go together in the next transaction; each caller's promise settles
 * only once its own events are durable, with its own result or WrongExpectedVersionError.
 * Without a window, an idle store commits a lone request at once, so batching costs no latency at low load.
 *
 * Transactions in flight at once take disjoint sets of streams: each stream belongs to one lane.
 * Batches sharing hot streams would otherwise queue on those streams' row locks for most of their
 * length (measured here on PostgreSQL, 4 in flight over 64 scan streams: about 20% more events/s
 * with lanes). It also keeps each stream's appends from this process in arrival order.
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

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const flushFreeLanes = () => {
      this.scheduled = false;
      for (const lane of this.lanes) if (!lane.busy && lane.queue.length > 0) this.flush(lane);
    };
    // Requests made in the same tick of the event loop (or the same window) join one batch.
    if (this.windowMs > 0) setTimeout(flushFreeLanes, this.windowMs);
    else setImmediate(flushFreeLanes);
  }

  /**
   * Without a window, the lane's next batch goes to the store as soon as this one is durable,
   * before this one's callers are answered: the store works on it while they write their responses
   * (`scan-ab`, 6 turns each: on PostgreSQL p99 22 ms against 29.5 and scans/s 107%; PGlite 112%).
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
