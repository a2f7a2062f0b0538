export * from './projection';
export { ProjectionRunner, type AppliedListener, type ProjectionRunnerOptions, type RebuildProgress, type RebuildReport } from './projection-runner';
export { PROJECTIONS } from './registry';
export { KafkaRelay, type KafkaRelayOptions, type RelayLag } from './relay/kafka-relay';
