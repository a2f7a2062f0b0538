import { oneTimeBatchStreamId, oneTimeCodeStreamId } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { oneTimeCodeIds, oneTimeCodes } from './index';

const BATCH = '0190a6b2-0000-7000-8000-000000000001';
const OTHER = '0190a6b2-0000-7000-8000-000000000002';
const T0 = new Date('2025-03-01T09:00:00Z');
const T1 = new Date('2025-03-01T10:00:00Z');
const issued = (batchId: string, amount: number, seed: string) => ({
  type: 'OneTimeCodesIssued',
  data: { batch_id: batchId, org_id: 'org-1', base_code_id: 'AbCdEf1234', amount, seed, issued_by: 'ed@example.com' },
  occurredAt: T0,
});

describe('one-time code ids', () => {
  it('are the same for the same seed, differ between seeds, and have the shape of a code id', () => {
    const ids = oneTimeCodeIds('c2VlZC1vbmU', 1000);
    expect(oneTimeCodeIds('c2VlZC1vbmU', 1000)).toEqual(ids);
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every((id) => /^[0-9A-Za-z]{10}$/.test(id))).toBe(true);
    expect(oneTimeCodeIds('c2VlZC10d28', 1)[0]).not.toBe(ids[0]);
  });
});

describe.each(testAdapters())('the one-time codes read model on $name', (adapter) => {
  const t = projectionTestbed(adapter, [oneTimeCodes], { rebuildBatchSize: 2 });
  const rows = async () => ({
    batches: (await t.db.query('SELECT * FROM one_time_code_batches ORDER BY batch_id')).rows,
    codes: (await t.db.query('SELECT code_id, batch_id, ordinal, used_at FROM one_time_codes ORDER BY batch_id, ordinal')).rows,
  });

  it('materialises a batch’s codes from its one event, marks a used code and a deleted batch, and replays to the same rows', async () => {
    const ids = oneTimeCodeIds('c2VlZC1vbmU', 3);
    await t.store.append({ streamId: oneTimeBatchStreamId(BATCH), expectedVersion: 'no_stream', events: [issued(BATCH, 3, 'c2VlZC1vbmU')] });
    await t.store.append({ streamId: oneTimeBatchStreamId(OTHER), expectedVersion: 'no_stream', events: [issued(OTHER, 2, 'c2VlZC10d28')] });
    await t.store.append({
      streamId: oneTimeCodeStreamId(ids[1]!),
      expectedVersion: 'no_stream',
      events: [{ type: 'OneTimeCodeUsed', data: { code_id: ids[1], batch_id: BATCH, base_code_id: 'AbCdEf1234', org_id: 'org-1' }, occurredAt: T1 }],
    });
    await t.store.append({
      streamId: oneTimeBatchStreamId(OTHER),
      expectedVersion: 0,
      events: [{ type: 'OneTimeCodesDeleted', data: { deleted_by: 'ed@example.com' } }],
    });
    await t.runner.start();
    await t.runner.caughtUp();

    const live = await rows();
    expect(live.batches.map((b) => [b.batch_id, b.amount, b.status])).toEqual([
      [BATCH, 3, 'issued'],
      [OTHER, 2, 'deleted'],
    ]);
    expect(live.codes.filter((c) => c.batch_id === BATCH)).toEqual([
      { code_id: ids[0], batch_id: BATCH, ordinal: 1, used_at: null },
      { code_id: ids[1], batch_id: BATCH, ordinal: 2, used_at: T1 },
      { code_id: ids[2], batch_id: BATCH, ordinal: 3, used_at: null },
    ]);
    expect(live.codes).toHaveLength(5);
    for (const replay of [1, 2]) {
      const report = await t.runner.rebuild('one-time-codes');
      expect(report).toMatchObject({ generation: replay + 1 });
      expect(await rows()).toEqual(live);
    }
  });
});
