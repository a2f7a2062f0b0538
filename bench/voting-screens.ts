/**
 * The voting bench's live screens (`voting.bench.ts`): a child process holding thousands of
 * server-sent event streams of one poll, so parsing their messages never delays the votes the
 * bench sends on time. Each stream comes from an address of its own, as phones do; each message
 * is kept as when it arrived, its `position` and its `results.voters`. Once the votes are in, the
 * parent sends them (position and when their 2xx came) and this process works out, per vote, when
 * the last screen had it: a screen has a vote once a message arrived whose position is at or past
 * the vote's `x-position`, compared as the server compares checkpoints.
 *
 * Talks to its parent over IPC: `connect` -> `connected`; `progress` -> `progress`; `analyse` -> `analysed`.
 */
import { Agent, get, type ClientRequest } from 'node:http';
import type { PollLiveView } from '@qr/contracts';
import { compareCheckpoints } from '@qr/eventstore';
import { addressOf } from './harness';
import { parsePosition } from './voting-wire';

export interface ConnectRequest {
  type: 'connect';
  port: number;
  pollId: string;
  screens: number;
  /** The first screen's address number: the bench's voters use other ones. */
  firstAddress: number;
}

export interface ProgressRequest {
  type: 'progress';
  /** The position every screen should reach: the last vote's. */
  position: string;
}

export interface AnalyseRequest {
  type: 'analyse';
  /** Each vote answered 2xx: its x-position and when the answer came (epoch ms, fractional). */
  positions: string[];
  answeredAt: number[];
  /** The span the votes were sent in: messages per second are counted inside it. */
  from: number;
  to: number;
}

export type ScreensRequest = ConnectRequest | ProgressRequest | AnalyseRequest | { type: 'close' };

export interface Connected {
  type: 'connected';
  connected: number;
  failed: number;
  ms: number;
}

export interface Progress {
  type: 'progress';
  /** Screens whose latest position is at or past the one asked about. */
  reached: number;
  /** Screens whose stream ended or failed since they connected. */
  dropped: number;
}

export interface Analysed {
  type: 'analysed';
  /** Per vote, in the order sent: from its 2xx to the last screen having it, in ms (0 when a screen had it first); null when a screen never had it. */
  worstMs: (number | null)[];
  /** Over every (vote, screen) pair that arrived. */
  pairs: { count: number; missing: number; p50Ms: number; p95Ms: number; maxMs: number };
  /** Messages each screen received per second while the votes came: the median, the least and the most. */
  messagesPerSecond: { median: number; min: number; max: number };
  /** From the first screen to the last receiving one push (a position), the median and the most over the pushes: the server's writes and this process's reads. */
  spreadMs: { median: number; max: number };
  /** What the screens' last messages said: the least and the most voters, over how many screens. */
  lastVoters: { min: number; max: number; screens: number };
  dropped: number;
}

/** Connections opened at once: the server's listen backlog (511) must not overflow. */
const OPENING_AT_ONCE = 100;
/** The pairs' latency histogram: 1 ms buckets, the last one holding everything longer. */
const HISTOGRAM_MS = 60_000;

const now = () => performance.timeOrigin + performance.now();

interface Screen {
  times: number[];
  positions: string[];
  lastVoters: number | null;
  ended: boolean;
}

const screens: Screen[] = [];
/** Every stream's request, connected or not, to close them all at the end. */
const requests: ClientRequest[] = [];
// A socket per stream: a kept-alive pool would queue streams behind each other.
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

function open({ port, pollId }: ConnectRequest, address: string): Promise<Screen | null> {
  return new Promise((resolve) => {
    const screen: Screen = { times: [], positions: [], lastVoters: null, ended: false };
    let settled = false;
    const settle = (value: Screen | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const request = get(
      { host: '127.0.0.1', port, path: `/api/v1/public/polls/${pollId}/live`, agent, headers: { accept: 'text/event-stream', 'x-forwarded-for': address } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return settle(null);
        }
        response.setEncoding('utf8');
        let pending = '';
        response.on('data', (chunk: string) => {
          const at = now();
          pending += chunk;
          for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            for (const line of block.split('\n')) {
              if (!line.startsWith('data: ')) continue;
              const view = JSON.parse(line.slice(6)) as PollLiveView;
              screen.times.push(at);
              screen.positions.push(view.position);
              screen.lastVoters = view.results?.voters ?? null;
              settle(screen);
            }
          }
        });
        const ended = () => {
          screen.ended = true;
          settle(null);
        };
        response.on('end', ended);
        response.on('error', ended);
      },
    );
    request.on('error', () => {
      screen.ended = true;
      settle(null);
    });
    requests.push(request);
  });
}

