import { openTestPglite } from '../testing/test-databases';

describe('the embedded database', () => {
  it('runs with a small pool of shared buffers, not the 128 MB the server would keep in memory for good', async () => {
    const db = await openTestPglite();
    try {
      const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0]!.shared_buffers).toBe('32MB');
    } finally {
      await db.close();
    }
  });

  it('creates new WAL segments without writing 16 MB of zeros on the event loop, which PGlite never fsyncs anyway', async () => {
    const db = await openTestPglite();
    try {
      const { rows } = await db.query<{ fsync: string; wal_init_zero: string }>(
        `SELECT current_setting('fsync') AS fsync, current_setting('wal_init_zero') AS wal_init_zero`,
      );
      expect(rows[0]).toEqual({ fsync: 'off', wal_init_zero: 'off' });
    } finally {
      await db.close();
    }
  });
});
