import { setImmediate as nextTurn } from 'node:timers/promises';
import { DomainError } from '@qr/contracts';
import type { Decider } from '@qr/domain';
import { MAX_GATHER_TURNS, NO_STREAM_VERSION, WrongExpectedVersionError, type AppendResult, type EventStore } from '@qr/eventstore';
import type { HotPathAppender } from './hot-path-appender';
import { requestWrites } from './http/request-writes';

/** Most commands one append carries: a burst's batch stays a few milliseconds of work. */
const MAX_BATCH = 500;
/** Reloads after another process's write before the batch's requests hear 409: each reload lets at least one process's batch through. */
const MAX_ATTEMPTS = 10;
/** A stream nobody decided on for this long gives its memory back; the next command reloads it. */
export const IDLE_MS = 5 * 60_000;

interface DomainEventShape {
  type: string;
  data: object;
}

/** A command decided on the stream, once durable: what it appended (maybe nothing) and the answer read off the state right after it. */
export interface Serialised<Event, Answer> {
  events: Event[];
  answer: Answer;
  /** Null when the command decided nothing new (a repeated request). */
  appended: AppendResult | null;
}

export interface SerialisedStream<Command, Event extends DomainEventShape, State, Answer> {
  decider: Decider<Command, Event, State>;
  streamIdOf(id: string): string;
  /** The answer of one command, read off the state with its events folded in (and the batch's earlier ones). */
  answerOf(state: State, events: Event[], command: Command): Answer;
  /** The organisation every event of the stream is tagged with. */
  orgOf(state: State): string;
  /** When the command's events happened: its own time, not the batch's. */
  occurredAtOf(command: Command): Date;
}

interface Pending<Command, Event, Answer> {
  command: Command;
  resolve(result: Serialised<Event, Answer>): void;
  reject(error: Error): void;
}

interface Held<Command, Event, State, Answer> {
  streamId: string;
  queue: Pending<Command, Event, Answer>[];
  running: boolean;
  /** The stream folded up to `version`; null until loaded, and after a batch whose append failed (its decisions are folded in). */
  state: State | null;
  version: number;
  lastUsed: number;
}

/**
 * The per-stream serialiser of a hot stream's decisions (DESIGN.md §12, docs/decisions/027 and
 * 030): in this process one loop per stream takes every command queued, decides each in order
 * against the state held in memory, and appends the whole batch in one append with the version it
 * holds, through the process's group-committing appender. A busy stream is then one append per
 * batch rather than one contended read-decide-append per request, and its invariants hold as the
 * stream's expected version makes them: another process's write makes the append fail, and the
 * batch is decided again on the reloaded stream. Each request is answered only once its events are
 * durable; a DomainError of one command rejects that command alone.
 */
