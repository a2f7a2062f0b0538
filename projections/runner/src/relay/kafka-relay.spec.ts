import { EVENT_MESSAGE_HEADERS, EventMessage } from '@qr/contracts';
import { PostgresEventStore, START, type RecordedEvent } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import {
  kafkaAvailable,
  mockKafkaAvailable,
  openTestKafka,
  readTestTopic,
  startMockKafka,
  testAdapters,
  type MockKafka,
  type TestKafka,
} from '@qr/platform/testing';
import { KafkaRelay, type KafkaRelayOptions } from './kafka-relay';

const log = createLogger('silent');

interface Consumed {
  partition: number;
  key: string;
  headers: Record<string, string>;
  message: EventMessage;
}

async function readTopic(brokers: string[], topic: string, count: number): Promise<Consumed[]> {
  return (await readTestTopic(brokers, topic, count)).map(({ value, ...rest }) => ({ ...rest, message: EventMessage.parse(JSON.parse(value)) }));
}

/** Per stream key, the event ids in the order a consumer of that key's partition receives them. */
function idsByKey(consumed: readonly Consumed[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const { key, message } of consumed) byKey.set(key, [...(byKey.get(key) ?? []), message.id]);
  return byKey;
}

function logIdsByStream(events: readonly RecordedEvent[]): Map<string, string[]> {
  const byStream = new Map<string, string[]>();
  for (const event of events) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.id]);
  return byStream;
}

/** The first time each id arrives, per key: what a consumer that drops duplicates by event id applies. */
function firstSeen(byKey: Map<string, string[]>): Map<string, string[]> {
  return new Map([...byKey].map(([key, ids]) => [key, [...new Set(ids)]]));
}

const describeWithKafka = kafkaAvailable() ? describe.each(testAdapters()) : describe.skip.each(testAdapters());

