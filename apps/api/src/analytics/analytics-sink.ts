import type { Config } from '@qr/platform';
import { ClickHouseAnalyticsReader, ClickHouseAnalyticsStore, clickhouseAnalytics, type AnalyticsReader } from '@qr/projections-analytics';
import { PROJECTIONS, type Projection } from '@qr/projections-runner';

/** The projections the process runs and where analytics queries read, by CLICKHOUSE_URL (DESIGN.md §2). */
export interface AnalyticsSink {
  projections: readonly Projection[];
  /** Absent: the Postgres rollups answer. */
  reader?: AnalyticsReader;
  close(): Promise<void>;
}

/**
 * Without CLICKHOUSE_URL: the registry as it is, the Postgres rollups answering. With it: the
 * ClickHouse sink is fed in-process by the same runner, beside the Postgres rollups (kept, so that
 * unsetting the variable falls back to figures that are up to date), and queries read ClickHouse.
 */
export function openAnalyticsSink(config: Pick<Config, 'CLICKHOUSE_URL'>): AnalyticsSink {
  if (!config.CLICKHOUSE_URL) return { projections: PROJECTIONS, close: async () => undefined };
  const store = ClickHouseAnalyticsStore.open(config.CLICKHOUSE_URL);
  return { projections: [...PROJECTIONS, clickhouseAnalytics(store)], reader: new ClickHouseAnalyticsReader(store), close: () => store.close() };
}
