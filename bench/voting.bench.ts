/**
 * Live voting at a room's scale (issue 57's targets): one API process started as `npm start` runs
 * it (pinned to CPU 0), one open poll, 5,000 phones watching its live results over server-sent
 * events (`GET /api/v1/public/polls/{id}/live`), held by a child process (`voting-screens.ts`) so
 * that reading their messages never holds back the votes; meanwhile this process sends votes on an
 * open-loop schedule, 1,000 a second for 10 s, each from a voter of its own (a token asked for
 * beforehand) and an address of its own, as phones come.
 *
 * Per vote it keeps when its 2xx came and its `x-position`; a screen has the vote once a message
 * arrives whose `position` is at or past it. The figure held to the target is, per vote, the time
 * from its 2xx to the LAST screen having it (p95 <= 1 s). Every vote answered must be counted once:
 * the poll's voters equal the 2xx answers, and every screen's last message says so. Messages per
 * second per screen show the batching; the server's RSS before and after the screens connect gives
 * its memory per connected screen. Then the invariant, quickly: 200 parallel votes with one voter
 * token count once, 200 voters in parallel count 200.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { LIVE_PUSH_INTERVAL_MS, type PollView, type PublicPollView } from '@qr/contracts';
import { apiCaller, createBenchOrganization, REPO, startServer, type Call, type RunningServer } from './bench-servers';
import { addressOf, formatRate, markdownTable, median, percentile, targetLines, writeResults, type TargetCheck } from './harness';
import { LOG_LEVEL, measureOnEachDatabase, printRunSetup, SERVER_CPU, type BenchDatabase } from './scan.bench';
import type { Analysed, Connected, Progress, ScreensRequest } from './voting-screens';
import { laterPosition } from './voting-wire';

const SCREENS = 5_000;
const VOTES_PER_SECOND = 1_000;
const VOTE_SECONDS = 10;
const VOTES = VOTES_PER_SECOND * VOTE_SECONDS;
const TARGET_P95_MS = 1_000;
/** "A few updates a second": the feed's interval allows 1000 / LIVE_PUSH_INTERVAL_MS; one more for a heartbeat or a late tick. */
const MAX_MESSAGES_PER_SECOND = 1000 / LIVE_PUSH_INTERVAL_MS + 1;
const PARALLEL = 200;
/** How long the screens may take to show the last vote once it is answered, before the run gives up waiting. */
const CATCH_UP_MS = 20_000;
const OWNER = 'voting-bench@example.com';
const OPTIONS = ['a', 'b', 'c', 'd'].map((id) => ({ id, label: `Option ${id.toUpperCase()}` }));
/** Address blocks, so no two phones share one: voters, screens, the invariant's voters. */
const VOTER_ADDRESSES = 0;
const SCREEN_ADDRESSES = 100_000;
const PARALLEL_ADDRESSES = 200_000;
const RSS_READINGS = 5;
/** Concurrent requests while voters fetch their tokens. */
const TOKEN_FETCHERS = 50;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

export function run(): Promise<void> {
  return measureOnEachDatabase('voting', measure, report);
}

interface Vote {
  /** When the schedule said to send it, and when its answer's headers came (epoch ms). */
  dueAt: number;
  answeredAt: number;
  status: number;
  position: string | null;
}

const isAnswered = (vote: Vote): vote is Vote & { position: string } => vote.status >= 200 && vote.status < 300 && vote.position !== null;

