// What other contexts use of analytics: the check that a code or page is the caller's organisation's.
export { AnalyticsAccess } from './analytics-access';
