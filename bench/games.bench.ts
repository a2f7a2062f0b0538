/**
 * Games at a crowd's scale (issue 58's targets), on each database, in one run:
 * (a) plays against the scan path: one API process started as `npm start` runs it, one open wheel
 *     (odds draw, no play limit, a prize whose stock no run spends), plays
 *     (`POST /api/v1/public/games/{id}/plays`, each with a play id of its own, going round a few
 *     hundred player tokens the players' page handed out, each from an address of its own as phones
 *     come) and the scan path's `GET /{code_id}` under 100 connections, in alternating turns so both
 *     see the machine at one speed; the ratio is the median of the rounds' ratios (target >= 50%).
 *     Every play answered must be stored.
 * (b) leaderboard reads over 1,000,000 scores on one board, seeded with SQL in the API's database
 *     once it has stopped: the p95 of GameLeaderboards.read (the top 100 and a random player's rank,
 *     one statement) against the p95 of a primary-key read of one row of game_scores, taken in
 *     alternation (target: at most 3 times).
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { MAX_GAME_SCORE, MAX_PRIZE_STOCK, type GameView, type PublicGameView } from '@qr/contracts';
import { openDatabase, type SqlClient } from '@qr/platform';
import { nodesCounting } from '@qr/projections-engagement';
import { GameLeaderboards } from '../apps/api/src/games/game-leaderboards';
import { autocannon, postTurnOf, type PostTurn } from './autocannon';
import { apiCaller, createBenchOrganization, REPO, startServer, type RunningServer } from './bench-servers';
import { addressOf, formatPercent, formatRate, markdownTable, median, percentile, runConcurrently, targetLines, writeResults } from './harness';
import { load, LOG_LEVEL, prepareApiBench, printRunSetup, quiet, SERVER_CPU, type Load } from './scan.bench';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const ROUNDS = 3;
const TURN_SECONDS = 5;
/** Players the plays go round: "a few hundred" phones. */
const PLAYERS = 300;
const OWNER = 'games-bench@example.com';
const TARGET_PLAY_RATIO = 0.5;
/** Scores on the board the reads rank in. */
const SCORES = 1_000_000;
const READS = 2_000;
const WARMUP_READS = 200;
const TARGET_READ_RATIO = 3;
/** Address blocks, so that the token fetches and the plays never share an address. */
const TOKEN_ADDRESSES = 0;
const PLAY_ADDRESSES = 100_000;

