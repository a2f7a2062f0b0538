import type { Config } from '@qr/platform';
import { ClickHouseAnalyticsReader, ClickHouseAnalyticsStore, clickhouseAnalytics, type AnalyticsReader } from '@qr/projections-analytics';
import type { Projection } from './projection';
import { PROJECTIONS } from './registry';

/** The projections the product runs and where analytics queries read, by CLICKHOUSE_URL (DESIGN.md §2). */
export interface AnalyticsSink {
  projections: readonly Projection[];
  /** Absent: the Postgres rollups answer. */
  reader?: AnalyticsReader;
  close(): Promise<void>;
}

/**
 * Without CLICKHOUSE_URL: the registry as it is, the Postgres rollups answering. With it: the
 * ClickHouse sink besides the Postgres rollups (kept, so that unsetting the variable falls back to
 * figures that are up to date), and queries read ClickHouse. The API and the projection workers
 * both open it; `inProcessProjections` and `workerProjections` say which process runs which.
 */
export function openAnalyticsSink(config: Pick<Config, 'CLICKHOUSE_URL'>): AnalyticsSink {
  if (!config.CLICKHOUSE_URL) return { projections: PROJECTIONS, close: async () => undefined };
  const store = ClickHouseAnalyticsStore.open(config.CLICKHOUSE_URL);
  return { projections: [...PROJECTIONS, clickhouseAnalytics(store)], reader: new ClickHouseAnalyticsReader(store), close: () => store.close() };
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
