import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { migrate, PgliteClient, type SqlClient } from '@qr/platform';
import { openTestPglite, openTestPostgres, requiredServiceUrl, testAdapters } from '@qr/platform/testing';
import { Client } from 'pg';
import {
  BatchingAppender,
  CatchUpSubscription,
  checkpointOf,
  checkpointOfAppend,
  compareCheckpoints,
  DuplicateEventIdError,
  PostgresEventStore,
  START,
  WrongExpectedVersionError,
  type AppendResult,
  type Checkpoint,
  type RecordedEvent,
} from './index';

const scanned = (n: number) => ({ type: 'ScanRecorded', data: { n } });

describe.each(testAdapters())('event store on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    ({ db, close } = await adapter.open({ max: 20 }));
    store = new PostgresEventStore(db);
  });
  afterAll(() => close());

  const newStream = () => `code-${randomUUID()}`;

  it('appends to a new stream and reads the events back in order', async () => {
    const stream = newStream();
    const result = await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(1), scanned(2)] });
    expect(result.nextExpectedVersion).toBe(1);
    const read = await store.readStream(stream);
    expect(read.version).toBe(1);
    expect(read.events.map((e) => [e.streamPosition, e.data])).toEqual([
      [0, { n: 1 }],
      [1, { n: 2 }],
    ]);
    expect(read.events[1]!.globalPosition).toBe(result.lastGlobalPosition);
  });

  it('answers each append with the checkpoint of its last event, checked, blind, batched or sent again', async () => {
    const stream = newStream();
    const checked = await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(1), scanned(2)] });
    const blind = await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(3)] });
    const [batched] = await store.appendMany([{ streamId: newStream(), expectedVersion: 'no_stream', events: [scanned(4)] }]);
    const events = (await store.readStream(stream)).events;
    expect(checkpointOfAppend(checked)).toEqual(checkpointOf(events[1]!));
    expect(checkpointOfAppend(blind)).toEqual(checkpointOf(events[2]!));
    expect(compareCheckpoints(checkpointOfAppend(batched as AppendResult), checkpointOfAppend(blind))).toBeGreaterThan(0);

    const again = { streamId: newStream(), expectedVersion: 'no_stream' as const, events: [{ ...scanned(5), id: randomUUID() }] };
    const first = await store.append(again);
    expect(checkpointOfAppend(await store.append(again))).toEqual(checkpointOfAppend(first));
  });

  it('says whether events of some types lie between two checkpoints', async () => {
    const before = checkpointOfAppend(await store.append({ streamId: newStream(), expectedVersion: 'any', events: [scanned(1)] }));
    const noted = checkpointOfAppend(await store.append({ streamId: newStream(), expectedVersion: 'any', events: [{ type: 'NoteAdded', data: {} }] }));
    const after = checkpointOfAppend(await store.append({ streamId: newStream(), expectedVersion: 'any', events: [scanned(2)] }));
    expect(await store.holdsAnyBetween(before, after, ['NoteAdded'])).toBe(true);
    expect(await store.holdsAnyBetween(before, noted, ['NoteAdded'])).toBe(true);
    expect(await store.holdsAnyBetween(noted, after, ['NoteAdded'])).toBe(false);
    expect(await store.holdsAnyBetween(before, after, ['FolderCreated'])).toBe(false);
    expect(await store.holdsAnyBetween(after, before, ['NoteAdded', 'ScanRecorded'])).toBe(false);
    expect(await store.lastCheckpoint()).toEqual(after);
  });

  it('refuses a stale expected version and says where the stream really is', async () => {
    const stream = newStream();
    await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(1)] });
    await store.append({ streamId: stream, expectedVersion: 0, events: [scanned(2)] });
    const stale = store.append({ streamId: stream, expectedVersion: 0, events: [scanned(3)] });
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(stale).rejects.toMatchObject({ code: 'wrong_expected_version', actual: 1 });
    await expect(store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(4)] })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect((await store.readStream(stream)).events).toHaveLength(2);
  });

  it('lets exactly one of 50 concurrent appends with the same expected version win', async () => {
    const stream = newStream();
    await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(0)] });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => store.append({ streamId: stream, expectedVersion: 0, events: [scanned(i)] })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(49);
    for (const o of rejected) expect(o.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((await store.readStream(stream)).version).toBe(1);
  });

  it('never reads a version newer than the events it reads, while others append', async () => {
    const stream = newStream();
    await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(0)] });
    let appended = false;
    const appending = (async () => {
      for (let i = 1; i <= 300; i++) await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] });
      appended = true;
    })();
    const reads = [];
    while (!appended) reads.push(...(await Promise.all(Array.from({ length: 4 }, () => store.readStream(stream)))));
    await appending;
    // A fold of these events decided at that version must never append past events it did not see.
    for (const read of reads) expect(read.version).toBe(read.events.length - 1);
  });

  it('lets exactly one of 50 concurrent creators of the same stream win', async () => {
    const stream = newStream();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(i)] })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((await store.readStream(stream)).events).toHaveLength(1);
  });

  it('never loses an append to the same stream with expected version any', async () => {
    const stream = newStream();
    await Promise.all(Array.from({ length: 40 }, (_, i) => store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] })));
    const read = await store.readStream(stream);
    expect(read.events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('commits batches of several appenders that share streams without a deadlock or a gap', async () => {
    // Like several API processes on one database: each appender's batches move the same stream
    // rows, handed in in a different order each time, some of them new to the store.
    const streams = Array.from({ length: 12 }, () => `scans-${randomUUID()}-0`);
    const rounds = 30;
    const perRound = 12;
    await Promise.all(
      Array.from({ length: 4 }, async (_, a) => {
        const appender = new BatchingAppender(store);
        for (let round = 0; round < rounds; round++) {
          await Promise.all(
            Array.from({ length: perRound }, (_, i) =>
              appender.append({ streamId: streams[(i * (a + 5) + round) % streams.length]!, expectedVersion: 'any', events: [scanned(i)] }),
            ),
          );
        }
      }),
    );
    const reads = await Promise.all(streams.map((stream) => store.readStream(stream)));
    expect(reads.reduce((sum, read) => sum + read.events.length, 0)).toBe(4 * rounds * perRound);
    for (const read of reads) {
      expect(read.events.map((e) => e.streamPosition)).toEqual(read.events.map((_, i) => i));
      expect(read.version).toBe(read.events.length - 1);
    }
  });

  it('answers a retried append with the same event ids as the first time, writing nothing twice', async () => {
    const stream = newStream();
    const events = [
      { id: randomUUID(), ...scanned(1) },
      { id: randomUUID(), ...scanned(2) },
    ];
    const first = await store.append({ streamId: stream, expectedVersion: 'no_stream', events });
    await expect(store.append({ streamId: stream, expectedVersion: 'no_stream', events })).resolves.toEqual(first);
    await expect(store.append({ streamId: stream, expectedVersion: 'any', events })).resolves.toEqual(first);
    expect((await store.readStream(stream)).events).toHaveLength(2);
    await expect(store.append({ streamId: newStream(), expectedVersion: 'any', events })).rejects.toBeInstanceOf(DuplicateEventIdError);
  });

  it('gives events that carry no id time-ordered version 7 ids, and keeps ids callers chose', async () => {
    const stream = newStream();
    const chosen = randomUUID();
    await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(1), scanned(2), { id: chosen, ...scanned(3) }] });
    await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(4)] });
    const ids = (await store.readStream(stream)).events.map((e) => e.id);
    expect(ids[2]).toBe(chosen);
    const made = [ids[0]!, ids[1]!, ids[3]!];
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
  });

  it('commits a batch where each request succeeds or fails on its own expected version', async () => {
    const [a, b] = [newStream(), newStream()];
    await store.append({ streamId: b, expectedVersion: 'no_stream', events: [scanned(0)] });
    const results = await store.appendMany([
      { streamId: a, expectedVersion: 'no_stream', events: [scanned(1)] },
      { streamId: b, expectedVersion: 5, events: [scanned(2)] },
      { streamId: a, expectedVersion: 0, events: [scanned(3)] },
      { streamId: b, expectedVersion: 'any', events: [scanned(4)] },
    ]);
    expect(results[0]).toMatchObject({ nextExpectedVersion: 0 });
    expect(results[1]).toBeInstanceOf(WrongExpectedVersionError);
    expect(results[2]).toMatchObject({ nextExpectedVersion: 1 });
    expect(results[3]).toMatchObject({ nextExpectedVersion: 1 });
    expect((await store.readStream(a)).events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it.each(['any', 'checked'] as const)('gives a batch of %s appends global positions in stream order and each request its own last position', async (kind) => {
    const streams = [newStream(), newStream(), newStream()];
    if (kind === 'checked') for (const stream of streams) await store.append({ streamId: stream, expectedVersion: 'no_stream', events: [scanned(0)] });
    const requests = Array.from({ length: 60 }, (_, i) => ({
      streamId: streams[i % 3]!,
      expectedVersion: kind === 'any' ? ('any' as const) : 2 * Math.floor(i / 3),
      events: [scanned(i), scanned(i)],
    }));
    const results = await store.appendMany(requests);
    for (const stream of streams) {
      const events = (await store.readStream(stream)).events;
      const positions = events.map((e) => e.globalPosition);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const lastOfEachRequest = events.filter((_, i) => (kind === 'any' ? i % 2 === 1 : i > 0 && i % 2 === 0)).map((e) => e.globalPosition);
      expect(results.filter((_, i) => requests[i]!.streamId === stream).map((r) => (r as { lastGlobalPosition: number }).lastGlobalPosition)).toEqual(
        lastOfEachRequest,
      );
    }
  });

  it('reads the global log in pages, filtered by type, without skipping or repeating', async () => {
    const stream = newStream();
    const before = await readEverything(store, START);
    await store.append({
      streamId: stream,
      expectedVersion: 'no_stream',
      events: [scanned(1), { type: 'CodeRenamed', data: {} }, scanned(2), scanned(3)],
    });
    const pages: RecordedEvent[][] = [];
    let from: Checkpoint = before.checkpoint;
    for (;;) {
      const read = await store.readAll({ from, limit: 1, types: ['ScanRecorded'] });
      if (read.events.length > 0) pages.push(read.events);
      from = read.checkpoint;
      if (read.caughtUp) break;
    }
    expect(pages.flat().map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await store.readAll({ from, limit: 10 })).events).toEqual([]);
  });

  it('gives a live reader the very events a reader of the table gets, whether appended blind or checked', async () => {
    const from = (await readEverything(store, START)).checkpoint;
    // The store keeps what it appended only while someone follows it live.
    const stopFollowing = store.onAppended(() => true);
    const occurredAt = new Date('2026-03-01T10:00:00.123Z');
    // Values JSON changes on the way into jsonb: a Date, an undefined field, nested data; and events without data or metadata.
    const data = { at: new Date('2026-01-02T03:04:05.678Z'), gone: undefined, nested: { list: [1, 'two', null] } };
    await new BatchingAppender(store).append({
      streamId: `scans-${randomUUID()}-0`,
      expectedVersion: 'any',
      events: [{ type: 'ScanRecorded', data, occurredAt }],
    });
    await store.append({
      streamId: newStream(),
      expectedVersion: 'no_stream',
      events: [{ type: 'CodeCreated', data: null, metadata: { org_id: 'o' } }, scanned(7)],
    });
    // Each in an append of its own: one value JSON changes in a batch is enough to parse the whole batch.
    // eslint-disable-next-line no-sparse-arrays -- the hole is one of the values under test
    const changedByJson = [{ zero: -0 }, { nan: NaN }, { holes: [1, , 3] }, { map: new Map() }, { deep: [{ at: new Date(0) }] }];
    for (const changed of changedByJson)
      await store.append({ streamId: newStream(), expectedVersion: 'no_stream', events: [{ type: 'CodeCreated', data: changed }] });

    const queries = jest.spyOn(db, 'query');
    const live = (await store.readAll({ from, limit: 10 })).events;
    // The live read took the events from memory: it asked the log for positions only.
    expect(queries.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('metadata'))).toEqual([]);
    queries.mockRestore();
    stopFollowing();
    const stored = (await new PostgresEventStore(db).readAll({ from, limit: 10 })).events;
    expect(live).toHaveLength(3 + changedByJson.length);
    expect(live).toEqual(stored);
    expect(live[0]!.data).toEqual({ at: '2026-01-02T03:04:05.678Z', nested: { list: [1, 'two', null] } });
    expect(live.slice(3).map((event) => event.data)).toEqual([
      { zero: 0 },
      { nan: null },
      { holes: [1, null, 3] },
      { map: {} },
      { deep: [{ at: '1970-01-01T00:00:00.000Z' }] },
    ]);
    // The time travels as milliseconds since the epoch and comes back to the millisecond.
    expect(stored[0]!.occurredAt).toEqual(occurredAt);
  });

  it('reads the whole log in commit order, even where transaction ids gain a digit', async () => {
    // Burn transaction ids so the log spans ids of different lengths ('999' sorts after '1000' as text).
    for (let i = 0; i < 30; i++) await db.query('SELECT pg_current_xact_id()');
    for (let i = 0; i < 30; i++) await store.append({ streamId: newStream(), expectedVersion: 'no_stream', events: [scanned(i)] });
    const all: RecordedEvent[] = [];
    let read = await store.readAll({ from: START, limit: 50 });
    all.push(...read.events);
    while (!read.caughtUp) {
      read = await store.readAll({ from: read.checkpoint, limit: 50 });
      all.push(...read.events);
    }
    const order = all.map((e) => ({ transactionId: e.transactionId, globalPosition: e.globalPosition }));
    expect([...order].sort(compareCheckpoints)).toEqual(order);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });

  it('delivers every event exactly once to a subscription while 20 writers append concurrently', async () => {
    const start = (await readEverything(store, START)).checkpoint;
    const received: RecordedEvent[] = [];
    const subscription = new CatchUpSubscription(store, {
      from: start,
      batchSize: 37,
      pollIntervalMs: 20,
      handle: async (events) => void received.push(...events),
    });
    const writers = 20;
    const perWriter = 25;
    const streams = Array.from({ length: writers }, newStream);
    await Promise.all(
      streams.map(async (stream) => {
        for (let i = 0; i < perWriter; i++) {
          await store.append({ streamId: stream, expectedVersion: i === 0 ? 'no_stream' : i - 1, events: [scanned(i)] });
        }
      }),
    );
    await waitFor(() => received.length >= writers * perWriter);
    await subscription.stop();
    expect(new Set(received.map((e) => e.id)).size).toBe(writers * perWriter);
    expect(received).toHaveLength(writers * perWriter);
    for (const stream of streams) {
      const positions = received.filter((e) => e.streamId === stream).map((e) => e.streamPosition);
      expect(positions).toEqual(Array.from({ length: perWriter }, (_, i) => i));
    }
  });

  it('wakes a subscription only for appends of the types it follows, after its wake delay', async () => {
    const start = (await readEverything(store, START)).checkpoint;
    const reads = jest.spyOn(store, 'readAll');
    const batches: RecordedEvent[][] = [];
    const subscription = new CatchUpSubscription(store, {
      from: start,
      types: ['ScanRecorded'],
      // Long enough that only a local append's wake-up can explain a read.
      pollIntervalMs: 60_000,
      wakeDelayMs: 200,
      handle: async (events) => void batches.push(events),
    });
    await waitFor(() => reads.mock.calls.length === 1);
    await store.append({ streamId: newStream(), expectedVersion: 'any', events: [{ type: 'CodeCreated', data: {} }] });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(reads).toHaveBeenCalledTimes(1);

    const appendedAt = Date.now();
    const stream = newStream();
    for (let i = 0; i < 5; i++) await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] });
    await waitFor(() => batches.flat().length === 5);
    expect(Date.now() - appendedAt).toBeGreaterThanOrEqual(200);
    // The five appends' wake-ups fell in one delay: one read found them all.
    expect(batches).toHaveLength(1);
    await subscription.stop();
    reads.mockRestore();
  });

  it('retries a failing batch after waits that double up to the limit, which new appends do not cut short', async () => {
    const stream = newStream();
    await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(0)] });
    const from = (await readEverything(store, START)).checkpoint;
    await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(1)] });
    const attempts: number[] = [];
    const subscription = new CatchUpSubscription(store, {
      from,
      types: ['ScanRecorded'],
      retryDelayMs: 100,
      maxRetryDelayMs: 400,
      handle: async () => {
        if (attempts.push(Date.now()) === 5) return;
        // A steady stream of appends, as scans would be while the handler's server is down.
        await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(2)] });
        throw new Error('server down');
      },
    });
    await waitFor(() => attempts.length === 5);
    await subscription.stop();
    const waits = attempts.slice(1).map((at, i) => at - attempts[i]!);
    // At least 100, 200, 400 and 400 ms: had an append cut a wait short, one would be near 0.
    [100, 200, 400, 400].forEach((least, i) => expect(waits[i]).toBeGreaterThanOrEqual(least - 5));
    expect(waits[3]).toBeLessThan(800);
  });

  it('counts what a reader at a checkpoint has still to read, and how old the oldest of it is', async () => {
    const head = (await readEverything(store, START)).checkpoint;
    expect(await store.backlog(head)).toEqual({ events: 0, seconds: 0 });
    const stream = newStream();
    await store.append({ streamId: stream, expectedVersion: 'any', events: [scanned(1), { type: 'CodeCreated', data: {} }, scanned(2)] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const backlog = await store.backlog(head);
    expect(backlog.events).toBe(3);
    expect(backlog.seconds).toBeGreaterThanOrEqual(0.04);
    expect((await store.backlog(head, ['CodeCreated'])).events).toBe(1);
  });

  it('lets requests arriving within the appender window share one commit', async () => {
    const appender = new BatchingAppender(store, { windowMs: 50 });
    const spy = jest.spyOn(store, 'appendMany');
    const stream = newStream();
    const appends = [];
    for (let i = 0; i < 5; i++) {
      appends.push(appender.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(appends);
    expect(spy.mock.calls.map(([requests]) => requests.length)).toEqual([5]);
    spy.mockRestore();
  });

  it('lets requests that keep arriving over the next turns of the event loop join the batch', async () => {
    const appender = new BatchingAppender(store);
    const spy = jest.spyOn(store, 'appendMany');
    const stream = newStream();
    const append = (i: number) => appender.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] });
    // A burst as a server reads it: two requests in one turn, the last two one turn later each.
    const appends = [append(0), append(1)];
    await nextTurn();
    appends.push(append(2));
    await nextTurn();
    appends.push(append(3));
    await Promise.all(appends);
    expect(spy.mock.calls.map(([requests]) => requests.length)).toEqual([4]);
    // A lone request waits for no other.
    spy.mockClear();
    await append(4);
    expect(spy.mock.calls.map(([requests]) => requests.length)).toEqual([1]);
    spy.mockRestore();
  });

  it('sends the next batch to the store before answering the callers of the one just stored', async () => {
    const appender = new BatchingAppender(store);
    const stream = newStream();
    const order: string[] = [];
    const later: Promise<unknown>[] = [];
    const appendMany = store.appendMany.bind(store);
    const spy = jest.spyOn(store, 'appendMany').mockImplementation(async (requests) => {
      order.push(`sent ${requests.length}`);
      // Two more arrive while the first is in flight: they make the next batch.
      if (later.length === 0) later.push(...[1, 2].map((i) => appender.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] })));
      return appendMany(requests);
    });
    const first = appender.append({ streamId: stream, expectedVersion: 'any', events: [scanned(0)] }).then(() => order.push('answered first'));
    await first;
    await Promise.all(later);
    spy.mockRestore();
    expect(order).toEqual(['sent 1', 'sent 2', 'answered first']);
  });

  it('group-commits concurrent requests and settles each only once its events are stored', async () => {
    const appender = new BatchingAppender(store, { maxBatch: 100, maxInFlight: adapter.name === 'pglite' ? 1 : 4 });
    const spy = jest.spyOn(store, 'appendMany');
    const stream = newStream();
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => appender.append({ streamId: stream, expectedVersion: 'any', events: [scanned(i)] })),
    );
    const batches = spy.mock.calls.length;
    spy.mockRestore();
    expect(batches).toBeLessThan(30);
    expect(new Set(results.map((r) => r.nextExpectedVersion)).size).toBe(300);
    expect((await store.readStream(stream)).events).toHaveLength(300);
    const lost = appender.append({ streamId: stream, expectedVersion: 3, events: [scanned(0)] });
    await expect(lost).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await appender.drained();
  });
});

