import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SCAN_SHARDS, scanStreamId, type ScanRecorded } from '@qr/domain';
import { BatchingAppender, type EventStore } from '@qr/eventstore';
import type { Config } from '@qr/platform';
import { CONFIG, EVENT_STORE } from '../infrastructure';

/**
 * Appends scans through one group-committing appender per process (DESIGN.md §3): each scan's
 * promise settles only once its event is durable, so the 302 that follows is never for a scan the
 * store could lose. PGlite is one connection; a PostgreSQL pool takes a few batches at once.
 */
@Injectable()
export class ScanRecorder implements OnModuleDestroy {
  private readonly appender: BatchingAppender;

  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(CONFIG) config: Config) {
    this.appender = new BatchingAppender(store, config.DATABASE_URL ? { maxInFlight: 4, windowMs: 2 } : { maxInFlight: 1 });
  }

  async record(data: ScanRecorded['data'], at: Date): Promise<void> {
    const event: ScanRecorded = { type: 'ScanRecorded', data };
    await this.appender.append({
      streamId: scanStreamId(data.code_id, Math.floor(Math.random() * SCAN_SHARDS)),
      expectedVersion: 'any',
      events: [{ ...event, occurredAt: at, metadata: { org_id: data.org_id } }],
    });
  }

  /** Shutdown waits for scans already answered-to-be, so none is cut off mid-commit. */
  onModuleDestroy(): Promise<void> {
    return this.appender.drained();
  }
}
