import { submissionsStreamId, type FormSubmitted } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, PersonalDataVault, type SqlClient } from '@qr/platform';
import { testAdapters } from '@qr/platform/testing';
import { ProjectionRunner } from '@qr/projections-runner';
import { submissions } from './index';

describe.each(testAdapters())('submissions on $name', (adapter) => {
  let db: SqlClient;
  let close: () => Promise<void>;
  let runner: ProjectionRunner;
  beforeEach(async () => {
    ({ db, close } = await adapter.open());
    runner = new ProjectionRunner(db, new PostgresEventStore(db), [submissions], createLogger('silent'), { pollIntervalMs: 20, batchSize: 2 });
  });
  afterEach(async () => {
    await runner.stop();
    await close();
  });

  it('opens the answers live and on rebuild, and a forgotten person’s come back empty after a rebuild', async () => {
    const store = new PostgresEventStore(db);
    const vault = new PersonalDataVault(db);
    const people = [
      { id: '00000000-0000-4000-8000-000000000001', answers: { email: 'ada@example.com', first_name: 'Ada' } },
      { id: '00000000-0000-4000-8000-000000000002', answers: { email: 'grace@example.com', first_name: 'Grace' } },
      { id: '00000000-0000-4000-8000-000000000003', answers: { email: 'ada@example.com', first_name: 'Ada', note: 'again' } },
    ];
    for (const { id, answers } of people) {
      const { person, sealed } = await vault.seal('org-1', { email: answers.email }, id, answers);
      const event: FormSubmitted = {
        type: 'FormSubmitted',
        data: { submission_id: id, page_id: 'p1', code_id: 'AbCdEf1234', org_id: 'org-1', person, sealed_answers: sealed },
      };
      await store.append({ streamId: submissionsStreamId('p1'), expectedVersion: 'any', events: [{ ...event, id }] });
    }
    await runner.start();
    await runner.caughtUp();
    const answers = async () =>
      (await db.query<{ answers: { first_name: string } | null }>('SELECT answers FROM submissions ORDER BY submission_id')).rows.map(
        (r) => r.answers?.first_name ?? null,
      );
    expect(await answers()).toEqual(['Ada', 'Grace', 'Ada']);
    await runner.rebuild('submissions');
    expect(await answers()).toEqual(['Ada', 'Grace', 'Ada']);

    await vault.forget('org-1', { email: 'ada@example.com' });
    await runner.rebuild('submissions');
    expect(await answers()).toEqual([null, 'Grace', null]);
  });
});