describeWithKafka('kafka relay on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let store: PostgresEventStore;
  let kafka: TestKafka;
  const relays: KafkaRelay[] = [];

  beforeAll(async () => (kafka = await openTestKafka()));
  afterAll(() => kafka.close());
  beforeEach(async () => {
    ({ db, close } = await adapter.open());
    store = new PostgresEventStore(db);
  });
  afterEach(async () => {
    // Stopped even when an assertion failed midway, so no relay outlives its database.
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    await close();
  });

  function relayTo(brokers: string[], topic: string, options: Partial<KafkaRelayOptions> = {}): KafkaRelay {
    const relay = new KafkaRelay(db, store, log, { brokers, topic, pollIntervalMs: 20, batchSize: 25, ...options });
    relays.push(relay);
    return relay;
  }

  /** `rounds` appends to each of three streams of two organisations, a batch of appends, and an event of no organisation. */
  async function appendTraffic(rounds: number): Promise<void> {
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        ['a', 'b', 'c'].map((code, i) =>
          store.append({
            streamId: `scans-${code}`,
            expectedVersion: 'any',
            events: [{ type: 'ScanRecorded', data: { code_id: code, round }, metadata: { org_id: i < 2 ? 'org-1' : 'org-2' } }],
          }),
        ),
      );
    }
    await store.appendMany([
      { streamId: 'code-a', expectedVersion: 'any', events: [{ type: 'CodeCreated', data: { code_id: 'a' }, metadata: { org_id: 'org-1' } }] },
      { streamId: 'scans-a', expectedVersion: 'any', events: [{ type: 'ScanRecorded', data: { code_id: 'a' }, metadata: { org_id: 'org-1' } }] },
    ]);
    await store.append({ streamId: `account-${rounds}`, expectedVersion: 'any', events: [{ type: 'AccountRegistered', data: {} }] });
  }

  async function wholeLog(): Promise<RecordedEvent[]> {
    return (await store.readAll({ from: START, limit: 100_000 })).events;
  }

  it('publishes every appended event once, keyed by its stream, in log order per key, with type, org id and global position headers', async () => {
    const topic = kafka.newTopic();
    const relay = relayTo(kafka.brokers, topic);
    await relay.start();
    await appendTraffic(20);
    await relay.caughtUp();

    const events = await wholeLog();
    const consumed = await readTopic(kafka.brokers, topic, events.length);
    expect(consumed).toHaveLength(events.length);
    expect(idsByKey(consumed)).toEqual(logIdsByStream(events));
    // One partition per key: that is what keeps a stream's order for consumers.
    for (const key of new Set(consumed.map((c) => c.key))) {
      expect(new Set(consumed.filter((c) => c.key === key).map((c) => c.partition)).size).toBe(1);
    }
    for (const { key, headers, message } of consumed) {
      const event = events.find((e) => e.id === message.id)!;
      expect(key).toBe(event.streamId);
      expect(message).toEqual({
        id: event.id,
        type: event.type,
        stream_id: event.streamId,
        stream_position: event.streamPosition,
        global_position: event.globalPosition,
        schema_version: 1,
        occurred_at: event.occurredAt.toISOString(),
        recorded_at: event.recordedAt.toISOString(),
        data: event.data,
        metadata: event.metadata,
      });
      expect(headers).toEqual({
        [EVENT_MESSAGE_HEADERS.eventId]: event.id,
        [EVENT_MESSAGE_HEADERS.type]: event.type,
        [EVENT_MESSAGE_HEADERS.globalPosition]: String(event.globalPosition),
        ...(event.metadata.org_id ? { [EVENT_MESSAGE_HEADERS.orgId]: event.metadata.org_id } : {}),
      });
    }
    expect(consumed.filter((c) => c.headers.org_id === undefined).map((c) => c.message.type)).toEqual(['AccountRegistered']);
    expect(await relay.lag()).toMatchObject({ topic, status: 'publishing', lag_events: 0, events_published: events.length });
  });

  it('resumes from its checkpoint after a restart: nothing before it is published again, and a lost checkpoint write repeats only the tail', async () => {
    const topic = kafka.newTopic();
    const first = relayTo(kafka.brokers, topic);
    await first.start();
    await appendTraffic(5);
    await first.caughtUp();
    await first.stop();

    await appendTraffic(5);
    const second = relayTo(kafka.brokers, topic);
    await second.start();
    await second.caughtUp();
    await second.stop();
    const events = await wholeLog();
    expect(idsByKey(await readTopic(kafka.brokers, topic, events.length))).toEqual(logIdsByStream(events));

    // A crash after the broker acknowledged the last batches but before their checkpoint was written.
    const tail = events.slice(-7);
    const { transactionId, globalPosition } = events.at(-8)!;
    await db.query('UPDATE relay_checkpoints SET checkpoint_transaction = $2::xid8, checkpoint_position = $3 WHERE topic = $1', [
      topic,
      transactionId,
      globalPosition,
    ]);
    const third = relayTo(kafka.brokers, topic);
    await third.start();
    await third.caughtUp();
    const consumed = await readTopic(kafka.brokers, topic, events.length + tail.length);
    const timesSeen = (id: string) => consumed.filter((c) => c.message.id === id).length;
    expect(events.map((e) => timesSeen(e.id))).toEqual(events.map((e) => (tail.includes(e) ? 2 : 1)));
    expect(firstSeen(idsByKey(consumed))).toEqual(logIdsByStream(events));
  });

  const itWithMock = mockKafkaAvailable() ? it : it.skip;
  itWithMock('keeps appending while the broker is unreachable, says so in its lag, and catches up without loss when it returns', async () => {
    const mock: MockKafka = await startMockKafka();
    try {
      const topic = mock.newTopic();
      const relay = relayTo(mock.brokers, topic, { connectionTimeoutMs: 300, requestTimeoutMs: 500, retryDelayMs: 50, maxRetryDelayMs: 400 });
      await relay.start();
      await appendTraffic(3);
      await relay.caughtUp();

      mock.pause();
      const appendedWhileDown = Date.now();
      await appendTraffic(10);
      // The writes never waited for the broker (each would have taken a timeout).
      expect(Date.now() - appendedWhileDown).toBeLessThan(3000);
      for (const deadline = Date.now() + 15_000; (await relay.lag()).status !== 'retrying';) {
        if (Date.now() > deadline) throw new Error('the relay never noticed the broker was gone');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await relay.lag()).lag_events).toBeGreaterThan(0);
      await appendTraffic(2);

      mock.resume();
      await appendTraffic(2);
      await relay.caughtUp(30_000);
      expect(await relay.lag()).toMatchObject({ status: 'publishing', lag_events: 0 });

      const events = await wholeLog();
      const consumed = await readTopic(mock.brokers, topic, events.length);
      // At least once: a batch cut off by the outage may arrive twice, never not at all, and never out of order.
      expect(new Set(consumed.map((c) => c.message.id))).toEqual(new Set(events.map((e) => e.id)));
      expect(firstSeen(idsByKey(consumed))).toEqual(logIdsByStream(events));
    } finally {
      await Promise.all(relays.splice(0).map((relay) => relay.stop()));
      await mock.close();
    }
  });
});