export class SerialisedDecisions<Command, Event extends DomainEventShape, State, Answer> {
  private readonly streams = new Map<string, Held<Command, Event, State, Answer>>();
  private readonly running = new Set<Promise<void>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly store: EventStore,
    private readonly appender: HotPathAppender,
    private readonly stream: SerialisedStream<Command, Event, State, Answer>,
  ) {
    this.sweeper = setInterval(() => this.evictIdle(), IDLE_MS / 5).unref();
  }

  /**
   * Decides the command on its stream, answered once durable. The batch's append is no one
   * request's, so the request that sent the command records the command's own events for its
   * x-position, which reads and live screens compare with.
   */
  async decide(id: string, command: Command): Promise<Serialised<Event, Answer>> {
    const writes = requestWrites.getStore();
    let held = this.streams.get(id);
    if (!held) {
      held = { streamId: this.stream.streamIdOf(id), queue: [], running: false, state: null, version: NO_STREAM_VERSION, lastUsed: 0 };
      this.streams.set(id, held);
    }
    held.lastUsed = Date.now();
    const queued = new Promise<Serialised<Event, Answer>>((resolve, reject) => held.queue.push({ command, resolve, reject }));
    if (!held.running) this.start(held);
    const decision = await queued;
    if (writes && decision.appended) writes.record([{ streamId: held.streamId, expectedVersion: 'any', events: decision.events }], [decision.appended]);
    return decision;
  }

  /** How many streams' states are held (for tests of eviction). */
  get held(): number {
    return this.streams.size;
  }

  evictIdle(now = Date.now()): void {
    for (const [id, held] of this.streams) {
      if (!held.running && held.queue.length === 0 && now - held.lastUsed >= IDLE_MS) this.streams.delete(id);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all(this.running);
  }

  /** The loop runs outside the request that happened to start it: its appends are no one request's writes. */
  private start(held: Held<Command, Event, State, Answer>): void {
    held.running = true;
    const loop = requestWrites.exit(() => this.run(held));
    this.running.add(loop);
    void loop.finally(() => this.running.delete(loop));
  }

  /**
   * Each batch is taken once a turn of the event loop brings no more commands (at most
   * MAX_GATHER_TURNS), as the group commit gathers its batches: a burst's requests reach the
   * serialiser over a few turns, and the answers of one batch bring the next batch's requests over a
   * few more. Taken at once, a batch was the few already queued, and each turn missed another commit.
   */
  private async run(held: Held<Command, Event, State, Answer>): Promise<void> {
    try {
      do {
        await gathered(held.queue);
        await this.commit(held, held.queue.splice(0, MAX_BATCH));
      } while (held.queue.length > 0);
    } finally {
      held.running = false;
      held.lastUsed = Date.now();
    }
  }

  private async commit(held: Held<Command, Event, State, Answer>, batch: Pending<Command, Event, Answer>[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const state = held.state ?? (await this.load(held));
        const outcomes = batch.map(({ command }) => this.decideInPlace(state, command));
        const events = outcomes.flatMap((outcome, i) =>
          outcome instanceof Error ? [] : outcome.events.map((event) => ({ event, at: this.stream.occurredAtOf(batch[i]!.command) })),
        );
        const appended =
          events.length === 0
            ? null
            : await this.appender.append({
                streamId: held.streamId,
                expectedVersion: held.version === NO_STREAM_VERSION ? 'no_stream' : held.version,
                events: events.map(({ event, at }) => ({ type: event.type, data: event.data, occurredAt: at, metadata: { org_id: this.stream.orgOf(state) } })),
              });
        if (appended) held.version = appended.nextExpectedVersion;
        outcomes.forEach((outcome, i) => {
          const pending = batch[i]!;
          if (outcome instanceof Error) pending.reject(outcome);
          else pending.resolve({ ...outcome, appended: outcome.events.length === 0 ? null : appended });
        });
        return;
      } catch (error) {
        // The state has the failed batch's decisions folded in: only a reload tells what the stream holds.
        held.state = null;
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
  }

  private async load(held: Held<Command, Event, State, Answer>): Promise<State> {
    const { version, events } = await this.store.readStream(held.streamId);
    const { decider } = this.stream;
    let state = decider.initialState;
    // Only the stream's decider writes it, so every payload has its event's shape.
    for (const recorded of events) state = decider.evolve(state, { type: recorded.type, data: recorded.data } as Event);
    held.state = state;
    held.version = version;
    return state;
  }

  /** One command decided and folded into the state, so the next in the batch sees it; a refusal by error is that request's alone. */
  private decideInPlace(state: State, command: Command): Omit<Serialised<Event, Answer>, 'appended'> | DomainError {
    const { decider } = this.stream;
    let events: Event[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    // The deciders of serialised streams change their state in place: evolve's result is the same object.
    for (const event of events) decider.evolve(state, event);
    return { events, answer: this.stream.answerOf(state, events, command) };
  }
}

/** Resolves once a turn of the event loop added nothing to the queue, or it holds a batch, or after MAX_GATHER_TURNS turns. */
async function gathered(queue: readonly unknown[]): Promise<void> {
  for (let turns = 0, seen = -1; turns < MAX_GATHER_TURNS && queue.length > seen && queue.length < MAX_BATCH; turns++) {
    seen = queue.length;
    await nextTurn();
  }
}
