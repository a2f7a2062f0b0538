export * from './generations';
export {
  DEFAULT_REBUILD_BATCH,
  ProjectionRunner,
  type AppliedListener,
  type ProjectionRunnerOptions,
  type RebuildProgress,
  type RebuildReport,
} from './projection-runner';
export { toKafkaMessage } from './relay/event-message';
export { KafkaRelay, type KafkaRelayOptions, type RelayLag } from './relay/kafka-relay';
export { ProjectionWorker, type ProjectionWorkerOptions } from './worker/projection-worker';
export { DEAD_LETTER_HEADERS, deadLetterTopic, type DeadLetterReason } from './worker/dead-letters';
export { partitionOffsets, type WorkerProjectionProgress } from './worker/partition-offsets';