export async function run(): Promise<void> {
  const { pinned, openers, loadAtStart } = prepareApiBench('games');
  const rows: Row[] = [];
  for (const open of openers) {
    const database = await open();
    try {
      const env = { NODE_ENV: 'production', LOG_LEVEL, TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for', ...database.env };
      const { org_id, api_key } = createBenchOrganization(env, OWNER);
      console.error(`Measuring ${database.name} (${database.storage})…`);
      const plays = await measurePlays(env, org_id, api_key);
      const stored = await withDatabase(env, (db) => storedPlays(db, plays.gameId));
      console.error(`  seeding ${formatRate(SCORES)} scores on one board…`);
      const reads = await withDatabase(env, measureReads);
      rows.push({ database: database.name, storage: database.storage, ...plays, stored, reads });
    } finally {
      await database.close();
    }
  }
  report(rows, loadAtStart, pinned);
}

/** The API's database, opened once the API has stopped (PGlite admits one process at a time). */
async function withDatabase<T>(env: Record<string, string>, work: (db: SqlClient) => Promise<T>): Promise<T> {
  const { db, close } = await openDatabase({ DATA_DIR: env.DATA_DIR ?? './data', DATABASE_URL: env.DATABASE_URL });
  try {
    return await work(db);
  } finally {
    await close();
  }
}

async function storedPlays(db: SqlClient, gameId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'GamePlayed'`, [`game-${gameId}`]);
  return rows[0]!.n;
}

async function measurePlays(env: Record<string, string>, orgId: string, apiKey: string) {
  const api = await startServer([join(REPO, 'dist/apps/api/src/main.js')], env, { cpu: SERVER_CPU });
  try {
    const call = apiCaller(api, apiKey);
    const { code_id } = await call<{ code_id: string }>('POST', '/api/v1/codes', { org_id: orgId, name: 'Stand', type: 'page' });
    const game = await call<GameView>('POST', '/api/v1/games', {
      org_id: orgId,
      code_id,
      name: 'Spin to win',
      kind: 'wheel',
      prizes: [{ id: 'mug', label: 'A mug', stock: MAX_PRIZE_STOCK, chance: 10, claim: { kind: 'voucher', text: 'One mug at the stand' } }],
    });
    await call('POST', `/api/v1/games/${game.game_id}/open`);
    console.error(`  asking ${PLAYERS} players' tokens…`);
    const tokens = await playerTokens(api, game.game_id);
    let sent = 0;
    const turn = (seconds: number) => playTurn(api, game.game_id, tokens, seconds, () => sent++);
    await load(api, WARMUP_SECONDS);
    const warm = await turn(WARMUP_SECONDS);
    const scans: Load[] = [];
    const plays: PostTurn[] = [];
    const turns = [async () => scans.push(await load(api, TURN_SECONDS)), async () => plays.push(await turn(TURN_SECONDS))];
    for (let round = 0; round < ROUNDS; round++) {
      for (const next of round % 2 === 0 ? turns : [...turns].reverse()) {
        // The projections catch up on the last turn's events before the next turn starts, as in the scan bench.
        await quiet(api.pid);
        await next();
      }
      console.error(
        `  round ${round + 1}/${ROUNDS}: scans ${formatRate(scans[round]!.requestsPerSecond)}/s, plays ${formatRate(plays[round]!.requestsPerSecond)}/s`,
      );
    }
    const all = [warm, ...plays];
    return {
      gameId: game.game_id,
      scans,
      plays,
      ratios: plays.map((turn, round) => turn.requestsPerSecond / scans[round]!.requestsPerSecond),
      playsAnswered: all.reduce((sum, turn) => sum + (turn.statuses['200'] ?? 0), 0),
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

/** Tokens as the players' page hands them out, each phone from an address of its own. */
async function playerTokens(api: RunningServer, gameId: string): Promise<string[]> {
  const tokens: string[] = [];
  await runConcurrently(PLAYERS, 20, async (i) => {
    const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/public/games/${gameId}`, {
      headers: { 'x-forwarded-for': addressOf(TOKEN_ADDRESSES + i) },
    });
    if (!response.ok) throw new Error(`GET the players' page: ${response.status} ${await response.text()}`);
    tokens.push(((await response.json()) as PublicGameView).player_token);
  });
  return tokens;
}

/** One turn of plays from the phones, going round the players, each play its own id. */
async function playTurn(api: RunningServer, gameId: string, tokens: readonly string[], seconds: number, next: () => number): Promise<PostTurn> {
  const result = await autocannon({
    url: `http://127.0.0.1:${api.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: `/api/v1/public/games/${gameId}/plays`,
        setupRequest: (request) => {
          const i = next();
          return {
            ...request,
            body: JSON.stringify({ player_token: tokens[i % tokens.length], play_id: randomUUID() }),
            headers: { ...request.headers, 'x-forwarded-for': addressOf(PLAY_ADDRESSES + i) },
          };
        },
      },
    ],
  });
  return postTurnOf(result);
}

/**
 * A board of SCORES random scores (desc order) with its Fenwick tree as the projection keeps it,
 * counted from the positions' histogram with the projection's own node walk. No ANALYZE: the
 * reads must hold up without statistics, as PGlite keeps none for the projections' tables.
 */
async function seedBoard(db: SqlClient, gameId: string): Promise<void> {
  await db.query(
    `INSERT INTO game_scores (game_id, board, player, nickname, score, rank_key, achieved_at, play_id)
       SELECT $1, 1, 'player-' || i, CASE WHEN i % 5 = 0 THEN '' ELSE 'Nick ' || i END, score, $2::int - score,
              now() - random() * interval '30 days', gen_random_uuid()
         FROM (SELECT i, floor(random() * ($2::int + 1))::int AS score FROM generate_series(1, $3::int) AS i) AS drawn`,
    [gameId, MAX_GAME_SCORE, SCORES],
  );
  const { rows } = await db.query<{ rank_key: number; entries: number }>(
    'SELECT rank_key, count(*)::int AS entries FROM game_scores WHERE game_id = $1 AND board = 1 GROUP BY rank_key',
    [gameId],
  );
  const counts = new Map<number, number>();
  for (const { rank_key, entries } of rows) for (const node of nodesCounting(rank_key + 1)) counts.set(node, (counts.get(node) ?? 0) + entries);
  await db.query('INSERT INTO game_score_counts (game_id, board, node, count) SELECT $1, 1, * FROM unnest($2::int[], $3::int[])', [
    gameId,
    [...counts.keys()],
    [...counts.values()],
  ]);
}

async function measureReads(db: SqlClient) {
  const gameId = randomUUID();
  const seeding = performance.now();
  await seedBoard(db, gameId);
  console.error(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s; checking ranks, then ${formatRate(READS)} reads of each…`);
  const leaderboards = new GameLeaderboards(db);
  const randomPlayer = () => `player-${1 + Math.floor(Math.random() * SCORES)}`;
  // The rank a read gives a player is checked against a count of the rows, for a few players.
  const checked: { player: string; rank: number | undefined; counted: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const player = randomPlayer();
    const { me } = await leaderboards.read(gameId, 'desc', 1, player);
    const { rows } = await db.query<{ rank: number }>(
      `SELECT 1 + count(*)::int AS rank FROM game_scores t, game_scores me
        WHERE me.game_id = $1 AND me.board = 1 AND me.player = $2 AND t.game_id = $1 AND t.board = 1
          AND (t.rank_key, t.achieved_at, t.player) < (me.rank_key, me.achieved_at, me.player)`,
      [gameId, player],
    );
    checked.push({ player, rank: me?.rank, counted: rows[0]!.rank });
  }
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const board = () => timed(() => leaderboards.read(gameId, 'desc', 1, randomPlayer()));
  const primaryKey = () => timed(() => db.query('SELECT * FROM game_scores WHERE game_id = $1 AND board = 1 AND player = $2', [gameId, randomPlayer()]));
  for (let i = 0; i < WARMUP_READS; i++) await Promise.all([board(), primaryKey()]);
  const boardMs: number[] = [];
  const primaryKeyMs: number[] = [];
  // Taken in alternation, one at a time, so both see the machine at one speed and neither waits on the other.
  for (let i = 0; i < READS; i++) {
    boardMs.push(await board());
    primaryKeyMs.push(await primaryKey());
  }
  return {
    checked,
    boardP50Ms: median(boardMs),
    boardP95Ms: percentile(boardMs, 95),
    primaryKeyP50Ms: median(primaryKeyMs),
    primaryKeyP95Ms: percentile(primaryKeyMs, 95),
  };
}

type Row = { database: string; storage: string; stored: number; reads: Awaited<ReturnType<typeof measureReads>> } & Awaited<ReturnType<typeof measurePlays>>;

function report(rows: readonly Row[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\n(a) Plays of one open wheel against the scan path, one API process, ${CONNECTIONS} connections each, loopback, ${PLAYERS} players; after a ${WARMUP_SECONDS} s warm-up each, ` +
      `${ROUNDS} rounds of a ${TURN_SECONDS} s turn each, the order reversed every other round; rates are the medians of the turns, the ratio the median of the rounds' ratios.`,
  );
  printRunSetup(rows, loadAtStart, pinned);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const table = rows.flatMap((row) => [
    [
      row.database,
      'scan path: 302 after a durable ScanRecorded',
      formatRate(median(row.scans.map((turn) => turn.requestsPerSecond))),
      '100%',
      `${median(row.scans.map((turn) => turn.p99Ms))} ms`,
    ],
    [
      row.database,
      'one wheel: a play drawn, decided and durable',
      formatRate(median(row.plays.map((turn) => turn.requestsPerSecond))),
      formatPercent(median(row.ratios), { decimals: 1 }),
      `${median(row.plays.map((turn) => turn.p99Ms))} ms`,
    ],
  ]);
  console.log(`\n${markdownTable(['Database', 'Path', 'req/s', 'vs scans', 'p99'], table)}\n`);
  console.log(
    `(b) Leaderboard reads over ${formatRate(SCORES)} scores on one board, ${formatRate(READS)} of each, one at a time, in alternation, after ${WARMUP_READS} of each.\n`,
  );
  const reads = rows.map((row) => [
    row.database,
    `${ms(row.reads.boardP50Ms)} / ${ms(row.reads.boardP95Ms)}`,
    `${ms(row.reads.primaryKeyP50Ms)} / ${ms(row.reads.primaryKeyP95Ms)}`,
    `${(row.reads.boardP95Ms / row.reads.primaryKeyP95Ms).toFixed(2)}x`,
  ]);
  console.log(`${markdownTable(['Database', 'top 100 + rank p50 / p95', 'primary key p50 / p95', 'p95 ratio'], reads)}\n`);
  const checks = rows.flatMap((row) => [
    {
      target: `${row.database}: one wheel's plays >= ${formatPercent(TARGET_PLAY_RATIO)} of the scan path's rate`,
      measured: `${formatPercent(median(row.ratios), { decimals: 1 })}, round by round ${row.ratios.map((ratio) => formatPercent(ratio)).join(', ')}`,
      met: median(row.ratios) >= TARGET_PLAY_RATIO,
    },
    {
      // A request in flight when a turn stops is stored but its answer is not counted, so stored may exceed answered.
      target: `${row.database}: every play answered is stored, only 200s answered`,
      measured: `${formatRate(row.stored)} stored, ${formatRate(row.playsAnswered)} answered, ${row.other} other answers or errors`,
      met: row.playsAnswered <= row.stored && row.other === 0,
    },
    {
      target: `${row.database}: a board's top 100 and a player's rank, p95 <= ${TARGET_READ_RATIO}x a primary-key read's`,
      measured: `${(row.reads.boardP95Ms / row.reads.primaryKeyP95Ms).toFixed(2)}x (${ms(row.reads.boardP95Ms)} against ${ms(row.reads.primaryKeyP95Ms)})`,
      met: row.reads.boardP95Ms <= TARGET_READ_RATIO * row.reads.primaryKeyP95Ms,
    },
    {
      target: `${row.database}: the ranks read equal a count of the rows ahead`,
      measured: row.reads.checked.map(({ rank, counted }) => `${rank ?? 'none'} = ${counted}`).join(', '),
      met: row.reads.checked.every(({ rank, counted }) => rank === counted),
    },
  ]);
  console.log(targetLines(checks));
  console.log(
    `\nJSON: ${writeResults('games', { measuredAt: new Date().toISOString(), node: process.version, cpus: cpus().length, pinned, loadAverageAtStart: loadAtStart, rows, checks })}`,
  );
}
