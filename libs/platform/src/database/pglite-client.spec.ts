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
});
