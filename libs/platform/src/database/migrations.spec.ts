import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testAdapters } from '../testing/test-databases';
import { loadMigrations, migrate } from './migrations';

describe.each(testAdapters())('migrations on $name', (adapter) => {
  it('applies new numbered migrations once, in order, and never again', async () => {
    const { db, close } = await adapter.open();
    const dir = mkdtempSync(join(tmpdir(), 'qr-migrations-'));
    try {
      writeFileSync(join(dir, '900-widgets.sql'), 'CREATE TABLE widgets (id int PRIMARY KEY);\n-- why: a comment\nINSERT INTO widgets VALUES (1);');
      writeFileSync(join(dir, '901-widget-names.sql'), 'ALTER TABLE widgets ADD COLUMN name text;');
      writeFileSync(join(dir, 'notes.txt'), 'not a migration');
      const extra = loadMigrations(dir);
      expect(extra.map((m) => m.id)).toEqual([900, 901]);

      const first = await migrate(db, [...loadMigrations(), ...extra]);
      expect(first.map((m) => m.name)).toEqual(['widgets', 'widget-names']);
      expect(await migrate(db, [...loadMigrations(), ...extra])).toEqual([]);
      const { rows } = await db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((r) => Number(r.id))).toEqual([...loadMigrations().map((m) => m.id), 900, 901]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await close();
    }
  });
});
