export * from './generations';
export { DEFAULT_REBUILD_BATCH, ProjectionRunner, type AppliedListener, type ProjectionRunnerOptions, type RebuildProgress, type RebuildReport } from './projection-runner';
export { PROJECTIONS } from './registry';
export { KafkaRelay, type KafkaRelayOptions, type RelayLag } from './relay/kafka-relay';
export { inProcessProjections, openAnalyticsSink, workerProjections, type AnalyticsSink } from './analytics-sink';
export { ProjectionWorker, type ProjectionWorkerOptions } from './worker/projection-worker';
export { DEAD_LETTER_HEADERS, deadLetterTopic, type DeadLetterReason } from './worker/dead-letters';
export { partitionOffsets, type WorkerProjectionProgress } from './worker/partition-offsets';
