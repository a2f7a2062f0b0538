import type { Checkpoint, ReadAllResult, RecordedEvent } from './event-store';

/** Enough for every live subscriber to be a few seconds behind a busy scan path (~10k events/s). */
const DEFAULT_CAPACITY = 50_000;

/** One committed append: its events' global positions and types, and how to build the events when first asked. */
export interface CommittedEvents {
  positions: readonly number[];
  /** Each event's type, in the order of `positions`. */
  types: readonly string[];
  transactionId: string;
  materialize(): RecordedEvent[];
}

/** Built on the first read, so an append nobody follows live (a bulk import, a benchmark) pays nothing for it. */
class Batch {
  private built: RecordedEvent[] | undefined;
  private typeSet: ReadonlySet<string> | undefined;
  readonly transaction: bigint;
  readonly types: readonly string[];
  readonly lastPosition: number;
  /** Whether the batch's positions follow one another with none between (PGlite, one session taking them). */
  readonly contiguous: boolean;

  constructor(
    private committed: CommittedEvents | undefined,
    readonly transactionId: string,
  ) {
    this.transaction = BigInt(transactionId);
    this.types = committed!.types;
    const { positions } = committed!;
    this.lastPosition = positions.at(-1) ?? 0;
    this.contiguous = positions.length > 0 && this.lastPosition - positions[0]! === positions.length - 1;
  }

  holdsAnyOf(types: ReadonlySet<string>): boolean {
    this.typeSet ??= new Set(this.types);
    for (const type of this.typeSet) if (types.has(type)) return true;
    return false;
  }

  events(): RecordedEvent[] {
    if (!this.built) {
      this.built = this.committed!.materialize();
      // The JSON text the append sent is no longer needed once parsed.
      this.committed = undefined;
    }
    return this.built;
  }
}

/**
 * The events this process committed last, by global position. A live subscription reads the
 * events it has just seen appended: fetching them again costs the database their JSON output and
 * the driver their parsing, as much CPU per scan as the append itself, where its positions alone
 * cost a fraction of that (docs/decisions/007-reading-the-log.md). The log still
 * says which events a read returns and in what order; this only supplies their content.
 */
export class RecentEvents {
  private readonly entries = new Map<number, { batch: Batch; index: number }>();
  private newest = 0;

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** Keeps the batch; what it returns builds its events (once) for a caller that wants them ready before they are read. */
  remember(committed: CommittedEvents): { events(): RecordedEvent[] } {
    const batch = new Batch(committed, committed.transactionId);
    committed.positions.forEach((position, index) => this.entries.set(position, { batch, index }));
    this.newest = Math.max(this.newest, committed.positions.at(-1) ?? 0);
    // Oldest first out: a Map keeps insertion order.
    for (const position of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(position);
    }
    return batch;
  }

  /** Whether reading from this transaction on could be served from memory: not for a replay from far behind. */
  mayHoldFrom(transactionId: string): boolean {
    const oldest = this.entries.values().next().value;
    return oldest !== undefined && BigInt(transactionId) >= BigInt(oldest.batch.transactionId);
  }

  /** Every event at these positions, in their order; undefined as soon as one is not held. */
  all(positions: readonly number[]): RecordedEvent[] | undefined {
    const found: RecordedEvent[] = [];
    for (const position of positions) {
      const entry = this.entries.get(position);
      if (!entry) return undefined;
      found.push(entry.batch.events()[entry.index]!);
    }
    return found;
  }

  /**
   * The events after `from` (at most `limit`, of `types` if given), read from memory alone, for a
   * database whose transactions commit one at a time (PGlite: one connection). There, position
   * order is commit order, so when the log has handed out no position beyond the newest held
   * (`head`) and every position from `from` on is held, nothing after `from` can be missing.
   * Undefined otherwise: positions taken by a batch that rolled back, by an append nobody
   * followed, by a write this store did not make, or older than memory. The caller then reads the log.
   */
  after(from: Checkpoint, limit: number, head: number, types?: ReadonlySet<string>): ReadAllResult | undefined {
    if (head > this.newest) return undefined;
    const first = this.firstAfter(from);
    if (first === undefined) return undefined;
    const events: RecordedEvent[] = [];
    let lastBatch: Batch | undefined;
    let lastPosition = from.globalPosition;
    const checkpoint = () => (lastBatch ? { transactionId: lastBatch.transactionId, globalPosition: lastPosition } : from);
    for (let position = first; position <= this.newest; position++) {
      const entry = this.entries.get(position);
      if (!entry) return undefined;
      const { batch, index } = entry;
      // Passed over by type alone: a subscriber to other types must not pay for parsing a busy scan
      // path's batches, nor for looking at each of their positions (every subscription polls).
      if (types && batch.contiguous && !batch.holdsAnyOf(types)) {
        lastBatch = batch;
        lastPosition = position = batch.lastPosition;
        continue;
      }
      if (!types || types.has(batch.types[index]!)) {
        if (events.length === limit) return { events, checkpoint: checkpoint(), caughtUp: false };
        events.push(batch.events()[index]!);
      }
      lastBatch = batch;
      lastPosition = position;
    }
    return { events, checkpoint: checkpoint(), caughtUp: true };
  }

  /** The first position after `from`, or undefined when memory cannot show that none between is missing. */
  private firstAfter(from: Checkpoint): number | undefined {
    const held = this.entries.get(from.globalPosition);
    if (held?.batch.transactionId === from.transactionId) return from.globalPosition + 1;
    // A checkpoint at a horizon names no event: back from the newest to an event at or before it.
    const fromTransaction = BigInt(from.transactionId);
    for (let position = this.newest; ; position--) {
      const entry = this.entries.get(position);
      if (!entry) return undefined;
      const { transaction } = entry.batch;
      if (transaction < fromTransaction || (transaction === fromTransaction && position <= from.globalPosition)) return position + 1;
    }
  }
}
