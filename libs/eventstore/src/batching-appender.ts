import type { AppendRequest, AppendResult, EventStore } from './event-store';

interface Pending {
  request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: Error): void;
}

export interface BatchingAppenderOptions {
  /** Most requests committed in one transaction. */
  maxBatch?: number;
  /** Transactions in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
  maxInFlight?: number;
}

/**
 * Group commit for hot paths (scans, votes, submits). Requests that arrive while a commit is in
 * flight wait for it and then go together in the next transaction; each caller's promise settles
 * only once its own events are durable, with its own result or WrongExpectedVersionError.
 * An idle store commits a lone request at once, so the window costs no latency at low load.
 */
export class BatchingAppender {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: EventStore,
    options: BatchingAppenderOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxInFlight = options.maxInFlight ?? 1;
  }

  append(request: AppendRequest): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when every request handed in so far has settled (for shutdown). */
  drained(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // Requests made in the same tick of the event loop join one batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.commit(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
        else if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((wake) => wake());
      });
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    try {
      const results = await this.store.appendMany(batch.map((p) => p.request));
      results.forEach((result, i) => (result instanceof Error ? batch[i]!.reject(result) : batch[i]!.resolve(result)));
    } catch (error) {
      for (const pending of batch) pending.reject(error as Error);
    }
  }
}
