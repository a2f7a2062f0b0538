import { Inject, Injectable } from '@nestjs/common';
import {
  WORD_CLOUD_TOP,
  pollVoterPath,
  type PollBallot,
  type PollResultsView,
  type PollStatus,
  type PollTally,
  type PollTerms,
  type PollView,
} from '@qr/contracts';
import { checkpointOfAppend, type AppendResult } from '@qr/eventstore';
import type { SqlClient } from '@qr/platform';
import { polls } from '@qr/projections-engagement';
import type { ProjectionRunner } from '@qr/projections-runner';
import { READ_YOUR_WRITES_DEFAULTS } from '../http/read-your-writes';
import { PROJECTION_RUNNER, SQL_CLIENT } from '../infrastructure';

/** A row of the `polls` read model with its current round's voter count and rating sum. */
export interface PollRow {
  poll_id: string;
  org_id: string;
  code_id: string;
  terms: PollTerms;
  status: PollStatus | 'deleted';
  results_hidden: boolean;
  round: number;
  voters: number;
  rating_sum: number;
  created_at: Date;
  updated_at: Date;
}

/** The keys a round counted and how often. */
export type RoundCounts = ReadonlyMap<string, number>;

const SELECT_POLLS = `SELECT p.poll_id, p.org_id, p.code_id, p.terms, p.status, p.results_hidden, p.round, p.created_at, p.updated_at,
       coalesce(r.voters, 0)::int AS voters, coalesce(r.rating_sum, 0)::float8 AS rating_sum
  FROM polls p LEFT JOIN poll_rounds r ON r.poll_id = p.poll_id AND r.round = p.round`;

/**
 * A round's results as every screen shows them: a choice poll's options in order and a rating's
 * values from 1, counted or not, so bars keep their places; a word cloud's most given words.
 * `wordsShown` null lists every word (the export).
 */
export function resultsOf(
  pollId: string,
  terms: PollTerms,
  round: { round: number; voters: number; rating_sum: number },
  counts: RoundCounts,
  wordsShown: number | null = WORD_CLOUD_TOP,
): PollResultsView {
  const line = (key: string, label: string): PollTally => ({ key, label, votes: counts.get(key) ?? 0 });
  let tally: PollTally[];
  switch (terms.kind) {
    case 'single':
    case 'multiple':
      tally = terms.options.map((option) => line(option.id, option.label));
      break;
    case 'rating':
      tally = Array.from({ length: terms.rating_max }, (_, i) => line(String(i + 1), String(i + 1)));
      break;
    case 'word_cloud':
      tally = [...counts]
        .filter(([, votes]) => votes > 0)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .slice(0, wordsShown ?? undefined)
        .map(([word, votes]) => ({ key: word, label: word, votes }));
      break;
  }
  const average = terms.kind === 'rating' && round.voters > 0 ? round.rating_sum / round.voters : null;
  return { poll_id: pollId, round: round.round, voters: round.voters, tally, average };
}

