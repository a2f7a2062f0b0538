import { setImmediate as nextTurn } from 'node:timers/promises';
import { compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent } from './event-store';

/**
 * How soon a read that did not yet reach a local commit of its types looks again, doubling up to
 * the poll interval. On a server the log shows a commit only once every transaction begun before it
 * has ended (decision 007): one still open elsewhere, a hot-path batch say, hides it for a moment.
 */
const UNSEEN_COMMIT_RECHECK_MS = 5;

export interface CatchUpSubscriptionOptions {
  from: Checkpoint;
  types?: readonly string[];
  batchSize?: number;
  /** How often to look for events written by other processes; local appends of its types wake it at once. */
  pollIntervalMs?: number;
  /**
   * How long a local append may wait before the subscription reads it. 0 reads at once; a
   * subscription fed by a hot path reads a few large batches a second instead of one per commit.
   */
  wakeDelayMs?: number;
  /** Types whose local appends wake it at once despite wakeDelayMs. */
  wakeAtOnceFor?: readonly string[];
  /** Wait before retrying a batch whose handler failed. */
  retryDelayMs?: number;
  /**
   * Each further failure in a row doubles the wait, up to this (default: no doubling). A handler
   * that talks to a server which is down (the Kafka relay) then neither hammers it nor the log.
   */
  maxRetryDelayMs?: number;
  /** Called with each batch; the subscription moves past it only once the promise resolves. */
  handle(events: RecordedEvent[], checkpoint: Checkpoint): Promise<void>;
  onError?(error: unknown): void;
}

/**
 * Reads the global log from a checkpoint to the end, then keeps following it. A batch whose
 * handler throws is retried from the same checkpoint, so nothing is skipped; a handler that stores
 * the checkpoint with its output in one transaction therefore sees each event exactly once.
 */
export class CatchUpSubscription {
  private checkpoint: Checkpoint;
  private stopped = false;
  /** Set by a local append; a wake-up that arrives while a batch is being handled is not lost. */
  private dirty = false;
  /** The last local commit of its types, until a read has reached it; kept only for appends read at once. */
  private unseen: Checkpoint | undefined;
  private wake: ((cause: 'append' | 'stop') => void) | undefined;
  private delayedWake: NodeJS.Timeout | undefined;
  private readonly running: Promise<void>;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: EventStore,
    private readonly options: CatchUpSubscriptionOptions,
  ) {
    this.checkpoint = options.from;
    const followed = options.types && new Set(options.types);
    const atOnce = new Set(options.wakeAtOnceFor);
    this.unsubscribe = store.onAppended((types, committed) => {
      // A busy scan path commits hundreds of batches a second: subscriptions to other types stay asleep.
      if (followed && ![...types].some((type) => followed.has(type))) return false;
      const { wakeDelayMs = 0 } = options;
      if (wakeDelayMs === 0 || [...types].some((type) => atOnce.has(type))) {
        clearTimeout(this.delayedWake);
        this.delayedWake = undefined;
        if (!this.unseen || compareCheckpoints(committed, this.unseen) > 0) this.unseen = committed;
        this.markDirty();
        return true;
      }
      this.delayedWake ??= setTimeout(() => {
        this.delayedWake = undefined;
        this.markDirty();
      }, wakeDelayMs);
      return true;
    });
    this.running = this.loop();
  }

  get position(): Checkpoint {
    return this.checkpoint;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.delayedWake);
    this.wake?.('stop');
    this.unsubscribe();
    await this.running;
  }

  private markDirty(): void {
    this.dirty = true;
    this.wake?.('append');
  }

  private async loop(): Promise<void> {
    const { batchSize = 500, pollIntervalMs = 500, retryDelayMs = 1000, maxRetryDelayMs = retryDelayMs } = this.options;
    let failures = 0;
    let recheckMs = UNSEEN_COMMIT_RECHECK_MS;
    /** Whether the last wait ran its full poll interval: no local append of ours is then waiting to be read. */
    let timedPoll = false;
    while (!this.stopped) {
      let caughtUp = true;
      this.dirty = false;
      try {
        // Half an interval of staleness at most lets a process's polls share a look at the log.
        const maxStalenessMs = timedPoll ? pollIntervalMs / 2 : undefined;
        timedPoll = false;
        const read = await this.store.readAll({ from: this.checkpoint, limit: batchSize, types: this.options.types, maxStalenessMs });
        if (read.events.length > 0) await this.options.handle(read.events, read.checkpoint);
        this.checkpoint = read.checkpoint;
        caughtUp = read.caughtUp;
        failures = 0;
        // PGlite answers within the same turn of the event loop (its queries settle as microtasks), so
        // without a turn between batches a backlog would be worked off in one stretch while requests wait.
        if (read.events.length > 0) await nextTurn();
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(error);
        // New appends do not cut this wait short: under a steady scan load they would make it no wait at all.
        await this.sleep(Math.min(maxRetryDelayMs, retryDelayMs * 2 ** failures++), { wakeOnAppend: false });
        continue;
      }
      if (!caughtUp) continue;
      if (this.unseen && compareCheckpoints(this.checkpoint, this.unseen) >= 0) this.unseen = undefined;
      if (!this.unseen) {
        recheckMs = UNSEEN_COMMIT_RECHECK_MS;
        timedPoll = await this.sleep(pollIntervalMs);
        continue;
      }
      await this.sleep(recheckMs);
      recheckMs = Math.min(recheckMs * 2, pollIntervalMs);
    }
  }

  /** Resolves true when the wait ran its full length, false when an append or stop cut it short. */
  private sleep(ms: number, { wakeOnAppend = true } = {}): Promise<boolean> {
    if (this.stopped || (wakeOnAppend && this.dirty)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(!this.dirty), ms);
      this.wake = (cause) => {
        if (cause === 'append' && !wakeOnAppend) return;
        this.wake = undefined;
        clearTimeout(timer);
        resolve(false);
      };
    });
  }
}
