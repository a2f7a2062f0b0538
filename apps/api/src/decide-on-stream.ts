import type { Decider } from '@qr/domain';
import { NO_STREAM_VERSION, type EventMetadata, type EventStore } from '@qr/eventstore';

/**
 * The one write path of a decider's stream (DESIGN.md §1): load, fold, decide, and append with the
 * version that was read, so two concurrent commands cannot both pass an invariant; the loser gets
 * 409 wrong_expected_version. Returns the events appended, none when the command changes nothing.
 */
export async function decideOnStream<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: EventMetadata,
  occurredAt = new Date(),
): Promise<Event[]> {
  const { version, events } = await store.readStream(streamId);
  // Only this decider writes the stream, so every payload has its event's shape.
  const state = events.reduce((folded, recorded) => decider.evolve(folded, { type: recorded.type, data: recorded.data } as Event), decider.initialState);
  const decided = decider.decide(command, state);
  if (decided.length === 0) return decided;
  await store.append({
    streamId,
    expectedVersion: version === NO_STREAM_VERSION ? 'no_stream' : version,
    events: decided.map(({ type, data }) => ({ type, data, occurredAt, metadata })),
  });
  return decided;
}
