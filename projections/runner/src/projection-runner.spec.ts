import { randomUUID } from 'node:crypto';
import { checkpointOfAppend, compareCheckpoints, PostgresEventStore, type Projection } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { ProjectionRunner } from './projection-runner';
import { projectionState } from './projection-state';
import { scanTally } from './scan-tally.fixture';

const log = createLogger('silent');

describe.each(testAdapters())('projection runner on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: PostgresEventStore;

  const started: ProjectionRunner[] = [];
  beforeEach(async () => {
    ({ db, close } = await adapter.open());
    store = new PostgresEventStore(db);
  });
  afterEach(async () => {
    // Stopped even when an assertion failed midway, so no follower outlives its database.
    await Promise.all(started.splice(0).map((runner) => runner.stop()));
    await close();
  });

  function runnerFor(projection: Projection, options?: { batchSize?: number; rebuildBatchSize?: number; pollIntervalMs?: number }) {
    const runner = new ProjectionRunner(db, store, [projection], log, options);
    started.push(runner);
    return runner;
  }

  /** `count` scans spread over `codes` codes, in single-event appends from several writers, plus noise. */
  async function recordScans(count: number, codes: string[]) {
    await Promise.all(
      codes.map(async (code, writer) => {
        for (let i = writer; i < count; i += codes.length) {
          await store.append({ streamId: `scans-${code}`, expectedVersion: 'any', events: [{ type: 'ScanRecorded', data: { code_id: code } }] });
          if (i % 7 === 0) await store.append({ streamId: `code-${code}`, expectedVersion: 'any', events: [{ type: 'CodeRenamed', data: {} }] });
        }
      }),
    );
  }

  async function tally(): Promise<Record<string, number>> {
    const { rows } = await db.query<{ code_id: string; scans: string }>('SELECT code_id, scans FROM scan_tally ORDER BY code_id');
    return Object.fromEntries(rows.map((r) => [r.code_id, Number(r.scans)]));
  }

  it('keeps the read model up to date while events are appended, and reports zero lag when caught up', async () => {
    const runner = runnerFor(scanTally, { batchSize: 50, pollIntervalMs: 20 });
    await runner.start();
    const codes = ['a', 'b', 'c'];
    await recordScans(300, codes);
    await runner.caughtUp();
    expect(await tally()).toEqual({ a: 100, b: 100, c: 100 });
    const [lag] = await runner.lag();
    expect(lag).toMatchObject({ name: 'scan_tally', generation: 1, status: 'live', lag_events: 0, lag_seconds: 0, events_processed: 300 });
    await runner.stop();
  });

  it('reports how many events a stopped projection has still to process', async () => {
    const runner = runnerFor(scanTally);
    await runner.start();
    await runner.stop();
    await recordScans(12, ['x']);
    const [lag] = await runner.lag();
    expect(lag!.lag_events).toBe(12);
    expect(lag!.lag_seconds).toBeGreaterThanOrEqual(0);
  });

  it('rebuilds to exactly the read model that live processing built, then keeps following', async () => {
    const runner = runnerFor(scanTally, { batchSize: 64, rebuildBatchSize: 64, pollIntervalMs: 20 });
    await runner.start();
    await recordScans(500, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    await runner.caughtUp();
    const live = await tally();

    const progress: number[] = [];
    const report = await runner.rebuild('scan_tally', (p) => progress.push(p.processed));
    expect(report).toMatchObject({ generation: 2, eventsProcessed: 500, eventsInStore: 500 });
    expect(progress.length).toBeGreaterThan(1);
    expect(await tally()).toEqual(live);
    const { rows } = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'scan_tally__g1'");
    expect(rows).toHaveLength(0);

    await recordScans(7, ['a']);
    await runner.caughtUp();
    expect((await tally()).a).toBe(live.a! + 7);
    await runner.stop();
  });

  it('prepares each batch before its transaction and hands the result to the handler, live and in a rebuild', async () => {
    const prepared: number[] = [];
    const handed: (number | undefined)[] = [];
    let inTransaction = false;
    const counting: Projection<number> = {
      ...scanTally,
      async prepare(events) {
        // Nothing of the batch's transaction has begun: the connection is free meanwhile.
        expect(inTransaction).toBe(false);
        prepared.push(events.length);
        return events.length;
      },
      async handle(events, context, count) {
        inTransaction = true;
        handed.push(count);
        await scanTally.handle(events, context);
        inTransaction = false;
      },
    };
    const runner = runnerFor(counting, { batchSize: 40, rebuildBatchSize: 40, pollIntervalMs: 20 });
    await runner.start();
    await recordScans(100, ['a', 'b']);
    await runner.caughtUp();
    await runner.rebuild('scan_tally');

    expect(handed).toEqual(prepared);
    expect(prepared.reduce((sum, n) => sum + n, 0)).toBe(200);
    expect(await tally()).toEqual({ a: 50, b: 50 });
    await runner.stop();
  });

  it('neither loses nor double-applies an event when a batch crashes midway and another runner resumes', async () => {
    let batches = 0;
    const crashing: Projection = {
      ...scanTally,
      async handle(events, context) {
        await scanTally.handle(events, context);
        // The output of this batch is written, the checkpoint not yet: the process dies here.
        if (++batches === 3) throw new Error('simulated crash');
      },
    };
    const codes = Array.from({ length: 5 }, () => randomUUID().slice(0, 8));
    await recordScans(200, codes);
    const first = runnerFor(crashing, { batchSize: 20, pollIntervalMs: 20 });
    await first.start();
    while (batches < 3) await new Promise((r) => setTimeout(r, 5));
    await first.stop();

    const resumed = runnerFor(scanTally, { batchSize: 20, pollIntervalMs: 20 });
    await resumed.start();
    await resumed.caughtUp();
    expect(Object.values(await tally()).reduce((a, b) => a + b, 0)).toBe(200);
    expect(await tally()).toEqual(Object.fromEntries(codes.sort().map((c) => [c, 40])));
    await resumed.stop();
  });

  it('rebuilds on start when the projection version changed, and old rows answer until then', async () => {
    const v1 = runnerFor(scanTally, { pollIntervalMs: 20 });
    await v1.start();
    await recordScans(30, ['a']);
    await v1.caughtUp();
    await v1.stop();

    const v2 = runnerFor({ ...scanTally, version: 2 }, { pollIntervalMs: 20 });
    await v2.start();
    const deadline = Date.now() + 10000;
    while ((await v2.lag())[0]!.generation !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await recordScans(5, ['a']);
    await v2.caughtUp();
    expect(await tally()).toEqual({ a: 35 });
    expect((await v2.lag())[0]).toMatchObject({ generation: 2, status: 'live' });
    await v2.stop();
  });

  it('rebuilds from the log a generation projection workers built, instead of counting its events again (KAFKA_BROKERS unset)', async () => {
    await recordScans(20, ['a', 'b']);
    // What workers leave behind: a live generation with every scan, and no checkpoint in the log.
    await db.transaction(async (tx) => {
      const built = await projectionState.createGeneration(tx, scanTally, 'live', 'topic');
      await tx.query(`INSERT INTO scan_tally__g${built.generation} (code_id, scans, last_position) VALUES ('a', 10, 0), ('b', 10, 0)`);
    });
    const runner = runnerFor(scanTally, { pollIntervalMs: 20 });
    await runner.start();
    const deadline = Date.now() + 10000;
    while ((await runner.lag())[0]!.generation !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await runner.caughtUp();
    expect(await tally()).toEqual({ a: 10, b: 10 });
    expect(await projectionState.live(db, scanTally.name)).toMatchObject({ generation: 2, fedBy: 'log' });
  });

  describe('waiting for a position', () => {
    const scan = (code: string) =>
      store.append({ streamId: `scans-${code}`, expectedVersion: 'any', events: [{ type: 'ScanRecorded', data: { code_id: code } }] });

    it('resolves once the projection has applied the event at the position, woken by its batch rather than a poll', async () => {
      const runner = runnerFor(scanTally, { pollIntervalMs: 60_000 });
      await runner.start();
      await scan('a');
      const position = checkpointOfAppend(await scan('a'));
      const started = performance.now();
      await expect(runner.waitFor(position, ['scan_tally'], 5000)).resolves.toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(await tally()).toEqual({ a: 2 });
    });

    it('resolves at once for a projection none of whose events lies before the position, though its follower has not read that far', async () => {
      const runner = runnerFor(scanTally, { pollIntervalMs: 60_000 });
      await runner.start();
      await scan('a');
      await runner.caughtUp();
      // Other types wake no follower of scans: its position stays where it was.
      const position = checkpointOfAppend(
        await store.append({ streamId: `code-${randomUUID()}`, expectedVersion: 'any', events: [{ type: 'CodeRenamed', data: {} }] }),
      );
      expect(compareCheckpoints((await runner.lag())[0]!.checkpoint, position)).toBeLessThan(0);
      await expect(runner.waitFor(position, ['scan_tally'], 5000)).resolves.toBe(true);
    });

    it('answers false once the time runs out for a projection held back, without throwing, and true once it catches up', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const runner = runnerFor({ ...scanTally, prepare: () => held });
      await runner.start();
      const position = checkpointOfAppend(await scan('a'));
      const started = performance.now();
      await expect(runner.waitFor(position, ['scan_tally'], 150)).resolves.toBe(false);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      release();
      await expect(runner.waitFor(position, ['scan_tally'], 5000)).resolves.toBe(true);
    });

    it('does not wait for a projection it does not follow', async () => {
      const runner = runnerFor({ ...scanTally, prepare: () => new Promise(() => undefined) });
      const position = checkpointOfAppend(await scan('a'));
      // Not started: nothing follows scan_tally here, as in an API whose projection workers run it.
      await expect(runner.waitFor(position, ['scan_tally', 'analytics'], 5000)).resolves.toBe(true);
    });
  });
});
