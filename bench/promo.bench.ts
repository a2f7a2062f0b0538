/**
 * A hot promo campaign against the scan path (issue 53's target): in one run, against one API
 * process started as `npm start` runs it, the scan path's rate (`GET /{code_id}`, a durable
 * ScanRecorded each) and one campaign's validations (`POST /api/v1/public/promos/validate`, a
 * durable PromoRedeemed or PromoRefused each, decided by the campaign's serialiser), both under 100
 * connections, in alternating turns so both see the machine at one speed. The ratio is the median
 * of the rounds' ratios (target >= 50%). Beside them, in the same turns: the floor
 * (`promo-floor-server.ts`), the same JSON POST parsed and one event of a redemption's size made
 * durable through the same event store's group commit behind bare `node:http`, nothing of the
 * product around it; and the nonce route, the least public POST through Fastify and Nest. Every validation brings a nonce of its own (fetched before
 * the turns), a visitor id of its own and a forwarded address of its own, so neither the per-visitor
 * limit nor the guard against guessing answers in place of the serialiser. The campaign's total
 * limit is reached during the run: the redemptions answered and stored must come to it exactly.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { PromoTerms } from '@qr/contracts';
import { promoCampaignStreamId, type PromoCampaignCreated } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { openDatabase } from '@qr/platform';
import { autocannon, postTurnOf } from './autocannon';
import { REPO, startServer, type RunningServer } from './bench-servers';
import { addressOf, formatPercent, formatRate, markdownTable, median, targetLines, writeResults } from './harness';
import { PHONE_HEADERS } from './scan-fixture';
import { codes, load, LOG_LEVEL, prepareApiBench, printRunSetup, quiet, SERVER_CPU, type Load } from './scan.bench';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const ROUNDS = 3;
const TURN_SECONDS = 5;
/** Reached within the run at any rate this machine reaches, so the count is checked against it. */
const TOTAL_LIMIT = 20_000;
/** Enough for the warm-up and a turn at 10,000 validations a second (the front reached 6,400): a nonce used twice is a 400. Each nonce turn fetches more. */
const NONCES = (WARMUP_SECONDS + TURN_SECONDS) * 10_000;
const PROMO_CODE = 'BENCH24';
/** The floor's one campaign stream, in a database of its own. */
const FLOOR_CAMPAIGN_ID = '00000000-0000-4000-8000-00000000f100';
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
  const { pinned, openers, loadAtStart } = prepareApiBench('promo');
  const rows: Row[] = [];
  for (const open of openers) {
    // The floor writes to a database of its own, so the API's stored redemptions count only the API's.
    const database = await open();
    const floorDatabase = await open();
    try {
      const campaignId = await seedCampaign(database.env);
      console.error(`Measuring ${database.name} (${database.storage})…`);
      rows.push({
        database: database.name,
        storage: database.storage,
        ...(await measure(database.env, floorDatabase.env)),
        ...(await stored(database.env, campaignId)),
      });
    } finally {
      await database.close();
      await floorDatabase.close();
    }
  }
  report(rows, loadAtStart, pinned);
}

async function measure(env: Record<string, string>, floorEnv: Record<string, string>) {
  // BENCH_CPU_PROF=<dir> writes the API's CPU profile there (it slows the API: compare shares, not rates).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const api = await startServer(
    [...profile, join(REPO, 'dist/apps/api/src/main.js')],
    { NODE_ENV: 'production', LOG_LEVEL, TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for', ...env },
    {
      cpu: SERVER_CPU,
    },
  );
  let floor: RunningServer | undefined;
  try {
    floor = await startServer(
      ['--import', 'tsx', join(REPO, 'bench/promo-floor-server.ts')],
      { CAMPAIGN_ID: FLOOR_CAMPAIGN_ID, ...floorEnv },
      { cpu: SERVER_CPU },
    );
    await campaignProjected(api);
    const bodies: string[] = [];
    await nonceTurn(api, bodies, { amount: NONCES });
    let next = 0;
    let floorNext = 0;
    const promoTurn = (seconds: number) => validationTurn(api, seconds, () => bodies[next++ % bodies.length]!);
    // The floor checks no nonce: it takes the same bodies without spending the validations' share.
    const floorTurn = (seconds: number) => validationTurn(floor!, seconds, () => bodies[floorNext++ % bodies.length]!);
    await load(api, WARMUP_SECONDS);
    const warmPromo = await promoTurn(WARMUP_SECONDS);
    const warmFloor = await floorTurn(WARMUP_SECONDS);
    const scans: Load[] = [];
    const promos: PromoLoad[] = [];
    const floors: PromoLoad[] = [];
    const nonceTurns: Rate[] = [];
    const turns = [
      async () => scans.push(await load(api, TURN_SECONDS)),
      async () => floors.push(await floorTurn(TURN_SECONDS)),
      async () => promos.push(await promoTurn(TURN_SECONDS)),
      async () => nonceTurns.push(await nonceTurn(api, bodies, { duration: TURN_SECONDS })),
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const turn of round % 2 === 0 ? turns : [...turns].reverse()) {
        // The projections catch up on the last turn's events before the next turn starts, as in the scan bench.
        await quiet(api.pid);
        await quiet(floor.pid);
        await turn();
      }
      const rate = (loads: { requestsPerSecond: number }[]) => formatRate(loads[round]!.requestsPerSecond);
      console.error(
        `round ${round + 1}/${ROUNDS}: scans ${rate(scans)}/s, floor ${rate(floors)}/s, validations ${rate(promos)}/s, nonces ${rate(nonceTurns)}/s`,
      );
    }
    const all = [warmPromo, ...promos];
    const perRound = (loads: readonly Rate[], over: readonly Rate[]) => loads.map((turn, round) => turn.requestsPerSecond / over[round]!.requestsPerSecond);
    return {
      scans,
      promos,
      floors,
      nonceTurns,
      ratios: perRound(promos, scans),
      floorRatios: perRound(floors, scans),
      overFloor: perRound(promos, floors),
      nonceRatios: perRound(nonceTurns, scans),
      floorOther: otherAnswers([warmFloor, ...floors]),
      valid: all.reduce((sum, turn) => sum + turn.valid, 0),
      refused: all.reduce<Record<string, number>>((sum, turn) => {
        for (const [reason, count] of Object.entries(turn.refused)) sum[reason] = (sum[reason] ?? 0) + count;
        return sum;
      }, {}),
      other: otherAnswers(all),
      noncesUsed: next,
      nonces: bodies.length,
    };
  } finally {
    await api.stop();
    await floor?.stop();
  }
}

