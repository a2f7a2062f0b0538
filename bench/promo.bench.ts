/**
 * A hot promo campaign against the scan path (issue 53's target): in one run, against one API
 * process started as `npm start` runs it, the scan path's rate (`GET /{code_id}`, a durable
 * ScanRecorded each) and one campaign's validations (`POST /api/v1/public/promos/validate`, a
 * durable PromoRedeemed or PromoRefused each, decided by the campaign's serialiser), both under 100
 * connections, in alternating turns so both see the machine at one speed. The ratio is the median
 * of the rounds' ratios (target >= 50%). Every validation brings a nonce of its own (fetched before
 * the turns), a visitor id of its own and a forwarded address of its own, so neither the per-visitor
 * limit nor the guard against guessing answers in place of the serialiser. The campaign's total
 * limit is reached during the run: the redemptions answered and stored must come to it exactly.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { PromoTerms } from '@qr/contracts';
import { promoCampaignStreamId, type PromoCampaignCreated } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { openDatabase } from '@qr/platform';
import { autocannon, postTurnOf } from './autocannon';
import { REPO, startServer, type RunningServer } from './bench-servers';
import { formatPercent, formatRate, markdownTable, median, targetLines, writeResults } from './harness';
import { PHONE_HEADERS } from './scan-fixture';
import { codes, load, LOG_LEVEL, openPglite, openPostgres, pinThisProcess, quiet, SERVER_CPU, type BenchDatabase, type Load } from './scan.bench';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const ROUNDS = 3;
const TURN_SECONDS = 5;
/** Reached within the run at any rate this machine reaches, so the count is checked against it. */
const TOTAL_LIMIT = 20_000;
/** Enough for the warm-up and a turn at 10,000 validations a second (the front reached 6,400): a nonce used twice is a 400. Each nonce turn fetches more. */
const NONCES = (WARMUP_SECONDS + TURN_SECONDS) * 10_000;
const PROMO_CODE = 'BENCH24';
const VALIDATE = '/api/v1/public/promos/validate';
const TARGET_RATIO = 0.5;

interface Rate {
  requestsPerSecond: number;
  p99Ms: number;
}

interface PromoLoad {
  requestsPerSecond: number;
  p99Ms: number;
  valid: number;
  refused: Record<string, number>;
  statuses: Record<string, number>;
  errors: number;
}

const qrId = codes[0]!.codeId;
/** Nonces asked for so far: each from an address of its own, as validations are. */
let noncesAsked = 0;

export async function run(): Promise<void> {
  const pinned = pinThisProcess();
  console.error('Building the API (nx run api:build)…');
  execFileSync('npx', ['nx', 'run', 'api:build', '--output-style=stream'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  const openers: (() => Promise<BenchDatabase>)[] = [openPglite];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) openers.push(() => openPostgres(serverUrl));
  else console.log('PostgreSQL row skipped: DATABASE_URL is not set.');
  const loadAtStart = loadavg()[0]!;
  const rows: Row[] = [];
  for (const open of openers) {
    const database = await open();
    try {
      const campaignId = await seedCampaign(database.env);
      console.error(`Measuring ${database.name} (${database.storage})…`);
      rows.push({
        database: database.name,
        storage: database.storage,
        ...(await measure(database.env)),
        stored: await storedRedemptions(database.env, campaignId),
      });
    } finally {
      await database.close();
    }
  }
  report(rows, loadAtStart, pinned);
}

async function measure(env: Record<string, string>) {
  // BENCH_CPU_PROF=<dir> writes the API's CPU profile there (it slows the API: compare shares, not rates).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const api = await startServer(
    [...profile, join(REPO, 'dist/apps/api/src/main.js')],
    { NODE_ENV: 'production', LOG_LEVEL, TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for', ...env },
    {
      cpu: SERVER_CPU,
    },
  );
  try {
    await campaignProjected(api);
    const bodies: string[] = [];
    await nonceTurn(api, bodies, { amount: NONCES });
    let next = 0;
    const promoTurn = (seconds: number) => validations(api, seconds, () => bodies[next++ % bodies.length]!);
    await load(api, WARMUP_SECONDS);
    const warmPromo = await promoTurn(WARMUP_SECONDS);
    const scans: Load[] = [];
    const promos: PromoLoad[] = [];
    const floors: Rate[] = [];
    const turns = [
      async () => scans.push(await load(api, TURN_SECONDS)),
      async () => promos.push(await promoTurn(TURN_SECONDS)),
      async () => floors.push(await nonceTurn(api, bodies, { duration: TURN_SECONDS })),
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const turn of round % 2 === 0 ? turns : [...turns].reverse()) {
        // The projections catch up on the last turn's events before the next turn starts, as in the scan bench.
        await quiet(api.pid);
        await turn();
      }
      const rate = (loads: { requestsPerSecond: number }[]) => formatRate(loads[round]!.requestsPerSecond);
      console.error(`round ${round + 1}/${ROUNDS}: scans ${rate(scans)}/s, validations ${rate(promos)}/s, nonces ${rate(floors)}/s`);
    }
    const all = [warmPromo, ...promos];
    return {
      scans,
      promos,
      floors,
      ratios: promos.map((promo, round) => promo.requestsPerSecond / scans[round]!.requestsPerSecond),
      floorRatios: floors.map((floor, round) => floor.requestsPerSecond / scans[round]!.requestsPerSecond),
      overFloor: promos.map((promo, round) => promo.requestsPerSecond / floors[round]!.requestsPerSecond),
      valid: all.reduce((sum, turn) => sum + turn.valid, 0),
      refused: all.reduce<Record<string, number>>((sum, turn) => {
        for (const [reason, count] of Object.entries(turn.refused)) sum[reason] = (sum[reason] ?? 0) + count;
        return sum;
      }, {}),
      // Answers other than 200 and failed requests: none is expected.
      other: all.reduce(
        (sum, turn) => sum + turn.errors + Object.entries(turn.statuses).reduce((n, [status, count]) => n + (status === '200' ? 0 : count), 0),
        0,
      ),
      noncesUsed: next,
      nonces: bodies.length,
    };
  } finally {
    await api.stop();
  }
}

