/**
 * A busy loyalty programme against the scan path (issue 54's target): in one run, against one API
 * process started as `npm start` runs it, the scan path's rate (`GET /{code_id}`, a durable
 * ScanRecorded each) and one programme's stamps and redemptions, both under 100 connections, in
 * alternating turns so all see the machine at one speed. Stamps and redemptions are visitors' posts
 * from their phones (`POST /api/v1/public/loyalty/stamp` with today's venue code, and `…/redeem`),
 * each from an address of its own as phones on mobile networks come, each a durable event decided by
 * the programme's serialiser against the balances it holds. The ratio is
 * the median of the rounds' ratios (target >= 50%). The programme has no minimum interval and its
 * cards balances no turn spends, so every answer is a 200 that moved a card; the redemptions answered
 * must all be stored.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { LoyaltyTerms } from '@qr/contracts';
import { loyaltyProgrammeStreamId, type LoyaltyProgrammeEvent } from '@qr/domain';
import { PostgresEventStore } from '@qr/eventstore';
import { openDatabase } from '@qr/platform';
import { autocannon, postTurnOf, type PostTurn } from './autocannon';
import { createBenchOrganization, REPO, startServer, type RunningServer } from './bench-servers';
import { addressOf, formatPercent, formatRate, markdownTable, median, targetLines, writeResults } from './harness';
import { codes, load, LOG_LEVEL, prepareApiBench, printRunSetup, quiet, SERVER_CPU, type Load } from './scan.bench';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const ROUNDS = 3;
const TURN_SECONDS = 5;
/** Cards the turns go round: enough that no card's memory of recent requests is the bottleneck. */
const CARDS = 1000;
/** Each card's opening balance: more than any run redeems from it. */
const OPENING_BALANCE = 1_000_000;
const REWARD = 'c0000000-0000-4000-8000-00000000be4c';
const OWNER = 'loyalty-bench@example.com';
const TARGET_RATIO = 0.5;

type Move = 'stamps' | 'redemptions';
const MOVES: readonly Move[] = ['stamps', 'redemptions'];

export async function run(): Promise<void> {
  const { pinned, openers, loadAtStart } = prepareApiBench('loyalty');
  const rows: Row[] = [];
  for (const open of openers) {
    const database = await open();
    try {
      const env = { NODE_ENV: 'production', LOG_LEVEL, TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for', ...database.env };
      const { org_id, api_key } = createBenchOrganization(env, OWNER);
      const programme = await seedProgramme(env, org_id);
      console.error(`Measuring ${database.name} (${database.storage})…`);
      const measured = await measure(env, api_key, programme);
      rows.push({ database: database.name, storage: database.storage, ...measured, stored: await storedRedemptions(env, programme.programmeId) });
    } finally {
      await database.close();
    }
  }
  report(rows, loadAtStart, pinned);
}

interface Programme {
  programmeId: string;
  cards: string[];
}

/** The programme and its members with their opening balances, as the API would have appended them; the API projects them when it starts. */
async function seedProgramme(env: Record<string, string>, orgId: string): Promise<Programme> {
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    const programmeId = randomUUID();
    const cards = Array.from({ length: CARDS }, () => randomUUID());
    const at = new Date().toISOString();
    const terms = LoyaltyTerms.parse({
      name: 'Bench card',
      kind: 'points',
      min_interval_minutes: 0,
      reward_list: [{ reward_id: REWARD, name: 'A coffee', price: 1 }],
    });
    const events: LoyaltyProgrammeEvent[] = [
      { type: 'LoyaltyProgrammeCreated', data: { programme_id: programmeId, org_id: orgId, code_id: codes[0]!.codeId, terms, created_by: OWNER } },
      ...cards.flatMap((card_id, i): LoyaltyProgrammeEvent[] => [
        { type: 'LoyaltyMemberJoined', data: { card_id, email: `member-${i}@example.com`, phone: null, name: null, at } },
        {
          type: 'LoyaltyCredited',
          data: {
            card_id,
            amount: OPENING_BALANCE,
            source: 'correction',
            at,
            by: OWNER,
            note: 'opening balance',
            request_id: null,
            purchase_amount: null,
            submission_id: null,
            referral_id: null,
            campaign_reward_id: null,
          },
        },
      ]),
    ];
    await new PostgresEventStore(db).append({
      streamId: loyaltyProgrammeStreamId(programmeId),
      expectedVersion: 'no_stream',
      events: events.map((event) => ({ ...event, metadata: { org_id: orgId } })),
    });
    return { programmeId, cards };
  } finally {
    await close();
  }
}

