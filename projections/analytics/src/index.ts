export { analytics, UNKNOWN_VALUE, WHOLE_ORGANIZATION, type RollupDimension } from './analytics.projection';
export { AnalyticsRollups, type AnalyticsFigures, type AnalyticsScope } from './analytics-rollups.reader';
export { AnalyticsReader } from './analytics-reader';
export { clickhouseAnalytics, clickhouseEventRows, type EventRow as ClickHouseEventRow } from './clickhouse/clickhouse-analytics.projection';
export { ClickHouseAnalyticsReader } from './clickhouse/clickhouse-analytics.reader';
export { ClickHouseAnalyticsStore } from './clickhouse/clickhouse-analytics.store';
