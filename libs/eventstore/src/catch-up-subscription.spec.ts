import { CatchUpSubscription } from './catch-up-subscription';
import { START, type AppendedListener, type Checkpoint, type EventStore, type ReadAllOptions, type RecordedEvent } from './event-store';

/** A log that stays empty, remembering how each read was asked; `appended` plays a local commit of these types. */
function quietStore() {
  const reads: ReadAllOptions[] = [];
  const listeners = new Set<AppendedListener>();
  const store: Pick<EventStore, 'readAll' | 'onAppended'> = {
    readAll: async (options) => {
      reads.push(options);
      return { events: [], checkpoint: options.from, caughtUp: true };
    },
    onAppended: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const appended = (...types: string[]) => listeners.forEach((listener) => listener(new Set(types), START));
  return { store: store as EventStore, reads, appended };
}

const settle = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

describe('CatchUpSubscription', () => {
  it('lets a poll that waited its whole interval take an answer up to half an interval old, and never a read a local append woke', async () => {
    const { store, reads, appended } = quietStore();
    const subscription = new CatchUpSubscription(store, { from: START, types: ['CodeCreated'], pollIntervalMs: 40, handle: async () => undefined });
    try {
      await settle(100);
      const timed = reads.length;
      appended('CodeCreated');
      await settle(5);

      expect(reads[0]!.maxStalenessMs).toBeUndefined();
      expect(reads.slice(1, timed).map((read) => read.maxStalenessMs)).toEqual(Array(timed - 1).fill(20));
      expect(timed).toBeGreaterThan(1);
      expect(reads[timed]!.maxStalenessMs).toBeUndefined();
    } finally {
      await subscription.stop();
    }
  });

  it('looks again soon, not a poll interval later, when the log does not show a local commit yet', async () => {
    const committed: Checkpoint = { transactionId: '10', globalPosition: 5 };
    const event = { transactionId: '10', globalPosition: 5, type: 'CodeCreated' } as RecordedEvent;
    const listeners = new Set<AppendedListener>();
    // An older transaction still open elsewhere hides the commit until `shown`, whatever the reader asks.
    let shown = false;
    const store: Pick<EventStore, 'readAll' | 'onAppended'> = {
      readAll: async ({ from }) =>
        shown && from.transactionId !== '11'
          ? { events: [event], checkpoint: { transactionId: '11', globalPosition: 0 }, caughtUp: true }
          : { events: [], checkpoint: from, caughtUp: true },
      onAppended: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const handled: number[] = [];
    const subscription = new CatchUpSubscription(store as EventStore, {
      from: START,
      types: ['CodeCreated'],
      pollIntervalMs: 10_000,
      handle: async (events) => void handled.push(events.length),
    });
    try {
      await settle(20);
      listeners.forEach((listener) => listener(new Set(['CodeCreated']), committed));
      await settle(20);
      expect(handled).toEqual([]);
      shown = true;
      await settle(200);
      expect(handled).toEqual([1]);
    } finally {
      await subscription.stop();
    }
  });
});
