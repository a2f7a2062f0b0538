import { EVENT_MESSAGE_HEADERS, type EventMessage } from '@qr/contracts';
import type { RecordedEvent } from '@qr/eventstore';

/** What the relay hands kafkajs for one event: keyed by stream, so a stream keeps its order on one partition. */
export interface KafkaEventMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** The message format consumers rely on (`EventMessage` in libs/contracts). */
export function toKafkaMessage(event: RecordedEvent): KafkaEventMessage {
  const value: EventMessage = {
    id: event.id,
    type: event.type,
    stream_id: event.streamId,
    stream_position: event.streamPosition,
    global_position: event.globalPosition,
    schema_version: event.schemaVersion,
    occurred_at: event.occurredAt.toISOString(),
    recorded_at: event.recordedAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  };
  const headers: Record<string, string> = {
    [EVENT_MESSAGE_HEADERS.eventId]: event.id,
    [EVENT_MESSAGE_HEADERS.type]: event.type,
    [EVENT_MESSAGE_HEADERS.globalPosition]: String(event.globalPosition),
  };
  if (typeof event.metadata.org_id === 'string') headers[EVENT_MESSAGE_HEADERS.orgId] = event.metadata.org_id;
  return { key: event.streamId, value: JSON.stringify(value), headers };
}

/**
 * The event a message carries, as projections receive it. The message holds no transaction id
 * (worker-fed projections checkpoint by partition offset, not by log position): it is left empty.
 */
export function fromEventMessage(message: EventMessage): RecordedEvent {
  return {
    id: message.id,
    type: message.type,
    data: message.data,
    metadata: message.metadata,
    schemaVersion: message.schema_version,
    streamId: message.stream_id,
    streamPosition: message.stream_position,
    globalPosition: message.global_position,
    transactionId: '',
    occurredAt: new Date(message.occurred_at),
    recordedAt: new Date(message.recorded_at),
  };
}
