import { scanStreamId, type ScanRecorded } from '@qr/domain';
import { testAdapters } from '@qr/platform/testing';
import { projectionTestbed } from '@qr/projections-runner/testing';
import { scanCounts } from './index';

const scan = (codeId: string, at: string, bot = false): ScanRecorded & { occurredAt: Date } => ({
  type: 'ScanRecorded',
  data: {
    code_id: codeId,
    org_id: 'org-1',
    source: 'qr',
    device: 'mobile',
    os: null,
    browser: null,
    referrer: null,
    language: null,
    country: null,
    visitor: 'v',
    bot,
  },
  occurredAt: new Date(at),
});

describe.each(testAdapters())('scan counts on $name', (adapter) => {
  const t = projectionTestbed(adapter, [scanCounts], { batchSize: 3, rebuildBatchSize: 2 });

  it('counts scans per code with the latest time, live and after every rebuild alike, leaving bots out as analytics does', async () => {
    for (const [code, at] of [
      ['AAAAAAAAA1', '2026-01-01T10:00:00Z'],
      ['AAAAAAAAA1', '2026-01-01T09:00:00Z'],
      ['AAAAAAAAA2', '2026-01-02T10:00:00Z'],
      ['AAAAAAAAA1', '2026-01-03T10:00:00Z'],
      ['AAAAAAAAA1', '2026-01-01T08:00:00Z'],
    ] as const) {
      await t.store.append({ streamId: scanStreamId(code, 0), expectedVersion: 'any', events: [scan(code, at)] });
    }
    // A link preview fetches the code after the last scan, and the only visit of a third code is a crawler's.
    for (const [code, at] of [
      ['AAAAAAAAA1', '2026-01-04T10:00:00Z'],
      ['AAAAAAAAA3', '2026-01-04T11:00:00Z'],
    ] as const) {
      await t.store.append({ streamId: scanStreamId(code, 0), expectedVersion: 'any', events: [scan(code, at, true)] });
    }
    await t.runner.start();
    await t.runner.caughtUp();
    const rows = async () => (await t.db.query('SELECT code_id, scans, last_scan_at FROM scan_counts ORDER BY code_id')).rows;
    const live = await rows();
    expect(live).toEqual([
      { code_id: 'AAAAAAAAA1', scans: expect.anything(), last_scan_at: new Date('2026-01-03T10:00:00Z') },
      { code_id: 'AAAAAAAAA2', scans: expect.anything(), last_scan_at: new Date('2026-01-02T10:00:00Z') },
    ]);
    expect(live.map((r) => Number(r['scans']))).toEqual([4, 1]);
    for (const _ of [1, 2]) {
      await t.runner.rebuild('scan_counts');
      expect(await rows()).toEqual(live);
    }
  });
});
