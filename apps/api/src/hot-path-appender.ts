import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SCAN_SHARDS } from '@qr/domain';
import { BatchingAppender, type AppendRequest, type AppendResult, type EventStore } from '@qr/eventstore';
import type { Config } from '@qr/platform';
import { requestWrites } from './http/request-writes';
import { CONFIG, EVENT_STORE } from './infrastructure';

/**
 * The one group-committing appender of the process (DESIGN.md §3), shared by the hot paths: scans,
 * form submissions, votes. Each request's promise settles only once its events are durable, so an
 * answer that follows is never for an event the store could lose. One batch is in flight on
 * either database, and the next commits as soon as it is durable, with all that arrived meanwhile:
 * fewer, larger commits cost both the database and the API less CPU a scan than several batches
 * gathering at once (docs/decisions/005-group-commit-one-batch-in-flight.md).
 */
@Injectable()
export class HotPathAppender implements OnModuleDestroy {
  private readonly appender: BatchingAppender;
  private readonly shards: number;

  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(CONFIG) config: Config) {
    this.appender = new BatchingAppender(store);
    // Shards spare the batches of several API processes on one server the wait for a hot stream's
    // row lock. PGlite has one process, so nothing waits there, and every further stream row a
    // batch moves costs it (docs/decisions/005-group-commit-one-batch-in-flight.md).
    this.shards = config.DATABASE_URL ? SCAN_SHARDS : 1;
  }

  /** Which of a hot stream's shards (`scans-{code}-{shard}` and the like) the next append goes to. */
  shard(): number {
    return Math.floor(Math.random() * this.shards);
  }

  /**
   * A batch commits in whichever request's turn it happens to: it runs outside every request, and
   * each request records only its own result (for its x-position), waiting for no read model.
   */
  append(request: AppendRequest): Promise<AppendResult> {
    const writes = requestWrites.getStore();
    // The scan routes are outside /api/v1: they take the appender as it is.
    if (!writes) return this.appender.append(request);
    return requestWrites
      .exit(() => this.appender.append(request))
      .then((result) => {
        writes.record([request], [result]);
        return result;
      });
  }

  /** Shutdown waits for appends already promised, so none is cut off mid-commit. */
  onModuleDestroy(): Promise<void> {
    return this.appender.drained();
  }
}