async function measure(database: BenchDatabase) {
  const env = { NODE_ENV: 'production', LOG_LEVEL, TRUSTED_CLIENT_IP_HEADER: 'x-forwarded-for', ...database.env };
  const { org_id, api_key } = createBenchOrganization(env, OWNER);
  const api = await startServer([join(REPO, 'dist/apps/api/src/main.js')], env, { cpu: SERVER_CPU });
  // Kept alive: the voters' requests are many and short, and each names its own address.
  const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });
  try {
    const call = apiCaller(api, api_key);
    const { code_id } = await call<{ code_id: string }>('POST', '/api/v1/codes', { org_id, name: 'Stage', type: 'page' });
    const newPoll = async (question: string) => {
      const poll = await call<PollView>('POST', '/api/v1/polls', { org_id, code_id, question, kind: 'single', options: OPTIONS });
      await call('POST', `/api/v1/polls/${poll.poll_id}/open`);
      return poll.poll_id;
    };
    const pollId = await newPoll('Which one?');
    console.error(`  asking ${formatRate(VOTES)} voters' tokens…`);
    const tokens = await voterTokens(api, agent, pollId, VOTES, VOTER_ADDRESSES);

    const screens = startScreens();
    try {
      const rssBefore = await settledRss(api.pid);
      console.error(`  connecting ${formatRate(SCREENS)} screens…`);
      const connected = await screens.ask<Connected>({ type: 'connect', port: api.port, pollId, screens: SCREENS, firstAddress: SCREEN_ADDRESSES });
      // The connections' buffers and the first messages settle before the memory is read.
      await sleep(2_000);
      const rssConnected = await settledRss(api.pid);
      console.error(
        `  ${formatRate(connected.connected)} connected in ${(connected.ms / 1000).toFixed(1)} s; voting at ${formatRate(VOTES_PER_SECOND)}/s for ${VOTE_SECONDS} s…`,
      );

      const schedule = await voteOnSchedule(api, agent, pollId, tokens);
      const answered = schedule.votes.filter(isAnswered);
      const lastPosition = answered.map((vote) => vote.position).reduce(laterPosition);
      const caughtUp = await screensReach(screens, lastPosition, connected.connected);
      const rssVoted = rssOf(api.pid);
      console.error('  analysing what each screen received…');
      const analysed = await screens.ask<Analysed>({
        type: 'analyse',
        positions: answered.map((vote) => vote.position),
        answeredAt: answered.map((vote) => vote.answeredAt),
        from: schedule.startedAt,
        to: schedule.endedAt,
      });
      const counted = (await call<PollView>('GET', `/api/v1/polls/${pollId}?min_position=${lastPosition}`)).voters;

      console.error('  the invariant: one voter 200 times at once, 200 voters at once…');
      const invariant = await checkInvariant(api, agent, call, newPoll);
      const worst = analysed.worstMs.filter((ms): ms is number => ms !== null);
      const answerMs = answered.map((vote) => vote.answeredAt - vote.dueAt);
      return {
        screens: { ...connected, caughtUp },
        rss: {
          beforeScreensKiB: rssBefore,
          connectedKiB: rssConnected,
          afterVotesKiB: rssVoted,
          perScreenKiB: (rssConnected - rssBefore) / Math.max(1, connected.connected),
        },
        votes: {
          sent: schedule.votes.length,
          sentPerSecond: schedule.votes.length / ((schedule.sentUntil - schedule.startedAt) / 1000),
          worstLateMs: schedule.worstLateMs,
          answered: answered.length,
          statuses: countStatuses(schedule.votes),
          answerP50Ms: percentile(answerMs, 50),
          answerP95Ms: percentile(answerMs, 95),
          answerP99Ms: percentile(answerMs, 99),
        },
        counted,
        delivery: {
          worstP50Ms: worst.length > 0 ? percentile(worst, 50) : null,
          worstP95Ms: worst.length > 0 ? percentile(worst, 95) : null,
          worstMaxMs: worst.length > 0 ? Math.max(...worst) : null,
          votesNotEverywhere: analysed.worstMs.length - worst.length,
          pairs: analysed.pairs,
          messagesPerSecond: analysed.messagesPerSecond,
          spreadMs: analysed.spreadMs,
          lastVoters: analysed.lastVoters,
          dropped: analysed.dropped,
        },
        invariant,
      };
    } finally {
      await screens.close();
    }
  } finally {
    agent.destroy();
    await api.stop();
  }
}

