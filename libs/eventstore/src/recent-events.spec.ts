import type { RecordedEvent } from './event-store';
import { RecentEvents, type CommittedEvents } from './recent-events';

/** A committed append of events of these types at these positions, counting how often it was parsed. */
function committed(transactionId: string, positions: number[], types: string[], parsed: { count: number }): CommittedEvents {
  return {
    positions,
    types,
    transactionId,
    materialize: () => {
      parsed.count += 1;
      return positions.map((globalPosition, i): RecordedEvent => ({
        id: `event-${globalPosition}`,
        type: types[i]!,
        data: null,
        metadata: {},
        schemaVersion: 1,
        streamId: 'stream',
        streamPosition: i,
        globalPosition,
        transactionId,
        occurredAt: new Date(0),
        recordedAt: new Date(0),
      }));
    },
  };
}

/** Reads start after an event memory holds: only then can it show that none between is missing. */
const START = { transactionId: '9', globalPosition: 1 };

function recentEvents(): RecentEvents {
  const recent = new RecentEvents();
  recent.remember(committed(START.transactionId, [START.globalPosition], ['AccountRegistered'], { count: 0 }));
  return recent;
}
const positionsOf = (events: readonly RecordedEvent[]) => events.map((event) => event.globalPosition);

describe('RecentEvents.after', () => {
  it('passes over batches of other types whole, without parsing them, and ends at their last position', () => {
    const recent = recentEvents();
    const scans = { count: 0 };
    const codes = { count: 0 };
    recent.remember(committed('10', [2, 3, 4], ['ScanRecorded', 'ScanRecorded', 'ScanRecorded'], scans));
    recent.remember(committed('11', [5], ['CodeCreated'], codes));
    recent.remember(committed('12', [6, 7], ['ScanRecorded', 'ScanRecorded'], scans));

    const read = recent.after(START, 100, 7, new Set(['CodeCreated']));

    expect(positionsOf(read!.events)).toEqual([5]);
    expect(read!.checkpoint).toEqual({ transactionId: '12', globalPosition: 7 });
    expect(read!.caughtUp).toBe(true);
    expect(scans.count).toBe(0);
  });

  it('picks the followed types out of a batch that mixes them', () => {
    const recent = recentEvents();
    recent.remember(committed('10', [2, 3, 4], ['ScanRecorded', 'CodeCreated', 'ScanRecorded'], { count: 0 }));

    const read = recent.after(START, 100, 4, new Set(['CodeCreated']));

    expect(positionsOf(read!.events)).toEqual([3]);
    expect(read!.checkpoint).toEqual({ transactionId: '10', globalPosition: 4 });
  });

  it('stops at the limit with the checkpoint of the last event handed out', () => {
    const recent = recentEvents();
    recent.remember(committed('10', [2, 3, 4], ['ScanRecorded', 'ScanRecorded', 'ScanRecorded'], { count: 0 }));

    const read = recent.after(START, 2, 4, new Set(['ScanRecorded']));

    expect(positionsOf(read!.events)).toEqual([2, 3]);
    expect(read!.checkpoint).toEqual({ transactionId: '10', globalPosition: 3 });
    expect(read!.caughtUp).toBe(false);
  });

  it('hands the read to the log when a position in between is not held', () => {
    const recent = recentEvents();
    // Position 4 was taken by a batch that rolled back, or by another process: memory cannot tell.
    recent.remember(committed('10', [2, 3, 5], ['ScanRecorded', 'ScanRecorded', 'ScanRecorded'], { count: 0 }));

    expect(recent.after(START, 100, 5, new Set(['CodeCreated']))).toBeUndefined();
    expect(recent.after(START, 100, 5)).toBeUndefined();
  });

  it('starts after a checkpoint inside a batch it passes over', () => {
    const recent = recentEvents();
    recent.remember(committed('10', [2, 3, 4], ['ScanRecorded', 'ScanRecorded', 'ScanRecorded'], { count: 0 }));
    recent.remember(committed('11', [5], ['CodeCreated'], { count: 0 }));

    const read = recent.after({ transactionId: '10', globalPosition: 3 }, 100, 5, new Set(['CodeCreated']));

    expect(positionsOf(read!.events)).toEqual([5]);
    expect(read!.checkpoint).toEqual({ transactionId: '11', globalPosition: 5 });
  });
});
