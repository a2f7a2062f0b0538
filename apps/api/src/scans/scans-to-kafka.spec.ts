import { EVENT_MESSAGE_HEADERS, EventMessage } from '@qr/contracts';
import { mockKafkaAvailable, readTestTopic, startMockKafka, type MockKafka } from '@qr/platform/testing';
import { callerOf, createOrganization, signedUpToken, type ApiCaller } from '../identity/organization-api.fixture';
import { startTestApp, type TestApp } from '../testing/test-app';

const describeWithKafka = mockKafkaAvailable() ? describe : describe.skip;

describeWithKafka('scans with KAFKA_BROKERS set: the relay publishes the log', () => {
  let kafka: MockKafka;
  let topic: string;
  let t: TestApp;
  let owner: ApiCaller;
  let orgId: string;
  beforeAll(async () => {
    kafka = await startMockKafka();
    topic = kafka.newTopic();
    t = await startTestApp({
      env: { KAFKA_BROKERS: kafka.brokers.join(','), KAFKA_TOPIC: topic },
      // Short timeouts, so an outage is noticed and left behind within a test's time.
      relay: { pollIntervalMs: 20, connectionTimeoutMs: 300, requestTimeoutMs: 500, retryDelayMs: 50, maxRetryDelayMs: 400 },
    });
    owner = callerOf(t.app, await signedUpToken(t.app, 'kafka-owner@example.com'));
    orgId = await createOrganization(owner, 'Kafka Café');
  });
  afterAll(async () => {
    await t.close();
    await kafka.close();
  });

  const createCode = async () =>
    (await owner('POST', '/api/v1/codes', { org_id: orgId, name: 'Menu', type: 'url', url: 'https://example.com/menu' })).json().code_id as string;
  const scan = (codeId: string) => t.app.inject({ method: 'GET', url: `/${codeId}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } });
  const health = async () => await t.app.inject({ method: 'GET', url: '/api/health' });
  const loggedIds = async () => (await t.db.query<{ event_id: string }>('SELECT event_id FROM es_events')).rows.map((r) => r.event_id);

  it('publishes a scan keyed by its stream, with its organisation in the headers and no visitor address, and shows the relay in health', async () => {
    const codeId = await createCode();
    expect((await scan(codeId)).statusCode).toBe(302);
    await t.relay!.caughtUp();

    const messages = await readTestTopic(kafka.brokers, topic, (await loggedIds()).length);
    const scanned = messages.filter((m) => m.headers[EVENT_MESSAGE_HEADERS.type] === 'ScanRecorded');
    expect(scanned).toHaveLength(1);
    const event = EventMessage.parse(JSON.parse(scanned[0]!.value));
    expect(scanned[0]!.key).toBe(event.stream_id);
    expect(event.stream_id).toMatch(new RegExp(`^scans-${codeId}-`));
    expect(scanned[0]!.headers[EVENT_MESSAGE_HEADERS.orgId]).toBe(orgId);
    expect(event.data).toMatchObject({ code_id: codeId, org_id: orgId, visitor: expect.any(String) });
    expect(scanned[0]!.value).not.toContain('127.0.0.1');

    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json().relay).toEqual({ topic, status: 'publishing', events_published: expect.any(Number), lag_events: 0, lag_seconds: 0 });
  });

  it('keeps answering scans while the broker is unreachable, stays healthy while the relay retries, and publishes every scan once it returns', async () => {
    const codeId = await createCode();
    for (let i = 0; i < 5; i++) expect((await scan(codeId)).statusCode).toBe(302);
    await t.relay!.caughtUp();

    kafka.pause();
    try {
      const started = Date.now();
      for (let i = 0; i < 20; i++) expect((await scan(codeId)).statusCode).toBe(302);
      // Scans never wait for the broker: any wait would be a request timeout (500 ms) each.
      expect(Date.now() - started).toBeLessThan(3000);
      for (const deadline = Date.now() + 15_000; (await health()).json().relay.status !== 'retrying';) {
        if (Date.now() > deadline) throw new Error('health never showed the relay retrying');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const down = await health();
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ status: 'ok', relay: { status: 'retrying', last_error: expect.any(String) } });
      expect(down.json().relay.lag_events).toBeGreaterThan(0);
    } finally {
      kafka.resume();
    }
    for (let i = 0; i < 5; i++) expect((await scan(codeId)).statusCode).toBe(302);
    await t.relay!.caughtUp(30_000);

    const ids = await loggedIds();
    const messages = await readTestTopic(kafka.brokers, topic, ids.length);
    const published = new Set(messages.map((m) => m.headers[EVENT_MESSAGE_HEADERS.eventId]));
    expect(ids.filter((id) => !published.has(id))).toEqual([]);
    const scans = messages.filter((m) => m.headers[EVENT_MESSAGE_HEADERS.type] === 'ScanRecorded' && m.value.includes(codeId));
    expect(new Set(scans.map((m) => m.headers[EVENT_MESSAGE_HEADERS.eventId])).size).toBe(30);
    expect((await health()).json().relay).toMatchObject({ status: 'publishing', lag_events: 0 });
  });
});
