import type { SqlExecutor } from '@qr/platform';
import type { RecordedEvent } from './event-store';

/** What a projection's handler writes with; the in-process runner and the projection workers both provide it. */
export interface ProjectionContext {
  /** The transaction the checkpoint is written in: output and checkpoint commit together or not at all. */
  tx: SqlExecutor;
  /** The physical name of one of the projection's tables in the generation being written. */
  table(name: string): string;
}

/**
 * A read model built from events (DESIGN.md §4), the port beside the event store's: projections
 * implement it, the runner and the workers drive it. Queries read each table through a view named
 * after it; the physical tables carry a generation suffix so that a rebuild can fill new ones while
 * the old ones keep answering, then swap the views in one transaction.
 */
export interface Projection<Prepared = unknown> {
  name: string;
  /** Bump when the tables or the handling change: the runner rebuilds the projection from position 0. */
  version: number;
  eventTypes: readonly string[];
  /** Logical table name -> DDL statements for a physical table name (indexes named after it too). */
  tables: Record<string, (table: string) => string[]>;
  /**
   * How long events appended by this process may wait before the projection reads them (default 0).
   * A projection fed by a hot path (scans) then commits a few large batches a second instead of a
   * transaction per append; its lag grows by as much. On PGlite this used to hold the one connection
   * for the batch's log read; since a live read comes from memory there, the delay pays off on both
   * databases (docs/decisions/008-scan-projections-wake.md).
   */
  wakeDelayMs?: number;
  /**
   * Types whose appends by this process wake the projection at once despite `wakeDelayMs`: one that
   * follows a hot path's events and also an admin's, whose next read waits for the result, delays
   * only the hot path's (a campaign's redemptions beside its creation and edits).
   */
  wakeAtOnceFor?: readonly string[];
  /**
   * True when the result does not depend on the order of events across streams: counts and other
   * sums, minima and maxima. Such a projection can run in projection workers (`npm run
   * projections`), which read the Kafka topic, where order holds only within a stream (its
   * partition). A read model that relates streams (a code and its folder, a submission and the
   * customer forgotten later) must see the log's order and stays with the in-process runner.
   */
  partitionSafe?: boolean;
  /**
   * Work on a batch that needs no database (summing it in memory), which the in-process runner does
   * before the batch's transaction begins and hands to `handle`: the transaction then holds the
   * connection, PGlite's only one, for its statements alone, and a big batch may be worked through
   * in slices with turns of the event loop between them, so scans never wait for all of it at once.
   */
  prepare?(events: readonly RecordedEvent[]): Promise<Prepared>;
  /** Applies one batch, in log order, with what `prepare` made of it when given. Called at most once per event per generation. */
  handle(events: RecordedEvent[], context: ProjectionContext, prepared?: Prepared): Promise<void>;
}