async function storedRedemptions(env: Record<string, string>, programmeId: string): Promise<number> {
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'LoyaltyRewardRedeemed'`, [
      loyaltyProgrammeStreamId(programmeId),
    ]);
    return rows[0]!.n;
  } finally {
    await close();
  }
}

async function measure(env: Record<string, string>, apiKey: string, programme: Programme) {
  // BENCH_CPU_PROF=<dir> writes the API's CPU profile there (it slows the API: compare shares, not rates).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const api = await startServer([...profile, join(REPO, 'dist/apps/api/src/main.js')], env, { cpu: SERVER_CPU });
  try {
    await programmeProjected(api, apiKey, programme.programmeId);
    const venueCode = await venueCodeOf(api, apiKey, programme.programmeId);
    const turn = (move: Move, seconds: number) => cardMoves(api, programme, venueCode, move, seconds);
    await load(api, WARMUP_SECONDS);
    const warm = { stamps: await turn('stamps', WARMUP_SECONDS), redemptions: await turn('redemptions', WARMUP_SECONDS) };
    const scans: Load[] = [];
    const moves: Record<Move, PostTurn[]> = { stamps: [], redemptions: [] };
    const turns = [async () => scans.push(await load(api, TURN_SECONDS)), ...MOVES.map((move) => async () => moves[move].push(await turn(move, TURN_SECONDS)))];
    for (let round = 0; round < ROUNDS; round++) {
      for (const next of round % 2 === 0 ? turns : [...turns].reverse()) {
        // The projections catch up on the last turn's events before the next turn starts, as in the scan bench.
        await quiet(api.pid);
        await next();
      }
      console.error(
        `round ${round + 1}/${ROUNDS}: scans ${formatRate(scans[round]!.requestsPerSecond)}/s, ` +
          MOVES.map((move) => `${move} ${formatRate(moves[move][round]!.requestsPerSecond)}/s`).join(', '),
      );
    }
    const ratios = (move: Move) => moves[move].map((turn, round) => turn.requestsPerSecond / scans[round]!.requestsPerSecond);
    const all = MOVES.flatMap((move) => [warm[move], ...moves[move]]);
    return {
      scans,
      moves,
      ratios: { stamps: ratios('stamps'), redemptions: ratios('redemptions') },
      redeemedAnswered: [warm.redemptions, ...moves.redemptions].reduce((sum, turn) => sum + (turn.statuses['200'] ?? 0), 0),
      // Answers other than 200 and failed requests: none is expected.
      other: all.reduce(
        (sum, turn) => sum + turn.errors + Object.entries(turn.statuses).reduce((n, [status, count]) => n + (status === '200' ? 0 : count), 0),
        0,
      ),
    };
  } finally {
    await api.stop();
  }
}

async function programmeProjected(api: RunningServer, apiKey: string, programmeId: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/loyalty/programmes/${programmeId}`, { headers: { authorization: `Bearer ${apiKey}` } });
    if (response.ok && ((await response.json()) as { members: number }).members === CARDS) return;
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error('The programme was not projected within 60 s');
}

/** Today's code at the counter, as its screen shows it to the visitors who scan it. */
async function venueCodeOf(api: RunningServer, apiKey: string, programmeId: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/loyalty/programmes/${programmeId}/venue-code`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return ((await response.json()) as { venue_code: string }).venue_code;
}

/** One turn of visitors' stamps or redemptions from their phones, going round the cards. */
async function cardMoves(api: RunningServer, { programmeId, cards }: Programme, venueCode: string, move: Move, seconds: number): Promise<PostTurn> {
  let sent = 0;
  const path = `/api/v1/public/loyalty/${move === 'stamps' ? 'stamp' : 'redeem'}`;
  const bodyOf = (card_id: string) =>
    JSON.stringify(
      move === 'stamps' ? { programme_id: programmeId, card_id, venue_code: venueCode } : { programme_id: programmeId, card_id, reward_id: REWARD },
    );
  const result = await autocannon({
    url: `http://127.0.0.1:${api.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const i = sent++;
          return { ...request, body: bodyOf(cards[i % cards.length]!), headers: { ...request.headers, 'x-forwarded-for': addressOf(i) } };
        },
      },
    ],
  });
  return postTurnOf(result);
}

type Row = { database: string; storage: string; stored: number } & Awaited<ReturnType<typeof measure>>;

function report(rows: readonly Row[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nA busy loyalty programme against the scan path, one API process, ${CONNECTIONS} connections each, loopback; after a ${WARMUP_SECONDS} s warm-up each, ` +
      `${ROUNDS} rounds of a ${TURN_SECONDS} s turn each, the order reversed every other round; rates are the medians of the turns, the ratios the medians of the rounds' ratios.`,
  );
  printRunSetup(rows, loadAtStart, pinned);
  const label: Record<Move, string> = {
    stamps: 'one programme: a visitor’s stamp by the venue code, decided and durable',
    redemptions: 'one programme: a visitor’s redemption, decided and durable',
  };
  const table = rows.flatMap((row) => [
    [
      row.database,
      'scan path: 302 after a durable ScanRecorded',
      formatRate(median(row.scans.map((turn) => turn.requestsPerSecond))),
      '100%',
      `${median(row.scans.map((turn) => turn.p99Ms))} ms`,
    ],
    ...MOVES.map((move) => [
      row.database,
      label[move],
      formatRate(median(row.moves[move].map((turn) => turn.requestsPerSecond))),
      formatPercent(median(row.ratios[move]), { decimals: 1 }),
      `${median(row.moves[move].map((turn) => turn.p99Ms))} ms`,
    ]),
  ]);
  console.log(`\n${markdownTable(['Database', 'Path', 'req/s', 'vs scans', 'p99'], table)}\n`);
  const checks = rows.flatMap((row) => [
    ...MOVES.map((move) => ({
      target: `${row.database}: one programme's ${move} >= ${formatPercent(TARGET_RATIO)} of the scan path's rate`,
      measured: `${formatPercent(median(row.ratios[move]), { decimals: 1 })}, round by round ${row.ratios[move].map((ratio) => formatPercent(ratio)).join(', ')}`,
      met: median(row.ratios[move]) >= TARGET_RATIO,
    })),
    {
      // A request in flight when a turn stops is stored but its answer is not counted, so stored may exceed answered.
      target: `${row.database}: every redemption answered is stored, only 200s answered`,
      measured: `${formatRate(row.stored)} stored, ${formatRate(row.redeemedAnswered)} answered, ${row.other} other answers or errors`,
      met: row.redeemedAnswered <= row.stored && row.other === 0,
    },
  ]);
  console.log(targetLines(checks));
  console.log(
    `\nJSON: ${writeResults('loyalty', { measuredAt: new Date().toISOString(), node: process.version, cpus: cpus().length, pinned, loadAverageAtStart: loadAtStart, rows, checks })}`,
  );
}
