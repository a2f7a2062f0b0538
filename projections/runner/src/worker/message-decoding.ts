import { isEventType } from '@qr/domain';
import { EventMessage } from '@qr/contracts';
import type { RecordedEvent } from '@qr/eventstore';
import { fromEventMessage } from '../relay/event-message';
import type { DeadLetterReason } from './dead-letters';

export type Decoded = { event: RecordedEvent } | { reason: DeadLetterReason; detail: string };

/** A message's value as an event, or why it cannot be one (it then goes to the dead-letter topic). */
export function decodeEventMessage(value: Buffer | null): Decoded {
  let json: unknown;
  try {
    json = JSON.parse(value?.toString('utf8') ?? '');
  } catch (error) {
    return { reason: 'malformed_json', detail: error instanceof Error ? error.message : String(error) };
  }
  const parsed = EventMessage.safeParse(json);
  if (!parsed.success) {
    return { reason: 'invalid_message', detail: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`).join('; ') };
  }
  if (!isEventType(parsed.data.type)) return { reason: 'unknown_type', detail: `unknown event type "${parsed.data.type}"` };
  return { event: fromEventMessage(parsed.data) };
}