const serverUrl = requiredServiceUrl('DATABASE_URL', 'PostgreSQL (set DATABASE_URL=postgres://…)');
(serverUrl ? describe : describe.skip)('event store on PostgreSQL with overlapping transactions', () => {
  it('does not pass an event that a slower transaction commits after a later one', async () => {
    const pg = await openTestPostgres(serverUrl!);
    const slow = new Client({ connectionString: pg.url });
    try {
      const store = new PostgresEventStore(pg.db);
      await slow.connect();
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO es_events (stream_id, stream_position, event_id, type, data, occurred_at)
         VALUES ('code-slow', 0, gen_random_uuid(), 'ScanRecorded', '{"n":"slow"}', now())`,
      );
      await store.append({ streamId: 'code-fast', expectedVersion: 'no_stream', events: [{ type: 'ScanRecorded', data: { n: 'fast' } }] });

      const whileSlowIsOpen = await store.readAll({ from: START, limit: 100 });
      expect(whileSlowIsOpen.events).toEqual([]);
      await slow.query('COMMIT');
      // Other sessions on the same server (a parallel test run) may hold the horizon back a while.
      const afterCommit: RecordedEvent[] = [];
      let from = whileSlowIsOpen.checkpoint;
      await waitFor(
        () => afterCommit.length >= 2,
        10000,
        async () => {
          const read = await store.readAll({ from, limit: 100 });
          afterCommit.push(...read.events);
          from = read.checkpoint;
        },
      );
      expect(afterCommit.map((e) => e.data)).toEqual([{ n: 'slow' }, { n: 'fast' }]);
    } finally {
      await slow.end();
      await pg.drop();
    }
  });
});

(serverUrl ? describe : describe.skip)('event store on PostgreSQL: timed polls', () => {
  it("answers the polls of idle readers from one look at the log, and still gives them another process's events of their types", async () => {
    const pg = await openTestPostgres(serverUrl!);
    try {
      const statements: string[] = [];
      const counted: SqlClient = {
        kind: pg.db.kind,
        query: (sql, params, options) => {
          statements.push(options?.statementName ?? sql);
          return pg.db.query(sql, params, options);
        },
        transaction: (work) => pg.db.transaction(work),
        exec: (sql) => pg.db.exec(sql),
        close: () => pg.db.close(),
      };
      const store = new PostgresEventStore(counted);
      const otherProcess = new PostgresEventStore(pg.db);
      const readers = [['CodeCreated'], ['FolderCreated'], ['TemplateSaved']];
      const poll = (types: string[], at: Checkpoint) => store.readAll({ from: at, limit: 100, types, maxStalenessMs: 0 });
      // A reader from before the first look reads the log once; then it is past what the looks cover.
      const caughtUp = await Promise.all(readers.map(async (types) => (await poll(types, START)).checkpoint));
      for (let i = 0; i < 20; i++) await otherProcess.append({ streamId: `scans-${i}-0`, expectedVersion: 'any', events: [scanned(i)] });

      statements.length = 0;
      const polls = await Promise.all(readers.map((types, i) => poll(types, caughtUp[i]!)));
      expect(polls.map((read) => read.events)).toEqual([[], [], []]);
      expect(statements).toEqual(['es_log_types']);

      await otherProcess.append({ streamId: 'code-1', expectedVersion: 'no_stream', events: [{ type: 'CodeCreated', data: { n: 1 } }] });
      const seen: RecordedEvent[] = [];
      let checkpoint = polls[0]!.checkpoint;
      await waitFor(
        () => seen.length > 0,
        10000,
        async () => {
          const read = await poll(readers[0]!, checkpoint);
          seen.push(...read.events);
          checkpoint = read.checkpoint;
        },
      );
      expect(seen.map((event) => event.data)).toEqual([{ n: 1 }]);
    } finally {
      await pg.drop();
    }
  });
});

describe('event store on PGlite in a data directory', () => {
  it('reads back every event after the process reopens the directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qr-es-'));
    try {
      const first = await PgliteClient.open({ dataDir });
      await migrate(first);
      const result = await new PostgresEventStore(first).append({
        streamId: 'code-restart',
        expectedVersion: 'no_stream',
        events: [scanned(1), scanned(2)],
      });
      await first.close();

      const second = await PgliteClient.open({ dataDir });
      const reopened = new PostgresEventStore(second);
      const read = await reopened.readStream('code-restart');
      expect(read.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      await expect(reopened.append({ streamId: 'code-restart', expectedVersion: result.nextExpectedVersion, events: [scanned(3)] })).resolves.toMatchObject({
        nextExpectedVersion: 2,
      });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('event store on PGlite: live reads from memory', () => {
  let db: PgliteClient;
  let store: PostgresEventStore;
  let stopFollowing: () => void;

  beforeEach(async () => {
    db = await openTestPglite();
    store = new PostgresEventStore(db);
    // The store keeps what it appended only while someone follows it live.
    stopFollowing = store.onAppended(() => true);
  });
  afterEach(async () => {
    stopFollowing();
    await db.close();
  });

  const appendMixed = async (n: number) => {
    const appender = new BatchingAppender(store);
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        i % 3 === 0
          ? store.append({ streamId: `code-${randomUUID()}`, expectedVersion: 'no_stream', events: [{ type: 'CodeCreated', data: { i } }] })
          : appender.append({ streamId: `scans-c${i % 4}-0`, expectedVersion: 'any', events: [scanned(i)] }),
      ),
    );
  };

  /** Pages of `limit` events of `types` from `from` to the end, and the checkpoints they end at. */
  const readPages = async (reader: PostgresEventStore, from: Checkpoint, limit: number, types?: string[]) => {
    const pages: RecordedEvent[][] = [];
    for (;;) {
      const read = await reader.readAll({ from, limit, types });
      pages.push(read.events);
      from = read.checkpoint;
      if (read.caughtUp) return { pages, end: from };
    }
  };

  it('serves a reader that is not behind from memory, asking the log only for its newest position, with the very events, pages and types a reader of the table gets', async () => {
    await appendMixed(5);
    const from = (await readEverything(store, START)).checkpoint;
    await appendMixed(40);

    const queries = jest.spyOn(db, 'query');
    const live = await readPages(store, from, 7, ['ScanRecorded']);
    const liveAll = await readPages(store, from, 1000);
    // Each read asked the log only how far its positions go.
    expect(queries.mock.calls.map(([sql]) => sql).filter((sql) => !sql.includes('es_events_global_position_seq'))).toEqual([]);
    queries.mockRestore();

    const table = new PostgresEventStore(db);
    const stored = await readPages(table, from, 7, ['ScanRecorded']);
    expect(live.pages.flat()).toEqual(stored.pages.flat());
    expect(live.pages.flat()).toHaveLength(26);
    expect(live.pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(liveAll.pages.flat()).toEqual((await readPages(table, from, 1000)).pages.flat());
    // Caught up from memory, a reader stays caught up and is still served from memory.
    const again = jest.spyOn(db, 'query');
    expect(await store.readAll({ from: live.end, limit: 10, types: ['ScanRecorded'] })).toEqual({ events: [], checkpoint: live.end, caughtUp: true });
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('lets the timed polls of idle subscriptions share one read of the head, and still hands them what the store appended since', async () => {
    await appendMixed(3);
    const from = (await readEverything(store, START)).checkpoint;
    const poll = (at: Checkpoint, maxStalenessMs: number) => store.readAll({ from: at, limit: 100, types: ['ScanRecorded'], maxStalenessMs });
    const queries = jest.spyOn(db, 'query');
    const first = await poll(from, 60_000);
    await poll(from, 60_000);
    await poll(from, 60_000);
    expect(queries).toHaveBeenCalledTimes(1);

    await appendMixed(6);
    queries.mockClear();
    const next = await poll(first.checkpoint, 60_000);
    expect(next.events.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 4, 5]);
    expect(queries).not.toHaveBeenCalled();

    // A write the store did not make is found once the shared read is older than the poll allows.
    await db.query(
      `INSERT INTO es_events (stream_id, stream_position, event_id, type, data, occurred_at) VALUES ('elsewhere-1', 0, $1, 'ScanRecorded', '{"n": -1}', now())`,
      [randomUUID()],
    );
    expect((await poll(next.checkpoint, 60_000)).events).toEqual([]);
    expect((await poll(next.checkpoint, 0)).events.map((e) => e.data)).toEqual([{ n: -1 }]);
    queries.mockRestore();
  });

  it('asks the log where a position is not held: a write the store did not make, a batch that rolled back, or one nobody followed', async () => {
    await appendMixed(3);
    const from = (await readEverything(store, START)).checkpoint;
    await db.query(
      `INSERT INTO es_events (stream_id, stream_position, event_id, type, data, occurred_at) VALUES ('elsewhere-1', 0, $1, 'ScanRecorded', '{"n": -1}', now())`,
      [randomUUID()],
    );
    const duplicate = randomUUID();
    await store.append({ streamId: `code-${randomUUID()}`, expectedVersion: 'no_stream', events: [{ id: duplicate, ...scanned(-2) }] });
    // Takes positions, then fails on the event id already used: a gap in the log.
    await expect(
      store.append({ streamId: `code-${randomUUID()}`, expectedVersion: 'no_stream', events: [scanned(-3), { id: duplicate, ...scanned(-4) }] }),
    ).rejects.toThrow(DuplicateEventIdError);
    stopFollowing();
    await store.append({ streamId: `code-${randomUUID()}`, expectedVersion: 'no_stream', events: [scanned(-5)] });
    stopFollowing = store.onAppended(() => true);
    await appendMixed(6);

    const live = await readPages(store, from, 1000, ['ScanRecorded']);
    const stored = await readPages(new PostgresEventStore(db), from, 1000, ['ScanRecorded']);
    expect(live.pages.flat()).toEqual(stored.pages.flat());
    expect(
      live.pages
        .flat()
        .map((e) => (e.data as { n: number }).n)
        .slice(0, 3),
    ).toEqual([-1, -2, -5]);

    // The newest event committed while nobody followed: memory holds nothing after the reader.
    stopFollowing();
    await store.append({ streamId: `code-${randomUUID()}`, expectedVersion: 'no_stream', events: [scanned(-6)] });
    stopFollowing = store.onAppended(() => true);
    expect((await store.readAll({ from: live.end, limit: 10 })).events.map((e) => e.data)).toEqual([{ n: -6 }]);
  });
});

async function readEverything(store: PostgresEventStore, from: Checkpoint) {
  let read = await store.readAll({ from, limit: 1000 });
  while (!read.caughtUp) read = await store.readAll({ from: read.checkpoint, limit: 1000 });
  return read;
}

async function waitFor(condition: () => boolean, timeoutMs = 20000, step: () => Promise<void> = () => Promise.resolve()) {
  const deadline = Date.now() + timeoutMs;
  for (await step(); !condition(); await step()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
