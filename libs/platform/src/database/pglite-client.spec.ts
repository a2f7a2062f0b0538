import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestPglite } from '../testing/test-databases';
import { PgliteClient } from './pglite-client';

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

  it('gives indexes an empty free space map, which PostgreSQL then keeps using through page splits and VACUUM', async () => {
    const template = await openTestPglite();
    const dump = await template.dump();
    await template.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'qr-pglite-fsm-'));
    const mapSizes = async (db: PgliteClient) =>
      (
        await db.query<{ relname: string; fsm: number }>(
          `SELECT relname, pg_relation_size(oid, 'fsm')::int AS fsm FROM pg_class WHERE relname IN ('es_events_pkey', 'es_events_event_id_key', 'es_events_log_order', 'fsm_probe_value') ORDER BY relname`,
        )
      ).rows;
    let db = await PgliteClient.open({ dataDir, template: dump });
    try {
      await db.exec(`CREATE TABLE fsm_probe (id int PRIMARY KEY, value text); CREATE INDEX fsm_probe_value ON fsm_probe (value)`);
      expect((await mapSizes(db)).map(({ fsm }) => fsm)).toEqual([0, 0, 0, 0]);

      await db.createMissingIndexFreeSpaceMaps();
      await db.createMissingIndexFreeSpaceMaps();
      expect(await mapSizes(db)).toEqual(
        ['es_events_event_id_key', 'es_events_log_order', 'es_events_pkey', 'fsm_probe_value'].map((relname) => ({ relname, fsm: 3 * 8192 })),
      );

      // Enough rows to split the index's pages many times; deleting most of them frees pages.
      await db.exec(`INSERT INTO fsm_probe SELECT i, md5(i::text) FROM generate_series(1, 20000) AS i`);
      const indexSize = async () => (await db.query<{ size: number }>(`SELECT pg_relation_size('fsm_probe_value')::int AS size`)).rows[0]!.size;
      const grown = await indexSize();
      await db.exec(`DELETE FROM fsm_probe WHERE id > 100`);
      // The pages one VACUUM deletes are free for reuse once no transaction could still see them: the next one records them.
      await db.exec(`VACUUM fsm_probe`);
      await db.exec(`VACUUM fsm_probe`);
      await db.exec(`INSERT INTO fsm_probe SELECT i, md5(i::text) FROM generate_series(101, 5000) AS i`);
      // The new entries went to pages VACUUM freed and recorded in the map, not to new pages.
      expect(await indexSize()).toBe(grown);
      await db.close();
      db = await PgliteClient.open({ dataDir });
      const { rows } = await db.query<{ found: number }>(`SELECT count(*)::int AS found FROM fsm_probe WHERE value = md5('4321')`);
      expect(rows[0]!.found).toBe(1);
      const { rows: counted } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM fsm_probe`);
      expect(counted[0]!.count).toBe(5000);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
