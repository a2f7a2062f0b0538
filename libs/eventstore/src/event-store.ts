/** The event store port (DESIGN.md §3): the write side's only storage, and the log every projection reads. */

/** `any` never conflicts (high-volume streams); `no_stream` creates; a number is the last stream position read. */
export type ExpectedVersion = number | 'any' | 'no_stream';

/** A stream that has no events yet has this version; its first event gets position 0. */
export const NO_STREAM_VERSION = -1;

/** Who and what caused an event. Never secrets: events are immutable and go to analysts and Kafka. */
export interface EventMetadata {
  org_id?: string;
  actor?: string;
  correlation_id?: string;
  causation_id?: string;
  [key: string]: unknown;
}

export interface NewEvent<Data = unknown> {
  /** A UUID of any version; appending the same ids again is idempotent. When absent the store makes a time-ordered one (newEventId). */
  id?: string;
  type: string;
  data: Data;
  metadata?: EventMetadata;
  schemaVersion?: number;
  occurredAt?: Date;
}

export interface RecordedEvent<Data = unknown> {
  id: string;
  type: string;
  data: Data;
  metadata: EventMetadata;
  schemaVersion: number;
  streamId: string;
  streamPosition: number;
  globalPosition: number;
  transactionId: string;
  occurredAt: Date;
  recordedAt: Date;
}

export interface AppendRequest {
  /** `<context>-<id>`, e.g. `code-7f3a…`; the part before the first dash is the stream's type. */
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface AppendResult {
  streamId: string;
  /** The stream's version after this append: pass it as expectedVersion for the next one. */
  nextExpectedVersion: number;
  /** Global position of the last event written; queries may wait for projections to reach it. */
  lastGlobalPosition: number;
  /** The transaction that wrote them: with lastGlobalPosition, where a reader stands once it has read them. */
  transactionId: string;
}

/**
 * A position in the global log. Transaction id first: concurrent transactions commit out of
 * sequence order, so a bare global position would skip events that commit late.
 */
export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}

export const START: Checkpoint = { transactionId: '0', globalPosition: 0 };

export interface ReadAllOptions {
  from: Checkpoint;
  limit: number;
  /** Only these event types; the checkpoint still moves past the others. */
  types?: readonly string[];
  /**
   * How old, in milliseconds, an answer of "nothing of these types yet" may be: a timed poll for
   * what other processes wrote can take one, and the process's polls then share one look at the
   * log (LogSummary on a server, one read of the head on PGlite). Without it, the read sees every
   * transaction ended before it.
   */
  maxStalenessMs?: number;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Where the next read starts: after the last event, or past everything committed when caught up. */
  checkpoint: Checkpoint;
  caughtUp: boolean;
}

export interface Backlog {
  /** Events past the checkpoint, counted up to BACKLOG_COUNT_LIMIT: a lag figure, not an inventory. */
  events: number;
  /** Age of the oldest of them; 0 when there is none. */
  seconds: number;
}

/** Counting a backlog stops here, so asking for lag stays cheap however far behind a reader is. */
export const BACKLOG_COUNT_LIMIT = 100_000;

export interface StreamRead {
  version: number;
  events: RecordedEvent[];
}

export interface EventStore {
  /** Appends atomically, or throws WrongExpectedVersionError (HTTP 409). Idempotent for the same event ids. */
  append(request: AppendRequest): Promise<AppendResult>;
  /**
   * Appends many requests in one transaction (group commit). Each request succeeds or fails on its
   * own expected version; the results are in request order.
   */
  appendMany(requests: readonly AppendRequest[]): Promise<(AppendResult | Error)[]>;
  readStream(streamId: string, fromPosition?: number): Promise<StreamRead>;
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /** The highest global position handed out so far (for lag). */
  headPosition(): Promise<number>;
  /** Where a reader stands once it has read every event committed so far (START for an empty log). */
  lastCheckpoint(): Promise<Checkpoint>;
  /** What a reader at `from` has still to read (of `types`, when given): its lag. */
  backlog(from: Checkpoint, types?: readonly string[]): Promise<Backlog>;
  /** Whether an event of `types` lies after `from` and at or before `to`: whether a reader at `from` has any of them still to read to reach `to`. */
  holdsAnyBetween(from: Checkpoint, to: Checkpoint, types: readonly string[]): Promise<boolean>;
  /**
   * Calls `listener` after each commit in this process with the event types it wrote, so local
   * subscribers wake without polling, and only for the types they follow.
   */
  onAppended(listener: AppendedListener): () => void;
}

/**
 * Told the types a commit wrote and where its last event stands; says whether its subscriber will
 * read them, so the store can ready them.
 */
export type AppendedListener = (types: ReadonlySet<string>, committed: Checkpoint) => boolean;

/** Where a reader stands once it has read the events of `result`. */
export function checkpointOfAppend(result: AppendResult): Checkpoint {
  return { transactionId: result.transactionId, globalPosition: result.lastGlobalPosition };
}

/** Where a reader stands once it has read `event`. */
export function checkpointOf(event: RecordedEvent): Checkpoint {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  return compareTransactionIds(a.transactionId, b.transactionId) || a.globalPosition - b.globalPosition;
}

/**
 * Transaction ids are xid8 printed in decimal, without leading zeros, so the longer is the larger
 * and equal lengths compare digit by digit. Projections compare an event's checkpoint per event
 * read, so this runs on the scan path, where parsing both into BigInts each time was a visible cost.
 * An empty id (an event from a Kafka message) reads as 0.
 */
function compareTransactionIds(a: string, b: string): number {
  const x = a || '0';
  const y = b || '0';
  if (x === y) return 0;
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : 1;
}
