import type { Projection } from '@qr/eventstore';
import type { Config, Logger } from '@qr/platform';
import { analytics, ClickHouseAnalyticsReader, ClickHouseAnalyticsStore, clickhouseAnalytics, type AnalyticsReader } from '@qr/projections-analytics';
import { PROJECTIONS } from './registry';

/** The projections the product runs and where analytics queries read, by CLICKHOUSE_URL (DESIGN.md §2). */
export interface AnalyticsSink {
  projections: readonly Projection[];
  /** Absent: the Postgres rollups answer. */
  reader?: AnalyticsReader;
  /**
   * Starts making the sink ready to take rows, without waiting: on ClickHouse, its client loaded and
   * its tables made (about a second on 18.16, which the first batch would otherwise wait for while
   * the topic's backlog grew). A server that is down is logged and pauses the projection (its
   * batches retry); it does not stop the process starting.
   */
  prepare(log: Logger): void;
  close(): Promise<void>;
}

/**
 * Without CLICKHOUSE_URL: the registry as it is, the Postgres rollups answering. With it: the
 * ClickHouse sink instead of the Postgres rollups, and queries read ClickHouse. Rollups kept beside
 * it, which nobody reads once ClickHouse answers, would cost every scan more database time than its
 * append and keep a loaded pipeline from draining its backlog. Unset again, the variable brings
 * the rollups back behind: they catch up from the log, or are rebuilt where workers fed them from
 * the topic (ProjectionRunner.start), with their lag in /api/health meanwhile. The API and the
 * projection workers both open the sink; `inProcessProjections` and `workerProjections` say which
 * process runs which.
 */
export function openAnalyticsSink(config: Pick<Config, 'CLICKHOUSE_URL'>): AnalyticsSink {
  if (!config.CLICKHOUSE_URL) return { projections: PROJECTIONS, prepare: () => undefined, close: async () => undefined };
  const store = ClickHouseAnalyticsStore.open(config.CLICKHOUSE_URL);
  return {
    projections: [...PROJECTIONS.filter((projection) => projection !== analytics), clickhouseAnalytics(store)],
    reader: new ClickHouseAnalyticsReader(store),
    prepare: (log) => void store.ready().catch((error: unknown) => log.warn({ err: error }, 'the analytics sink is not ready yet; its projection retries')),
    close: () => store.close(),
  };
}

/**
 * What the API's in-process runner follows. Embedded (no KAFKA_BROKERS): everything. With
 * KAFKA_BROKERS: only the projections that depend on the log's order across streams, the command
 * side's read models, which the API also needs current for read-your-writes and its scan-path
 * cache; projection workers (`npm run projections`) run the partition-safe rest from the topic.
 */
export function inProcessProjections(projections: readonly Projection[], config: Pick<Config, 'KAFKA_BROKERS'>): readonly Projection[] {
  return config.KAFKA_BROKERS ? projections.filter((projection) => !projection.partitionSafe) : projections;
}

/** What projection workers run: the projections whose result does not depend on order across streams. */
export function workerProjections(projections: readonly Projection[]): readonly Projection[] {
  return projections.filter((projection) => projection.partitionSafe);
}
