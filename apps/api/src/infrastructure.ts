import type { EventStore } from '@qr/eventstore';
import type { AnalyticsReader } from '@qr/projections-analytics';
import type { KafkaRelay, ProjectionRunner } from '@qr/projections-runner';
import type { Config, Logger, SqlClient } from '@qr/platform';

/** What the process opens before Nest starts, handed to the modules as providers. */
export interface Infrastructure {
  config: Config;
  logger: Logger;
  db: SqlClient;
  eventStore: EventStore;
  projections: ProjectionRunner;
  /** Where analytics queries read; absent: the Postgres rollups in `db`. */
  analytics?: AnalyticsReader;
  /** Publishes the log to Kafka when KAFKA_BROKERS is set; absent in the embedded default. */
  relay?: KafkaRelay;
}

export const CONFIG = Symbol('Config');
export const LOGGER = Symbol('Logger');
export const SQL_CLIENT = Symbol('SqlClient');
export const EVENT_STORE = Symbol('EventStore');
export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
export const ANALYTICS_READER = Symbol('AnalyticsReader');
/** The KafkaRelay, or null when none runs. */
export const KAFKA_RELAY = Symbol('KafkaRelay');