/** The campaign's PromoCampaignCreated, as the API would have appended it; the API projects it when it starts. */
async function seedCampaign(env: Record<string, string>): Promise<string> {
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    const campaignId = randomUUID();
    const created: PromoCampaignCreated = {
      type: 'PromoCampaignCreated',
      data: {
        campaign_id: campaignId,
        org_id: 'bench-org',
        code_id: qrId,
        codes: { kind: 'shared', promo_code: PROMO_CODE },
        terms: PromoTerms.parse({ name: 'Bench deal', offer: { kind: 'text', text: 'A coffee' }, total_limit: TOTAL_LIMIT }),
        master_key_id: null,
        created_by: 'bench',
      },
    };
    await new PostgresEventStore(db).append({
      streamId: promoCampaignStreamId(campaignId),
      expectedVersion: 'no_stream',
      events: [{ ...created, metadata: { org_id: 'bench-org' } }],
    });
    return campaignId;
  } finally {
    await close();
  }
}

async function storedRedemptions(env: Record<string, string>, campaignId: string): Promise<number> {
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'PromoRedeemed'`, [
      promoCampaignStreamId(campaignId),
    ]);
    return rows[0]!.n;
  } finally {
    await close();
  }
}

async function campaignProjected(api: RunningServer): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/public/promos/${qrId}`);
    if (response.ok && ((await response.json()) as { campaigns: unknown[] }).campaigns.length > 0) return;
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error('The campaign was not projected within 60 s');
}

/**
 * Nonces the API signs, each made into a validation's body (with a visitor id of its own) and kept
 * in `bodies`: fetched before the turns, so they cost the validations' turns nothing. A timed turn
 * of it is the floor beside the validations: the public POST of the same HTTP stack (Fastify, Nest,
 * the contract's pipe) that does the least, an HMAC and no database.
 */
async function nonceTurn(api: RunningServer, bodies: string[], length: { amount: number } | { duration: number }): Promise<Rate> {
  const result = await autocannon({
    url: `http://127.0.0.1:${api.port}`,
    connections: CONNECTIONS,
    ...length,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/v1/public/promos/nonce',
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ qr_id: qrId }),
          headers: { ...request.headers, 'x-forwarded-for': addressOf(noncesAsked++) },
        }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const visitorId = `00000000-0000-4000-8000-${bodies.length.toString(16).padStart(12, '0')}`;
          bodies.push(JSON.stringify({ promo_code: PROMO_CODE, qr_id: qrId, nonce: (JSON.parse(body) as { nonce: string }).nonce, visitor_id: visitorId }));
        },
      },
    ],
  });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** An address per visitor, from 10.0.0.0/8, so the guard counts each visitor apart, as it would phones on mobile networks. */
const addressOf = (i: number) => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;

