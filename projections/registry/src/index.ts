export { PROJECTIONS } from './registry';
export { inProcessProjections, openAnalyticsSink, workerProjections, type AnalyticsSink } from './analytics-sink';