/** The screens' child process, on this process's CPU (affinity is inherited), asked one thing at a time. */
function startScreens() {
  const child: ChildProcess = fork(join(REPO, 'bench/voting-screens.ts'), [], {
    cwd: REPO,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ask<Answer>(request: ScreensRequest): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const early = (code: number | null) => reject(new Error(`The screens' process exited with ${code}`));
        child.once('exit', early);
        child.once('message', (answer) => {
          child.off('exit', early);
          resolve(answer as Answer);
        });
        child.send(request);
      });
    },
    async close() {
      if (child.connected) child.send({ type: 'close' } satisfies ScreensRequest);
      await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

/** Waits until every screen's last message is at or past `position` (bounded): the votes are all shown. */
async function screensReach(screens: ReturnType<typeof startScreens>, position: string, connected: number): Promise<Progress & { ms: number }> {
  const started = now();
  for (;;) {
    const progress = await screens.ask<Progress>({ type: 'progress', position });
    const ms = now() - started;
    if (progress.reached + progress.dropped >= connected || ms > CATCH_UP_MS) return { ...progress, ms };
    await sleep(100);
  }
}

/** The server's resident memory, in KiB (`VmRSS`). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0);
}

/** The median of a few readings over a second and a half: one reading caught the heap before or after a collection. */
async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < RSS_READINGS; i++) {
    readings.push(rssOf(pid));
    await sleep(300);
  }
  return median(readings);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

/** One request from a phone at `address`; the answer's time is when its headers came. */
function phoneRequest(api: RunningServer, agent: Agent, method: 'GET' | 'POST', path: string, address: string, body?: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: api.port,
        method,
        path,
        agent,
        headers: { 'x-forwarded-for': address, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (response) => {
        const at = now();
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, at }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** One token per voter, as each phone's first visit to the voters' page gets it. */
async function voterTokens(api: RunningServer, agent: Agent, pollId: string, count: number, firstAddress: number): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  const fetcher = async () => {
    while (next < count) {
      const i = next++;
      const answer = await phoneRequest(api, agent, 'GET', `/api/v1/public/polls/${pollId}`, addressOf(firstAddress + i));
      if (answer.status !== 200) throw new Error(`GET /api/v1/public/polls/${pollId}: ${answer.status} ${answer.body}`);
      tokens[i] = (JSON.parse(answer.body) as PublicPollView).voter_token;
    }
  };
  await Promise.all(Array.from({ length: TOKEN_FETCHERS }, fetcher));
  return tokens;
}

async function castVote(api: RunningServer, agent: Agent, pollId: string, token: string, choice: string, address: string): Promise<Omit<Vote, 'dueAt'>> {
  try {
    const answer = await phoneRequest(api, agent, 'POST', `/api/v1/public/polls/${pollId}/votes`, address, { voter_token: token, choices: [choice] });
    const position = answer.headers['x-position'];
    return { answeredAt: answer.at, status: answer.status, position: typeof position === 'string' ? position : null };
  } catch {
    // A failed connection is an answer that never came: status 0.
    return { answeredAt: now(), status: 0, position: null };
  }
}

/**
 * Vote `i` is due at `i / VOTES_PER_SECOND` s after the start and is sent then, whether or not the
 * earlier ones were answered (an open loop: a slow server faces the same arrivals, as a room's
 * phones do not wait for each other). `worstLateMs` says how far the sender itself fell behind.
 */
async function voteOnSchedule(api: RunningServer, agent: Agent, pollId: string, tokens: readonly string[]) {
  const votes: Vote[] = [];
  const answers: Promise<void>[] = [];
  const startedAt = now();
  let worstLateMs = 0;
  await new Promise<void>((sentAll) => {
    const tick = () => {
      const due = Math.min(tokens.length, Math.floor(((now() - startedAt) / 1000) * VOTES_PER_SECOND) + 1);
      while (votes.length < due) {
        const i = votes.length;
        const dueAt = startedAt + (i / VOTES_PER_SECOND) * 1000;
        worstLateMs = Math.max(worstLateMs, now() - dueAt);
        const vote: Vote = { dueAt, answeredAt: 0, status: 0, position: null };
        votes.push(vote);
        answers.push(
          castVote(api, agent, pollId, tokens[i]!, OPTIONS[i % OPTIONS.length]!.id, addressOf(VOTER_ADDRESSES + i)).then(
            (cast) => void Object.assign(vote, cast),
          ),
        );
      }
      if (votes.length < tokens.length) setTimeout(tick, 1);
      else sentAll();
    };
    tick();
  });
  const sentUntil = now();
  await Promise.all(answers);
  return { votes, startedAt, sentUntil, endedAt: now(), worstLateMs };
}

function countStatuses(votes: readonly { status: number }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of votes) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

/** 200 parallel votes with one voter's token (from as many addresses: not the rate limit's doing), and 200 voters at once, each on a poll of its own. */
async function checkInvariant(api: RunningServer, agent: Agent, call: Call, newPoll: (question: string) => Promise<string>) {
  const votersOf = async (pollId: string, cast: readonly Omit<Vote, 'dueAt'>[]) => {
    const positions = cast.flatMap((vote) => (vote.position ? [vote.position] : []));
    const query = positions.length > 0 ? `?min_position=${positions.reduce(laterPosition)}` : '';
    return (await call<PollView>('GET', `/api/v1/polls/${pollId}${query}`)).voters;
  };
  const onePoll = await newPoll('One voter, 200 tries');
  const [token] = await voterTokens(api, agent, onePoll, 1, PARALLEL_ADDRESSES);
  const tries = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => castVote(api, agent, onePoll, token!, OPTIONS[i % OPTIONS.length]!.id, addressOf(PARALLEL_ADDRESSES + 1 + i))),
  );
  const manyPoll = await newPoll('200 voters at once');
  const manyTokens = await voterTokens(api, agent, manyPoll, PARALLEL, PARALLEL_ADDRESSES + 1_000);
  const many = await Promise.all(
    manyTokens.map((manyToken, i) => castVote(api, agent, manyPoll, manyToken, OPTIONS[i % OPTIONS.length]!.id, addressOf(PARALLEL_ADDRESSES + 2_000 + i))),
  );
  return {
    oneVoter: { statuses: countStatuses(tries), voters: await votersOf(onePoll, tries) },
    manyVoters: { statuses: countStatuses(many), voters: await votersOf(manyPoll, many) },
  };
}