async function validations(api: RunningServer, seconds: number, nextBody: () => string): Promise<PromoLoad> {
  let valid = 0;
  let sent = 0;
  const refused: Record<string, number> = {};
  const result = await autocannon({
    url: `http://127.0.0.1:${api.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...PHONE_HEADERS, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: VALIDATE,
        setupRequest: (request) => ({ ...request, body: nextBody(), headers: { ...request.headers, 'x-forwarded-for': addressOf(sent++) } }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const answer = JSON.parse(body) as { valid: boolean; reason?: string };
          if (answer.valid) valid++;
          else refused[answer.reason!] = (refused[answer.reason!] ?? 0) + 1;
        },
      },
    ],
  });
  return { ...postTurnOf(result), valid, refused };
}

type Row = { database: string; storage: string; stored: number } & Awaited<ReturnType<typeof measure>>;

function report(rows: readonly Row[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nA hot promo campaign against the scan path, one API process, ${CONNECTIONS} connections each, loopback; after a ${WARMUP_SECONDS} s warm-up each, ` +
      `${ROUNDS} rounds of a ${TURN_SECONDS} s turn each, the order reversed every other round; rates are the medians of the turns, the ratio the median of the rounds' ratios.`,
  );
  console.log(
    pinned
      ? `API pinned to CPU ${SERVER_CPU}, autocannon to the other; the API runs as \`npm start\` does (NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}).`
      : 'Note: not pinned (fewer than 2 CPUs or no taskset): the API and the load generator share CPUs.',
  );
  if (loadAtStart > cpus().length / 2)
    console.log(`Note: load average ${loadAtStart.toFixed(1)} on ${cpus().length} CPUs at the start: other processes compete, expect noise.`);
  console.log('');
  for (const row of rows) console.log(`${row.database}: ${row.storage}`);
  const table = rows.flatMap((row) => {
    const scanRate = median(row.scans.map((turn) => turn.requestsPerSecond));
    const promoRate = median(row.promos.map((turn) => turn.requestsPerSecond));
    return [
      [row.database, 'scan path: 302 after a durable ScanRecorded', formatRate(scanRate), '100%', `${median(row.scans.map((turn) => turn.p99Ms))} ms`],
      [
        row.database,
        'floor: a nonce, the least public POST through the same HTTP stack',
        formatRate(median(row.floors.map((turn) => turn.requestsPerSecond))),
        formatPercent(median(row.floorRatios), { decimals: 1 }),
        `${median(row.floors.map((turn) => turn.p99Ms))} ms`,
      ],
      [
        row.database,
        'one campaign: validation decided and durable',
        formatRate(promoRate),
        formatPercent(median(row.ratios), { decimals: 1 }),
        `${median(row.promos.map((turn) => turn.p99Ms))} ms`,
      ],
    ];
  });
  console.log(`\n${markdownTable(['Database', 'Path', 'req/s', 'vs scans', 'p99'], table)}\n`);
  for (const row of rows) {
    console.log(
      `${row.database}: round by round, validations over scans ${row.ratios.map((ratio) => formatPercent(ratio)).join(', ')}, nonces over scans ${row.floorRatios.map((ratio) => formatPercent(ratio)).join(', ')}, validations over nonces ${row.overFloor.map((ratio) => formatPercent(ratio)).join(', ')}; ` +
        `${formatRate(row.valid)} valid answers and ${JSON.stringify(row.refused)} refused, ${formatRate(row.stored)} PromoRedeemed stored, against a total limit of ${formatRate(TOTAL_LIMIT)}; ` +
        `${formatRate(row.noncesUsed)} of ${formatRate(row.nonces)} nonces spent${row.noncesUsed > row.nonces ? ' (SOME REPLAYED: the rate includes refused replays)' : ''}.`,
    );
  }
  const checks = rows.flatMap((row) => [
    {
      target: `${row.database}: one campaign's validations >= ${formatPercent(TARGET_RATIO)} of the scan path's rate`,
      measured: `${formatPercent(median(row.ratios), { decimals: 1 })}, p99 ${median(row.promos.map((turn) => turn.p99Ms))} ms`,
      met: median(row.ratios) >= TARGET_RATIO,
    },
    {
      // A request in flight when a turn stops is stored but its answer is not counted, so stored may exceed answered.
      target: `${row.database}: exactly the limit redeemed, every valid answer stored, only 200s answered`,
      measured: `${formatRate(row.stored)} stored of ${formatRate(TOTAL_LIMIT)}, ${formatRate(row.valid)} answered valid, ${row.other} other answers or errors`,
      met: row.stored === TOTAL_LIMIT && row.valid <= row.stored && row.other === 0,
    },
  ]);
  console.log(`\n${targetLines(checks)}`);
  console.log(
    `\nJSON: ${writeResults('promo', { measuredAt: new Date().toISOString(), node: process.version, cpus: cpus().length, pinned, loadAverageAtStart: loadAtStart, rows, checks })}`,
  );
}