export function pollViewOf(row: PollRow): PollView {
  return {
    ...row.terms,
    poll_id: row.poll_id,
    org_id: row.org_id,
    code_id: row.code_id,
    status: row.status === 'deleted' ? 'closed' : row.status,
    results_hidden: row.results_hidden,
    round: row.round,
    voters: row.voters,
    voter_url: pollVoterPath(row.poll_id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The engagement context's reads of its polls read model: what staff's routes, the voters' page, the live feed and the export read. */
@Injectable()
export class PollReads {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  /** Waits, bounded, until the polls read model holds the append, so the screen's next read finds it. */
  async reached(appended: AppendResult | null): Promise<void> {
    if (appended) await this.projections.waitFor(checkpointOfAppend(appended), [polls.name], READ_YOUR_WRITES_DEFAULTS.commandWaitMs);
  }

  /** The poll, deleted or not. */
  async poll(pollId: string): Promise<PollRow | null> {
    return (await this.polls([pollId]))[0] ?? null;
  }

  /** The polls among `pollIds` (deleted ones too), in one query. */
  async polls(pollIds: readonly string[]): Promise<PollRow[]> {
    const { rows } = await this.db.query<PollRow>(`${SELECT_POLLS} WHERE p.poll_id = ANY($1::uuid[])`, [pollIds]);
    return rows;
  }

  /** The organisation's polls, of one code when given, newest first. */
  async list(orgId: string, codeId: string | undefined, page: number, perPage: number): Promise<{ rows: PollRow[]; total: number }> {
    const filter = `p.org_id = $1 AND p.status <> 'deleted' AND ($2::text IS NULL OR p.code_id = $2)`;
    const [listed, counted] = await Promise.all([
      this.db.query<PollRow>(`${SELECT_POLLS} WHERE ${filter} ORDER BY p.created_at DESC, p.poll_id LIMIT $3 OFFSET $4`, [
        orgId,
        codeId ?? null,
        perPage,
        (page - 1) * perPage,
      ]),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM polls p WHERE ${filter}`, [orgId, codeId ?? null]),
    ]);
    return { rows: listed.rows, total: counted.rows[0]?.n ?? 0 };
  }

  /** The current round's counts of each poll among `pollIds`, in one query: the live feed reads many polls at once. */
  async currentCounts(pollIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
    const { rows } = await this.db.query<{ poll_id: string; key: string; votes: number }>(
      `SELECT t.poll_id, t.key, t.votes FROM poll_tallies t JOIN polls p ON p.poll_id = t.poll_id AND p.round = t.round
        WHERE t.poll_id = ANY($1::uuid[]) AND t.votes > 0`,
      [pollIds],
    );
    const counts = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const poll = counts.get(row.poll_id) ?? new Map<string, number>();
      counts.set(row.poll_id, poll.set(row.key, row.votes));
    }
    return counts;
  }

  /** The current round's results of a poll. */
  async results(row: PollRow): Promise<PollResultsView> {
    const counts = (await this.currentCounts([row.poll_id])).get(row.poll_id) ?? new Map<string, number>();
    return resultsOf(row.poll_id, row.terms, row, counts);
  }

  /** Every round's results, oldest first, every word of a word cloud: the export's results.csv. */
  async everyRound(row: PollRow): Promise<PollResultsView[]> {
    const [rounds, tallies] = await Promise.all([
      this.db.query<{ round: number; voters: number; rating_sum: number }>(
        'SELECT round, voters, rating_sum::float8 AS rating_sum FROM poll_rounds WHERE poll_id = $1 ORDER BY round',
        [row.poll_id],
      ),
      this.db.query<{ round: number; key: string; votes: number }>('SELECT round, key, votes FROM poll_tallies WHERE poll_id = $1 AND votes > 0', [
        row.poll_id,
      ]),
    ]);
    return rounds.rows.map((round) => {
      const counts = new Map(tallies.rows.filter((tally) => tally.round === round.round).map((tally) => [tally.key, tally.votes]));
      return resultsOf(row.poll_id, row.terms, round, counts, null);
    });
  }

  async voteOf(pollId: string, round: number, voter: string): Promise<PollBallot | null> {
    const { rows } = await this.db.query<{ ballot: PollBallot }>('SELECT ballot FROM poll_votes WHERE poll_id = $1 AND round = $2 AND voter = $3', [
      pollId,
      round,
      voter,
    ]);
    return rows[0]?.ballot ?? null;
  }

  /** A page of the poll's votes in (round, voter) order after the given key: the export's keyset. */
  async votePage(pollId: string, after: { round: number; voter: string }, size: number): Promise<VoteRow[]> {
    const { rows } = await this.db.query<VoteRow>(
      `SELECT round, voter, ballot, changes, first_at, voted_at FROM poll_votes
        WHERE poll_id = $1 AND (round, voter) > ($2, $3) ORDER BY round, voter LIMIT $4`,
      [pollId, after.round, after.voter, size],
    );
    return rows;
  }
}

export interface VoteRow {
  round: number;
  voter: string;
  ballot: PollBallot;
  changes: number;
  first_at: Date;
  voted_at: Date;
}
