import { organizationStreamId, type OrganizationEvent } from '@qr/domain';
import type { RecordedEvent } from '@qr/eventstore';

/** What the identity read models need from a recorded event: the typed event, its organisation, and when. */
export interface OrganizationFact {
  event: OrganizationEvent;
  orgId: string;
  occurredAt: Date;
}

const STREAM_PREFIX = organizationStreamId('');

/**
 * Applies a batch one event at a time, in log order. Organisation streams are low-volume, and a
 * statement per event keeps sequences within one batch (added then removed, issued then revoked)
 * right without any merging logic.
 */
export async function applyInOrder(events: RecordedEvent[], apply: (fact: OrganizationFact) => Promise<void>): Promise<void> {
  for (const recorded of events) {
    // Fail loudly rather than file rows under a wrong organisation if another context reuses a type name.
    if (!recorded.streamId.startsWith(STREAM_PREFIX)) {
      throw new Error(`${recorded.type} at position ${recorded.globalPosition} is on ${recorded.streamId}, not an organisation stream`);
    }
    // Only the organisation decider writes these types to these streams, so the payload has its shape.
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    await apply({ event, orgId: recorded.streamId.slice(STREAM_PREFIX.length), occurredAt: recorded.occurredAt });
  }
}
