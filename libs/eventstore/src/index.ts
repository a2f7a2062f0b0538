export * from './event-store';
export * from './event-store.errors';
export type { Projection, ProjectionContext } from './projection';
export { newEventId } from './event-id';
export { PostgresEventStore } from './postgres-event-store';
export { BatchingAppender, MAX_GATHER_TURNS, type BatchingAppenderOptions } from './batching-appender';
export { CatchUpSubscription, type CatchUpSubscriptionOptions } from './catch-up-subscription';
