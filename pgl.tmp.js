const { PGlite } = require('@electric-sql/pglite');
(async () => {
  let t = Date.now();
  const db = await PGlite.create();
  console.log('create mem', Date.now() - t);
  const r = await db.query("select 1::int8 as a, pg_current_xact_id() as x, now() as n, '{\"a\":1}'::jsonb as j, version() v");
  console.log(r.rows, typeof r.rows[0].a);
  t = Date.now();
  const blob = await db.dumpDataDir('none');
  console.log('dump', Date.now() - t, blob.size);
  t = Date.now();
  const db2 = await PGlite.create({ loadDataDir: blob });
  console.log('load', Date.now() - t);
  const r2 = await db2.query("select $1::text[] as arr, pg_snapshot_xmin(pg_current_snapshot()) as xmin", [['a','b"c']]);
  console.log(r2.rows);
  t = Date.now();
  const db3 = await PGlite.create('/tmp/pgdir-test');
  console.log('create dir', Date.now() - t);
})();
