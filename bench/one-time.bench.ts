/**
 * One-time codes (issue 8 targets) on the embedded default, PGlite in a data directory: 100,000
 * codes issued and persisted (the event appended and the projection's rows committed) in ≤ 10 s,
 * their CSV export streamed in ≤ 5 s, a ZIP of 1,000 PNGs in ≤ 10 s. Baselines in the same run: the
 * database's own floor for the same rows (one INSERT … SELECT generate_series, one SELECT of them
 * all) and the 1,000 PNGs rendered without a ZIP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { QrDesign } from '@qr/contracts';
import { oneTimeBatchDecider, oneTimeBatchStreamId } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger } from '@qr/platform';
import { oneTimeCodes } from '@qr/projections-codes';
import { ProjectionRunner } from '@qr/projections-runner';
import { renderQrPng } from '@qr/qr-render';
import { Base64Encoder } from '../apps/api/src/customers/customers.export';
import { decideOnStream } from '../apps/api/src/decide-on-stream';
import { batchCodePages } from '../apps/api/src/one-time-codes/batch-code-pages';
import { oneTimeCodeCsvLines } from '../apps/api/src/one-time-codes/one-time-codes.export';
import { zipOf } from '../apps/api/src/one-time-codes/one-time-codes.files';
import { openPgliteDataDir } from './bench-databases';
import { markdownTable, targetLines, writeResults } from './harness';

const CODES = 100_000;
const PNGS = 1_000;
const PUBLIC_URL = 'https://qr.example.com';
const DESIGN = QrDesign.parse({ width: 512, height: 512 });
const TARGETS = { create: 10, csv: 5, zip: 10 };

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Counts what a client would receive, without keeping it. */
const sink = () => {
  let bytes = 0;
  return {
    stream: new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) }),
    bytes: () => bytes,
  };
};

export async function run(): Promise<void> {
  const database = await openPgliteDataDir();
  const { db } = database;
  const store = new PostgresEventStore(db);
  const runner = new ProjectionRunner(db, store, [oneTimeCodes], createLogger('silent'));
  await runner.start();
  try {
    const issue = async (amount: number) => {
      const batchId = randomUUID();
      const actor = { id: 'bench@example.com', role: 'editor' as const };
      await decideOnStream(
        store,
        oneTimeBatchStreamId(batchId),
        oneTimeBatchDecider,
        {
          type: 'IssueOneTimeCodes',
          actor,
          batch_id: batchId,
          org_id: 'bench-org',
          base_code_id: 'BenchBase1',
          amount,
          seed: randomBytes(32).toString('base64url'),
        },
        { org_id: 'bench-org', actor: actor.id },
      );
      await runner.caughtUp();
      return batchId;
    };
    await issue(100); // warm-up: statements prepared, tables created

    await db.query('CREATE TABLE bench_rows (code_id text PRIMARY KEY, batch_id uuid NOT NULL, ordinal integer NOT NULL, used_at timestamptz)');
    const baselineInsert = await seconds(() =>
      db.query(`INSERT INTO bench_rows SELECT md5(g::text), $1::uuid, g, NULL FROM generate_series(1, $2::int) g`, [randomUUID(), CODES]),
    );
    let batchId = '';
    const create = await seconds(async () => (batchId = await issue(CODES)));

    const baselineRead = await seconds(() => db.query('SELECT code_id, ordinal, used_at FROM bench_rows ORDER BY code_id'));
    const csvOut = sink();
    const csv = await seconds(() =>
      pipeline(Readable.from(oneTimeCodeCsvLines(db, PUBLIC_URL, [batchId]), { highWaterMark: 1 }), new Base64Encoder(), csvOut.stream),
    );

    const small = await issue(PNGS);
    const codeIds = (await db.query<{ code_id: string }>('SELECT code_id FROM one_time_codes WHERE batch_id = $1 ORDER BY ordinal', [small])).rows.map(
      (r) => r.code_id,
    );
    const render = (codeId: string) => renderQrPng(`${PUBLIC_URL}/${codeId}`, DESIGN);
    for (const codeId of codeIds.slice(0, 50)) render(codeId); // warm-up, so neither side pays for the compiler
    const baselinePngs = await seconds(async () => {
      for (const codeId of codeIds) render(codeId);
    });
    const zipOut = sink();
    const zip = await seconds(() => pipeline(Readable.from(zipOf(batchCodePages(db, small), render, 'png')), zipOut.stream));

    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM one_time_codes WHERE batch_id = $1', [batchId]);
    const load = `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
    console.log(`\nOne-time codes on ${database.name}, ${database.storage}; ${load}.\n`);
    const s = (value: number) => `${value.toFixed(2)} s`;
    console.log(
      `${markdownTable(
        ['Step', 'seconds', 'baseline', 'baseline seconds'],
        [
          [
            `issue ${CODES.toLocaleString('en')} codes (event + projected rows)`,
            s(create),
            `INSERT … generate_series of ${CODES.toLocaleString('en')} rows`,
            s(baselineInsert),
          ],
          [`CSV export of them, base64 (${(csvOut.bytes() / 1e6).toFixed(1)} MB)`, s(csv), 'one SELECT of the same rows', s(baselineRead)],
          [`ZIP of ${PNGS.toLocaleString('en')} PNGs, 512 px (${(zipOut.bytes() / 1e6).toFixed(1)} MB)`, s(zip), 'the PNGs rendered, no ZIP', s(baselinePngs)],
        ],
      )}\n`,
    );
    const checks = [
      {
        target: `${CODES.toLocaleString('en')} codes issued and persisted in <= ${TARGETS.create} s`,
        measured: `${s(create)}, ${Number(rows[0]!.n).toLocaleString('en')} rows`,
        met: create <= TARGETS.create && Number(rows[0]!.n) === CODES,
      },
      { target: `their CSV export streams in <= ${TARGETS.csv} s`, measured: s(csv), met: csv <= TARGETS.csv },
      { target: `a ZIP of ${PNGS.toLocaleString('en')} PNGs in <= ${TARGETS.zip} s`, measured: s(zip), met: zip <= TARGETS.zip },
    ];
    console.log(targetLines(checks));
    console.log(`\nResults: ${writeResults('one-time', { create, baselineInsert, csv, baselineRead, zip, baselinePngs, checks })}`);
  } finally {
    await runner.stop();
    await database.close();
  }
}