async function connect(request: ConnectRequest): Promise<Connected> {
  const started = now();
  let next = 0;
  let failed = 0;
  const opener = async () => {
    while (next < request.screens) {
      const screen = await open(request, addressOf(request.firstAddress + next++));
      if (screen) screens.push(screen);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
  return { type: 'connected', connected: screens.length, failed, ms: now() - started };
}

function progress({ position }: ProgressRequest): Progress {
  const target = parsePosition(position);
  let reached = 0;
  for (const screen of screens) {
    const last = screen.positions.at(-1);
    if (last && compareCheckpoints(parsePosition(last), target) >= 0) reached++;
  }
  return { type: 'progress', reached, dropped: screens.filter((screen) => screen.ended).length };
}

/**
 * Positions become ranks (every distinct one the votes and the messages name, in checkpoint order),
 * so the sweep over 5,000 screens × 10,000 votes compares integers; each screen's messages are
 * swept with its running maximum, as a screen keeps what it has once it has it.
 */
function analyse({ positions, answeredAt, from, to }: AnalyseRequest): Analysed {
  const distinct = new Set(positions);
  for (const screen of screens) for (const position of screen.positions) distinct.add(position);
  const ordered = [...distinct].map((token) => ({ token, checkpoint: parsePosition(token) }));
  ordered.sort((a, b) => compareCheckpoints(a.checkpoint, b.checkpoint));
  const rank = new Map(ordered.map(({ token }, i) => [token, i]));

  const votes = positions.map((position, i) => ({ rank: rank.get(position)!, i })).sort((a, b) => a.rank - b.rank);
  const worst = new Float64Array(positions.length);
  const reachedBy = new Uint32Array(positions.length);
  const histogram = new Uint32Array(HISTOGRAM_MS + 1);
  let maxMs = 0;
  const rates: number[] = [];
  /** Per position pushed while the votes came, when the first and the last screen received it. */
  const reception = new Map<string, { first: number; last: number; screens: number }>();
  for (const screen of screens) {
    let j = 0;
    let best = -1;
    let inWindow = 0;
    for (let k = 0; k < screen.positions.length; k++) {
      const at = screen.times[k]!;
      if (at >= from && at <= to) {
        inWindow++;
        const push = reception.get(screen.positions[k]!) ?? { first: at, last: at, screens: 0 };
        reception.set(screen.positions[k]!, { first: Math.min(push.first, at), last: Math.max(push.last, at), screens: push.screens + 1 });
      }
      best = Math.max(best, rank.get(screen.positions[k]!)!);
      while (j < votes.length && votes[j]!.rank <= best) {
        const vote = votes[j++]!.i;
        const ms = Math.max(0, at - answeredAt[vote]!);
        if (ms > worst[vote]!) worst[vote] = ms;
        reachedBy[vote]!++;
        histogram[Math.min(HISTOGRAM_MS, Math.floor(ms))]!++;
        if (ms > maxMs) maxMs = ms;
      }
    }
    rates.push(inWindow / ((to - from) / 1000));
  }
  const count = histogram.reduce((sum, n) => sum + n, 0);
  const percentileMs = (p: number) => {
    const wanted = Math.ceil((p / 100) * count);
    let seen = 0;
    for (let ms = 0; ms <= HISTOGRAM_MS; ms++) if ((seen += histogram[ms]!) >= wanted) return ms;
    return HISTOGRAM_MS;
  };
  rates.sort((a, b) => a - b);
  // Pushes every screen received: a screen's first message (its state when it joined) is no push.
  const spreads = [...reception.values()].filter((push) => push.screens === screens.length).map((push) => push.last - push.first);
  spreads.sort((a, b) => a - b);
  const voters = screens.map((screen) => screen.lastVoters ?? -1);
  return {
    type: 'analysed',
    worstMs: Array.from(worst, (ms, i) => (reachedBy[i] === screens.length ? ms : null)),
    pairs: { count, missing: positions.length * screens.length - count, p50Ms: percentileMs(50), p95Ms: percentileMs(95), maxMs },
    messagesPerSecond: { median: rates[Math.floor(rates.length / 2)] ?? 0, min: rates[0] ?? 0, max: rates.at(-1) ?? 0 },
    spreadMs: { median: spreads[Math.floor(spreads.length / 2)] ?? 0, max: spreads.at(-1) ?? 0 },
    lastVoters: { min: Math.min(...voters), max: Math.max(...voters), screens: screens.length },
    dropped: screens.filter((screen) => screen.ended).length,
  };
}

process.on('message', (message: ScreensRequest) => {
  const reply = (answer: Connected | Progress | Analysed) => process.send!(answer);
  switch (message.type) {
    case 'connect':
      return void connect(message).then(reply);
    case 'progress':
      return reply(progress(message));
    case 'analyse':
      return reply(analyse(message));
    case 'close':
      for (const request of requests) request.destroy();
      return process.disconnect();
  }
});