type Row = { database: string; storage: string } & Awaited<ReturnType<typeof measure>>;

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${formatRate(count)}× ${status}`)
    .join(', ');

function report(rows: readonly Row[], loadAtStart: number, pinned: boolean): void {
  console.log(
    `\nLive voting: one API process, one open poll; ${formatRate(SCREENS)} screens on its live results (SSE, a connection and an address each, in a child process), ` +
      `then votes on an open-loop schedule at ${formatRate(VOTES_PER_SECOND)}/s for ${VOTE_SECONDS} s, each from a voter and an address of its own; loopback.`,
  );
  printRunSetup(rows, loadAtStart, pinned, 'the voters and the screens');
  const table = rows.map((row) => [
    row.database,
    `${formatRate(row.screens.connected)} / ${formatRate(SCREENS)}`,
    `${formatRate(row.votes.sentPerSecond)}/s (late ≤ ${ms(row.votes.worstLateMs)})`,
    `${formatRate(row.votes.answered)} / ${formatRate(row.votes.sent)}`,
    `${ms(row.votes.answerP50Ms)} / ${ms(row.votes.answerP95Ms)} / ${ms(row.votes.answerP99Ms)}`,
    `${formatRate(row.counted)}`,
    `${ms(row.delivery.worstP50Ms)} / ${ms(row.delivery.worstP95Ms)} / ${ms(row.delivery.worstMaxMs)}`,
    `${ms(row.delivery.pairs.p50Ms)} / ${ms(row.delivery.pairs.p95Ms)} / ${ms(row.delivery.pairs.maxMs)}`,
    `${row.delivery.messagesPerSecond.median.toFixed(1)} (${row.delivery.messagesPerSecond.min.toFixed(1)}–${row.delivery.messagesPerSecond.max.toFixed(1)})`,
    `${Math.round(row.rss.beforeScreensKiB / 1024)} → ${Math.round(row.rss.connectedKiB / 1024)} MiB, ${row.rss.perScreenKiB.toFixed(1)} KiB`,
  ]);
  console.log(
    `\n${markdownTable(
      [
        'Database',
        'screens',
        'votes sent',
        '2xx',
        'answer p50/p95/p99',
        'voters counted',
        '2xx → last screen p50/p95/max',
        '2xx → each screen p50/p95/max',
        'messages/s a screen',
        'server RSS, per screen',
      ],
      table,
    )}\n`,
  );
  for (const row of rows) {
    console.log(
      `${row.database}: votes ${statusList(row.votes.statuses)}; after the votes the server held ${Math.round(row.rss.afterVotesKiB / 1024)} MiB; ` +
        `one push went from the first screen to the last in ${ms(row.delivery.spreadMs.median)} (median; at most ${ms(row.delivery.spreadMs.max)}); ` +
        `screens dropped ${row.delivery.dropped}, caught up with the last vote ${ms(row.screens.caughtUp.ms)} after its answer; ` +
        `one voter 200 times: ${statusList(row.invariant.oneVoter.statuses)}; 200 voters: ${statusList(row.invariant.manyVoters.statuses)}.`,
    );
  }
  const checks = rows.flatMap((row): TargetCheck[] => [
    {
      target: `${row.database}: ${formatRate(SCREENS)} screens connected to one poll while votes arrive at ${formatRate(VOTES_PER_SECOND)}/s for ${VOTE_SECONDS} s`,
      measured: `${formatRate(row.screens.connected)} connected, ${row.delivery.dropped} dropped; ${formatRate(row.votes.sent)} votes sent at ${formatRate(row.votes.sentPerSecond)}/s`,
      met: row.screens.connected === SCREENS && row.delivery.dropped === 0 && row.votes.sentPerSecond >= VOTES_PER_SECOND * 0.95,
    },
    {
      target: `${row.database}: every vote counted exactly once (voters = 2xx answers = every screen's last message)`,
      measured: `${formatRate(row.votes.answered)} answered 2xx, ${formatRate(row.counted)} voters, screens' last messages say ${formatRate(row.delivery.lastVoters.min)}–${formatRate(row.delivery.lastVoters.max)}`,
      met: row.counted === row.votes.answered && row.delivery.lastVoters.min === row.counted && row.delivery.lastVoters.max === row.counted,
    },
    {
      target: `${row.database}: a vote's 2xx to its appearance at every connected screen, p95 <= ${ms(TARGET_P95_MS)}`,
      measured: `p95 ${ms(row.delivery.worstP95Ms)} (max ${ms(row.delivery.worstMaxMs)}); ${row.delivery.votesNotEverywhere} votes never reached every screen`,
      met: row.delivery.worstP95Ms !== null && row.delivery.worstP95Ms <= TARGET_P95_MS && row.delivery.votesNotEverywhere === 0,
    },
    {
      target: `${row.database}: results pushed in batches, <= ${MAX_MESSAGES_PER_SECOND} messages a second per screen`,
      measured: `median ${row.delivery.messagesPerSecond.median.toFixed(1)}, most ${row.delivery.messagesPerSecond.max.toFixed(1)} (votes: ${formatRate(VOTES_PER_SECOND)}/s)`,
      met: row.delivery.messagesPerSecond.max <= MAX_MESSAGES_PER_SECOND,
    },
    {
      target: `${row.database}: ${PARALLEL} parallel votes from one voter token count once`,
      measured: row.invariant.oneVoter.voters === 1 ? 'yes' : `no: ${row.invariant.oneVoter.voters} voters`,
      met: row.invariant.oneVoter.voters === 1,
    },
    {
      target: `${row.database}: ${PARALLEL} voters voting in parallel count ${PARALLEL}`,
      measured: row.invariant.manyVoters.voters === PARALLEL ? 'yes' : `no: ${row.invariant.manyVoters.voters} voters`,
      met: row.invariant.manyVoters.voters === PARALLEL,
    },
  ]);
  console.log(targetLines(checks));
  console.log(
    `\nJSON: ${writeResults('voting', { measuredAt: new Date().toISOString(), node: process.version, cpus: cpus().length, pinned, loadAverageAtStart: loadAtStart, rows, checks })}`,
  );
}
