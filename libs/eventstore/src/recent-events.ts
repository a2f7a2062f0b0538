import type { RecordedEvent } from './event-store';

/** Enough for every live subscriber to be a few seconds behind a busy scan path (~10k events/s). */
const DEFAULT_CAPACITY = 50_000;

/**
 * The events this process committed last, by global position. A live subscription reads the
 * events it has just seen appended: fetching them again costs the database their JSON output and
 * the driver their parsing, as much CPU per scan as the append itself (measured on PGlite: 28 µs
 * per event to read a batch of 100 back in full, 10 µs for its positions alone). The log still
 * says which events a read returns and in what order; this only supplies their content.
 *
 * Entries are what the database stored: data and metadata went through the same JSON text the
 * append sent, so a projection sees the same values live as in a replay from the table.
 */
export class RecentEvents {
  private readonly events = new Map<number, RecordedEvent>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  remember(events: readonly RecordedEvent[]): void {
    for (const event of events) this.events.set(event.globalPosition, event);
    // Oldest first out: a Map keeps insertion order.
    for (const position of this.events.keys()) {
      if (this.events.size <= this.capacity) break;
      this.events.delete(position);
    }
  }

  /** Whether reading from this transaction on could be served from memory: not for a replay from far behind. */
  mayHoldFrom(transactionId: string): boolean {
    const oldest = this.events.values().next().value;
    return oldest !== undefined && BigInt(transactionId) >= BigInt(oldest.transactionId);
  }

  /** Every event at these positions, in their order; undefined as soon as one is not held. */
  all(positions: readonly number[]): RecordedEvent[] | undefined {
    const found: RecordedEvent[] = [];
    for (const position of positions) {
      const event = this.events.get(position);
      if (!event) return undefined;
      found.push(event);
    }
    return found;
  }
}