/** Answers other than 200 and failed requests: none is expected. */
const otherAnswers = (turns: readonly PromoLoad[]) =>
  turns.reduce((sum, turn) => sum + turn.errors + Object.entries(turn.statuses).reduce((n, [status, count]) => n + (status === '200' ? 0 : count), 0), 0);

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

/** The redemptions stored, and how many events each commit carried on average, validations' and scans' apart: the group commit's batch sizes. */
async function stored(env: Record<string, string>, campaignId: string): Promise<{ stored: number; perCommit: Record<string, number> }> {
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    const { rows } = await db.query<{ path: string; redeemed: number; per_commit: number }>(
      `SELECT CASE WHEN type = 'ScanRecorded' THEN 'scans' ELSE 'validations' END AS path,
              count(*) FILTER (WHERE type = 'PromoRedeemed' AND stream_id = $1)::int AS redeemed,
              round(count(*)::numeric / count(DISTINCT transaction_id::text), 1)::float8 AS per_commit
         FROM es_events WHERE type IN ('ScanRecorded', 'PromoRedeemed', 'PromoRefused') GROUP BY 1`,
      [promoCampaignStreamId(campaignId)],
    );
    return {
      stored: rows.reduce((sum, row) => sum + row.redeemed, 0),
      perCommit: Object.fromEntries(rows.map((row) => [row.path, row.per_commit])),
    };
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
 * of it is a row beside the validations: the public POST through Fastify and Nest (the contract's
 * pipe) that does the least, an HMAC and no database.
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

/** Validations posted to the API or to the floor, each with the next body and an address of its own. */
async function validationTurn(server: RunningServer, seconds: number, nextBody: () => string): Promise<PromoLoad> {
  let valid = 0;
  let sent = 0;
  const refused: Record<string, number> = {};
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
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

type Row = { database: string; storage: string } & Awaited<ReturnType<typeof stored>> & Awaited<ReturnType<typeof measure>>;

const rounds = (ratios: readonly number[]) => ratios.map((ratio) => formatPercent(ratio)).join(', ');

function report(rows: readonly Row[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nA hot promo campaign against the scan path, one API process, ${CONNECTIONS} connections each, loopback; after a ${WARMUP_SECONDS} s warm-up each, ` +
      `${ROUNDS} rounds of a ${TURN_SECONDS} s turn each, the order reversed every other round; rates are the medians of the turns, the ratio the median of the rounds' ratios.`,
  );
  printRunSetup(rows, loadAtStart, pinned);
  const table = rows.flatMap((row) => {
    const scanRate = median(row.scans.map((turn) => turn.requestsPerSecond));
    const promoRate = median(row.promos.map((turn) => turn.requestsPerSecond));
    return [
      [row.database, 'scan path: 302 after a durable ScanRecorded', formatRate(scanRate), '100%', `${median(row.scans.map((turn) => turn.p99Ms))} ms`],
      [
        row.database,
        'floor: node:http, the same JSON parsed, one event of the same size durable',
        formatRate(median(row.floors.map((turn) => turn.requestsPerSecond))),
        formatPercent(median(row.floorRatios), { decimals: 1 }),
        `${median(row.floors.map((turn) => turn.p99Ms))} ms`,
      ],
      [
        row.database,
        'a nonce: the least public POST through Fastify and Nest',
        formatRate(median(row.nonceTurns.map((turn) => turn.requestsPerSecond))),
        formatPercent(median(row.nonceRatios), { decimals: 1 }),
        `${median(row.nonceTurns.map((turn) => turn.p99Ms))} ms`,
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
      `${row.database}: round by round, validations over scans ${rounds(row.ratios)}, the floor over scans ${rounds(row.floorRatios)}, validations over the floor ${rounds(row.overFloor)}, nonces over scans ${rounds(row.nonceRatios)}; ` +
        `${formatRate(row.valid)} valid answers and ${JSON.stringify(row.refused)} refused, ${formatRate(row.stored)} PromoRedeemed stored, against a total limit of ${formatRate(TOTAL_LIMIT)}; ` +
        `${formatRate(row.noncesUsed)} of ${formatRate(row.nonces)} nonces spent${row.noncesUsed > row.nonces ? ' (SOME REPLAYED: the rate includes refused replays)' : ''}; ` +
        `events per commit: scans ${row.perCommit['scans'] ?? 0}, validations ${row.perCommit['validations'] ?? 0}.`,
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
    {
      target: `${row.database}: the floor answered only 200s`,
      measured: `${row.floorOther} other answers or errors`,
      met: row.floorOther === 0,
    },
  ]);
  console.log(`\n${targetLines(checks)}`);
  console.log(
    `\nJSON: ${writeResults('promo', { measuredAt: new Date().toISOString(), node: process.version, cpus: cpus().length, pinned, loadAverageAtStart: loadAtStart, rows, checks })}`,
  );
}
