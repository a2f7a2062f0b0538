/**
 * Analytics (DESIGN.md §5) on the embedded default: one organisation's 1,000,000 scans over the last
 * year, appended through the real event store in big batches on PGlite; then `npm run replay --
 * analytics` as the CLI runs it (a whole rebuild of the rollups from position 0), and the analytics
 * query for every period of the spec. Beside each period: the same totals computed by scanning the
 * raw events (es_events), which is what answering without rollups would cost.
 */
import { randomUUID } from 'node:crypto';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@qr/contracts';
import { periodWindow } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { createLogger, type SqlClient } from '@qr/platform';
import { analytics, AnalyticsRollups } from '@qr/projections-analytics';
import { ProjectionRunner } from '@qr/projections-runner';
import { openPgliteDataDir } from './bench-databases';
import { formatRate, markdownTable, median, targetLines, writeResults } from './harness';
import { seedScans } from './scan-fixture';

/** `BENCH_EVENTS=20000 npm run bench -- analytics` for a quick try; the targets are for a million. */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const CODES = 40;
/** `BENCH_DAYS` keeps a quick try as dense as the real run (a million over 365 days). */
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const QUERY_REPEATS = 5;
const REPLAY_TARGET = 15_000;
const QUERY_TARGET_MS = 150;
const ZONE = 'UTC';

interface RawTotals {
  scans: number;
  unique_visitors: number;
  qr_scans: number;
  bots: number;
}

/**
 * The baseline: the same totals straight from the log, as a query without rollups would have to. A
 * visitor counts once per UTC day, when their first scan that day falls in the range, so the days
 * the range touches are read whole.
 */
async function rawTotals(db: SqlClient, orgId: string, range: { from: Date; to: Date }): Promise<RawTotals> {
  const from = new Date(Math.ceil(range.from.getTime() / 3_600_000) * 3_600_000);
  const to = new Date(Math.ceil(range.to.getTime() / 3_600_000) * 3_600_000);
  const { rows } = await db.query<Record<keyof RawTotals, string>>(
    `WITH scans AS (
       SELECT occurred_at, (data->>'bot')::boolean AS bot, data->>'source' AS source, data->>'visitor' AS visitor
         FROM es_events WHERE type = 'ScanRecorded' AND metadata->>'org_id' = $1 AND occurred_at >= date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND occurred_at < $3)
     SELECT (SELECT count(*) FROM scans WHERE NOT bot AND occurred_at >= $2) AS scans,
            (SELECT count(*) FROM (SELECT min(occurred_at) AS first FROM scans WHERE NOT bot GROUP BY date_trunc('day', occurred_at AT TIME ZONE 'UTC'), visitor) AS days WHERE first >= $2) AS unique_visitors,
            (SELECT count(*) FROM scans WHERE NOT bot AND source = 'qr' AND occurred_at >= $2) AS qr_scans,
            (SELECT count(*) FROM scans WHERE bot AND occurred_at >= $2) AS bots`,
    [orgId, from, to],
  );
  const row = rows[0]!;
  return { scans: Number(row.scans), unique_visitors: Number(row.unique_visitors), qr_scans: Number(row.qr_scans), bots: Number(row.bots) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

export async function run(): Promise<void> {
  const database = await openPgliteDataDir();
  const orgId = randomUUID();
  const now = new Date();
  try {
    console.log(`Appending ${formatRate(EVENTS)} ScanRecorded events for one organisation (${CODES} codes, ${DAYS} days) …`);
    const { seconds: seedSeconds } = await seedScans(database.db, { orgId, events: EVENTS, codes: CODES, days: DAYS, now });
    console.log(`  appended in ${seedSeconds.toFixed(1)} s (${formatRate(EVENTS / seedSeconds)} events/s)`);

    const runner = new ProjectionRunner(database.db, new PostgresEventStore(database.db), [analytics], createLogger('silent'));
    const cpuBefore = process.cpuUsage();
    const replay = await timed(() => runner.rebuild(analytics.name));
    // PGlite runs on this process's thread, so its CPU time is the replay's, whatever else the machine does.
    const cpu = process.cpuUsage(cpuBefore);
    const replayRate = replay.value.eventsProcessed / (replay.ms / 1000);
    console.log(
      `  replayed ${formatRate(replay.value.eventsProcessed)} events into the rollups in ${(replay.ms / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU)`,
    );

    const rollups = new AnalyticsRollups(database.db);
    const scope = { orgId, codeId: null };
    const rows: string[][] = [];
    const results: Record<string, unknown>[] = [];
    let slowest = 0;
    let allMatch = true;
    for (const period of ANALYTICS_PERIODS as readonly AnalyticsPeriod[]) {
      // As the API answers it: the first activity (for `all`), then every figure of the view.
      const query = async () => {
        const window = periodWindow(period, now, ZONE, period === 'all' ? await rollups.firstActivity(scope) : null);
        return { window, figures: await rollups.figures(scope, window, ZONE) };
      };
      await query();
      const samples: number[] = [];
      let answer = await query();
      for (let i = 0; i < QUERY_REPEATS; i++) {
        const run = await timed(query);
        samples.push(run.ms);
        answer = run.value;
      }
      const baseline = await timed(() => rawTotals(database.db, orgId, answer.window.range));
      const { totals } = answer.figures;
      const match =
        totals.scans === baseline.value.scans &&
        totals.unique_visitors === baseline.value.unique_visitors &&
        totals.qr_scans === baseline.value.qr_scans &&
        totals.bots === baseline.value.bots;
      allMatch &&= match;
      const ms = median(samples);
      slowest = Math.max(slowest, ms);
      rows.push([period, formatRate(totals.scans), formatRate(totals.unique_visitors), ms.toFixed(1), baseline.ms.toFixed(0), match ? 'yes' : 'NO']);
      results.push({ period, totals, queryMs: samples, baselineMs: baseline.ms, baselineTotals: baseline.value, match });
    }

    console.log(`\nAnalytics on PGlite (${database.storage}): ${formatRate(EVENTS)} scans of one organisation, zone ${ZONE}\n`);
    console.log(`Replay (npm run replay -- analytics): ${formatRate(replayRate)} events/s\n`);
    console.log(markdownTable(['period', 'scans', 'unique visitors', `query ms (median of ${QUERY_REPEATS})`, 'raw es_events scan ms', 'totals match'], rows));
    console.log(
      `\n${targetLines([
        {
          target: `PGlite replay into the rollups >= ${formatRate(REPLAY_TARGET)} events/s`,
          measured: `${formatRate(replayRate)} events/s`,
          met: replayRate >= REPLAY_TARGET,
        },
        { target: `analytics query <= ${QUERY_TARGET_MS} ms for every period`, measured: `slowest ${slowest.toFixed(1)} ms`, met: slowest <= QUERY_TARGET_MS },
        { target: 'rollup totals equal the raw events’ totals for every period', measured: allMatch ? 'all equal' : 'some differ', met: allMatch },
      ])}`,
    );
    console.log(`Results: ${writeResults('analytics', { events: EVENTS, seedSeconds, replayMs: replay.ms, replayRate, periods: results })}`);
  } finally {
    await database.close();
  }
}
