export { customers } from './customers.projection';
export { analytics, UNKNOWN_VALUE, WHOLE_ORGANIZATION, type RollupDimension } from './analytics.projection';
export { AnalyticsRollups, type AnalyticsFigures, type AnalyticsScope } from './analytics-rollups.reader';
