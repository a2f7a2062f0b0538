import { PostgresEventStore } from '@qr/eventstore';
import { createLogger } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { analytics } from '@qr/projections-analytics';
import { scanCounts } from '@qr/projections-codes';
import { ProjectionRunner } from '@qr/projections-runner';
import { workerProjections } from '../analytics-sink';
import { PROJECTIONS } from '../registry';
import { analyticsTraffic, appendTraffic, projectedFigures, type Appended } from './worker-traffic.fixture';

/** The same events, each stream's in its own order, but streams one after another instead of interleaved. */
function streamAfterStream(traffic: readonly Appended[]): Appended[] {
  const byStream = new Map<string, Appended[]>();
  for (const appended of traffic) byStream.set(appended.streamId, [...(byStream.get(appended.streamId) ?? []), appended]);
  return [...byStream.keys()]
    .sort()
    .reverse()
    .flatMap((streamId) => byStream.get(streamId)!);
}

describe('partition-safe projections', () => {
  it('are exactly analytics and scan_counts among the registry, so workers run nothing that relates streams', () => {
    expect(workerProjections(PROJECTIONS).map((p) => p.name)).toEqual(['scan_counts', 'analytics']);
  });
});

describe.each(testAdapters())('partition-safe projections on $name', (adapter) => {
  it('give identical tables when the log orders streams differently, as Kafka partitions do', async () => {
    const traffic = analyticsTraffic(300, 7);
    const reordered = streamAfterStream(traffic);
    expect(reordered.map((a) => a.event)).not.toEqual(traffic.map((a) => a.event));

    const figures = [];
    for (const [order, batchSize] of [
      [traffic, 500],
      [reordered, 37],
    ] as const) {
      const { db, close } = await adapter.open();
      const store = new PostgresEventStore(db);
      const runner = new ProjectionRunner(db, store, [analytics, scanCounts], createLogger('silent'), { batchSize, pollIntervalMs: 20 });
      try {
        await appendTraffic(store, order);
        await runner.start();
        await runner.caughtUp(60_000);
        figures.push(await projectedFigures(db));
      } finally {
        await runner.stop();
        await close();
      }
    }
    expect(figures[0]!.hourly.length).toBeGreaterThan(40);
    expect(figures[1]).toEqual(figures[0]);
  });
});
