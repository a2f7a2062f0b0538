import type { PollBallot } from '@qr/contracts';
import { pollStreamId, type PollEvent, type VoteCast } from '@qr/domain';
import type { Projection, RecordedEvent } from '@qr/eventstore';
import type { SqlExecutor } from '@qr/platform';

const POLL_PREFIX = pollStreamId('');

/** The keys a ballot counts under: option ids, the rating's value, or the words. */
export function ballotKeys(ballot: PollBallot): string[] {
  if (ballot.rating !== null) return [String(ballot.rating)];
  return ballot.words.length > 0 ? ballot.words : ballot.choices;
}

/**
 * Polls, their voters' votes and the results of each round (issue 57). Votes are most of what
 * arrives, a live room's worth a second: a batch's votes are summed in memory and written in three
 * statements, the other events applied in order. Nothing in a batch's sums depends on that order,
 * since a vote names its round and a reset only moves the poll to the next one.
 */
export const polls: Projection = {
  name: 'polls',
  version: 1,
  // Fed by votes: a few batches a second, still well inside the live screens' second (the bench checks it).
  wakeDelayMs: 100,
  wakeAtOnceFor: ['PollCreated', 'PollUpdated', 'PollOpened', 'PollClosed', 'PollResultsRevealed', 'PollResultsHidden', 'PollReset', 'PollDeleted'],
  eventTypes: ['PollCreated', 'PollUpdated', 'PollOpened', 'PollClosed', 'PollResultsRevealed', 'PollResultsHidden', 'PollReset', 'PollDeleted', 'VoteCast'],
  tables: {
    polls: (table) => [
      `CREATE TABLE ${table} (
         poll_id uuid PRIMARY KEY,
         org_id text NOT NULL,
         code_id text NOT NULL,
         terms jsonb NOT NULL,
         status text NOT NULL,
         results_hidden boolean NOT NULL,
         round integer NOT NULL DEFAULT 1,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      `CREATE INDEX ${table}_org ON ${table} (org_id, created_at DESC)`,
    ],
    poll_rounds: (table) => [
      `CREATE TABLE ${table} (
         poll_id uuid NOT NULL,
         round integer NOT NULL,
         voters integer NOT NULL,
         rating_sum bigint NOT NULL,
         PRIMARY KEY (poll_id, round)
       )`,
    ],
    poll_tallies: (table) => [
      `CREATE TABLE ${table} (
         poll_id uuid NOT NULL,
         round integer NOT NULL,
         key text NOT NULL,
         votes integer NOT NULL,
         PRIMARY KEY (poll_id, round, key)
       )`,
    ],
    poll_votes: (table) => [
      `CREATE TABLE ${table} (
         poll_id uuid NOT NULL,
         round integer NOT NULL,
         voter text NOT NULL,
         ballot jsonb NOT NULL,
         changes integer NOT NULL,
         first_at timestamptz NOT NULL,
         voted_at timestamptz NOT NULL,
         PRIMARY KEY (poll_id, round, voter)
       )`,
    ],
  },
  async handle(events, { tx, table }) {
    const sums = new VoteSums();
    for (const recorded of events) {
      const pollId = recorded.streamId.slice(POLL_PREFIX.length);
      if (recorded.type === 'VoteCast') sums.add(pollId, recorded.data as VoteCast['data']);
      else await apply(tx, table('polls'), pollId, recorded);
    }
    await sums.write(tx, table('poll_rounds'), table('poll_tallies'), table('poll_votes'));
  },
};

interface VoteLine {
  pollId: string;
  round: number;
  voter: string;
  ballot: PollBallot;
  changes: number;
  firstAt: string;
  at: string;
}

/** A batch's votes, summed: per round its new voters and rating sum, per key its count, per voter the last vote. */
class VoteSums {
  private readonly rounds = new Map<string, { pollId: string; round: number; voters: number; ratingSum: number }>();
  private readonly tallies = new Map<string, { pollId: string; round: number; key: string; votes: number }>();
  private readonly votes = new Map<string, VoteLine>();

  add(pollId: string, { voter, round, ballot, replaced, at }: VoteCast['data']): void {
    const roundKey = `${pollId}\n${round}`;
    const sums = this.rounds.get(roundKey) ?? { pollId, round, voters: 0, ratingSum: 0 };
    this.rounds.set(roundKey, sums);
    if (replaced === null) sums.voters++;
    sums.ratingSum += (ballot.rating ?? 0) - (replaced?.rating ?? 0);
    for (const key of ballotKeys(ballot)) this.count(pollId, round, key, 1);
    if (replaced !== null) for (const key of ballotKeys(replaced)) this.count(pollId, round, key, -1);
    const voteKey = `${roundKey}\n${voter}`;
    const earlier = this.votes.get(voteKey);
    this.votes.set(voteKey, { pollId, round, voter, ballot, changes: (earlier?.changes ?? -1) + 1, firstAt: earlier?.firstAt ?? at, at });
  }

  private count(pollId: string, round: number, key: string, votes: number): void {
    const tallyKey = `${pollId}\n${round}\n${key}`;
    const tally = this.tallies.get(tallyKey) ?? { pollId, round, key, votes: 0 };
    tally.votes += votes;
    this.tallies.set(tallyKey, tally);
  }

  async write(tx: SqlExecutor, rounds: string, tallies: string, votes: string): Promise<void> {
    if (this.votes.size === 0) return;
    const roundRows = [...this.rounds.values()];
    await tx.query(
      `INSERT INTO ${rounds} AS r (poll_id, round, voters, rating_sum)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::bigint[])
       ON CONFLICT (poll_id, round) DO UPDATE SET voters = r.voters + excluded.voters, rating_sum = r.rating_sum + excluded.rating_sum`,
      [roundRows.map((r) => r.pollId), roundRows.map((r) => r.round), roundRows.map((r) => r.voters), roundRows.map((r) => r.ratingSum)],
    );
    const tallyRows = [...this.tallies.values()].filter((t) => t.votes !== 0);
    if (tallyRows.length > 0) {
      await tx.query(
        `INSERT INTO ${tallies} AS t (poll_id, round, key, votes)
           SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[])
         ON CONFLICT (poll_id, round, key) DO UPDATE SET votes = t.votes + excluded.votes`,
        [tallyRows.map((t) => t.pollId), tallyRows.map((t) => t.round), tallyRows.map((t) => t.key), tallyRows.map((t) => t.votes)],
      );
    }
    const voteRows = [...this.votes.values()];
    await tx.query(
      `INSERT INTO ${votes} AS v (poll_id, round, voter, ballot, changes, first_at, voted_at)
         SELECT u.poll_id, u.round, u.voter, u.ballot::jsonb, u.changes, u.first_at, u.voted_at
           FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::timestamptz[])
             AS u(poll_id, round, voter, ballot, changes, first_at, voted_at)
       ON CONFLICT (poll_id, round, voter) DO UPDATE SET ballot = excluded.ballot, changes = v.changes + excluded.changes + 1, voted_at = excluded.voted_at`,
      [
        voteRows.map((v) => v.pollId),
        voteRows.map((v) => v.round),
        voteRows.map((v) => v.voter),
        voteRows.map((v) => JSON.stringify(v.ballot)),
        voteRows.map((v) => v.changes),
        voteRows.map((v) => v.firstAt),
        voteRows.map((v) => v.at),
      ],
    );
  }
}

async function apply(tx: SqlExecutor, pollTable: string, pollId: string, recorded: RecordedEvent): Promise<void> {
  const at = recorded.occurredAt;
  // Only the poll decider writes to these streams, so the payload has its shape.
  const event = { type: recorded.type, data: recorded.data } as Exclude<PollEvent, VoteCast>;
  const set = (assignments: string, params: unknown[] = []) =>
    tx.query(`UPDATE ${pollTable} SET ${assignments}, updated_at = $2 WHERE poll_id = $1`, [pollId, at, ...params]);
  switch (event.type) {
    case 'PollCreated': {
      const { org_id, code_id, terms, results_hidden } = event.data;
      await tx.query(
        `INSERT INTO ${pollTable} (poll_id, org_id, code_id, terms, status, results_hidden, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'draft', $5, $6, $6) ON CONFLICT (poll_id) DO NOTHING`,
        [pollId, org_id, code_id, JSON.stringify(terms), results_hidden, at],
      );
      return;
    }
    case 'PollUpdated':
      await set('terms = $3', [JSON.stringify(event.data.terms)]);
      return;
    case 'PollOpened':
    case 'PollClosed':
    case 'PollDeleted':
      await set('status = $3', [event.type === 'PollOpened' ? 'open' : event.type === 'PollClosed' ? 'closed' : 'deleted']);
      return;
    case 'PollResultsRevealed':
    case 'PollResultsHidden':
      await set('results_hidden = $3', [event.type === 'PollResultsHidden']);
      return;
    case 'PollReset':
      await set('round = $3', [event.data.round]);
      return;
  }
}
