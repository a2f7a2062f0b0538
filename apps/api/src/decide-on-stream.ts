import { Inject, Injectable } from '@nestjs/common';
import type { Decider } from '@qr/domain';
import { NO_STREAM_VERSION, type AppendResult, type EventMetadata, type EventStore } from '@qr/eventstore';
import { EVENT_STORE } from './infrastructure';

/** What a command did to its stream: the events appended, and where the append left the stream and the log. */
export interface Decided<Event> {
  events: Event[];
  /** Null when the command changed nothing, so nothing was appended. */
  appended: AppendResult | null;
}

/**
 * The event of `type` among those a command decided. A command that creates answers with a view
 * built from it rather than read back from its read model, which may not have caught up when the
 * command's wait runs out: the events are committed, so the answer is a success either way.
 */
export function decidedEvent<Event extends { type: string }, Type extends Event['type']>(decided: Decided<Event>, type: Type): Extract<Event, { type: Type }> {
  const event = decided.events.find((candidate): candidate is Extract<Event, { type: Type }> => candidate.type === type);
  if (!event) throw new Error(`The command decided no ${type}`);
  return event;
}

/**
 * The one write path of a decider's stream (DESIGN.md §1): load, fold, decide, and append with the
 * version that was read, so two concurrent commands cannot both pass an invariant; the loser gets
 * 409 wrong_expected_version.
 */
export async function decideOnStream<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  metadata: EventMetadata,
  occurredAt = new Date(),
): Promise<Decided<Event>> {
  const { version, events } = await store.readStream(streamId);
  // Only this decider writes the stream, so every payload has its event's shape.
  const state = events.reduce((folded, recorded) => decider.evolve(folded, { type: recorded.type, data: recorded.data } as Event), decider.initialState);
  const decided = decider.decide(command, state);
  if (decided.length === 0) return { events: decided, appended: null };
  const appended = await store.append({
    streamId,
    expectedVersion: version === NO_STREAM_VERSION ? 'no_stream' : version,
    events: decided.map(({ type, data }) => ({ type, data, occurredAt, metadata })),
  });
  return { events: decided, appended };
}

/**
 * `decideOnStream` for the admin commands of every context: each names its stream with its own
 * stream-id function (`codeStreamId`, `folderStreamId`, …) and its decider, and this does the rest.
 */
@Injectable()
export class StreamWriter {
  // The store Nest hands out records each append in the request and waits, bounded, for the
  // command's own read models (http/read-your-writes-event-store.ts), so the writer need not.
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async decide<Command, Event extends { type: string; data: unknown }, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    metadata: EventMetadata,
    occurredAt = new Date(),
  ): Promise<Decided<Event>> {
    return decideOnStream(this.store, streamId, decider, command, metadata, occurredAt);
  }
}
