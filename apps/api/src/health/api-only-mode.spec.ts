import { PostgresEventStore } from '@qr/eventstore';
import { createLogger } from '@qr/platform';
import { kafkaAvailable, openTestKafka, type TestKafka } from '@qr/platform/testing';
import { PROJECTIONS, workerProjections } from '@qr/projections-registry';
import { ProjectionWorker } from '@qr/projections-runner';
import { startTestApp, type TestApp } from '../testing/test-app';

const describeWithKafka = kafkaAvailable() ? describe : describe.skip;

describeWithKafka('the API with KAFKA_BROKERS set: projection workers run the partition-safe projections', () => {
  let kafka: TestKafka;
  let t: TestApp;
  let worker: ProjectionWorker | undefined;
  beforeAll(async () => {
    kafka = await openTestKafka();
    const topic = kafka.newTopic();
    t = await startTestApp({ env: { KAFKA_BROKERS: kafka.brokers.join(','), KAFKA_TOPIC: topic }, relay: { pollIntervalMs: 20 } });
    worker = new ProjectionWorker(t.db, createLogger('silent'), {
      brokers: kafka.brokers,
      topic,
      projections: workerProjections(PROJECTIONS),
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 300,
      maxWaitTimeMs: 100,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
    await kafka.close();
  });

  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();

  it('follows only the command side read models in-process, and health tells what the workers stored', async () => {
    const inProcess = PROJECTIONS.filter((p) => !p.partitionSafe).map((p) => p.name);
    expect((await health()).projections.map((p: { name: string }) => p.name)).toEqual(inProcess);
    expect((await health()).workers).toEqual([]);

    await worker!.start();
    await new PostgresEventStore(t.db).append({
      streamId: 'scans-CODEAAAAA1-0',
      expectedVersion: 'any',
      events: [
        {
          type: 'ScanRecorded',
          data: {
            code_id: 'CODEAAAAA1',
            org_id: 'org-1',
            source: 'qr',
            device: 'mobile',
            os: null,
            browser: null,
            referrer: null,
            language: null,
            country: null,
            visitor: 'v',
            bot: false,
          },
        },
      ],
    });
    await t.relay!.caughtUp();
    await worker!.caughtUp();

    const { workers } = await health();
    expect(workers.map((w: { name: string }) => w.name).sort()).toEqual(['analytics', 'scan_counts']);
    for (const progress of workers) {
      expect(progress).toMatchObject({ generation: 1, status: 'live', events_processed: 1, last_applied_at: expect.any(String) });
      expect(progress.partitions.reduce((sum: number, p: { next_offset: number }) => sum + p.next_offset, 0)).toBe(1);
    }
    expect((await t.db.query('SELECT code_id, scans FROM scan_counts')).rows).toEqual([{ code_id: 'CODEAAAAA1', scans: '1' }]);
  });
});
