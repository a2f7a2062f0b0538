// What other features use of analytics: the spec's period picker, and how a bucket's start is told.
export { AnalyticsPeriodPicker, DEFAULT_ANALYTICS_PERIOD, periodLabel } from './analytics-period-picker';
export { formatBucket } from './analytics-format';
