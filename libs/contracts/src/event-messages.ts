import { z } from 'zod';

/**
 * One event as the Kafka relay publishes it (DESIGN.md §2): the message value, as JSON. The message
 * key is `stream_id`, so a stream's events land on one partition in log order. Delivery is at least
 * once: a consumer deduplicates by `id` and checkpoints by partition offset. `data` is the event as
 * stored: personal data in it is already sealed with the person's key, and events never hold secrets.
 */
export const EventMessage = z.strictObject({
  id: z.uuid(),
  type: z.string().min(1),
  stream_id: z.string().min(1),
  stream_position: z.number().int().nonnegative(),
  global_position: z.number().int().positive(),
  schema_version: z.number().int().positive(),
  occurred_at: z.iso.datetime(),
  recorded_at: z.iso.datetime(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});
export type EventMessage = z.infer<typeof EventMessage>;

/**
 * Headers on every message, so a consumer can route or skip one without parsing its value.
 * `org_id` is absent for events that belong to no organisation (a person's own account).
 */
export const EVENT_MESSAGE_HEADERS = {
  eventId: 'event_id',
  type: 'type',
  orgId: 'org_id',
  globalPosition: 'global_position',
} as const;
