import { Readable } from 'node:stream';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Zip, ZipDeflate } from 'fflate';
import { POLL_RESULTS_CSV_COLUMNS, POLL_VOTES_CSV_COLUMNS, type PollBallot, type PollExportQuery, type PollTerms } from '@qr/contracts';
import { Base64Encoder, csvLine } from '../customers';
import { datedStem } from '../http/named-csv-export';
import { type Caller, OrganizationReads } from '../identity';
import { PollAccess } from './poll-access';
import { PollReads, type PollRow } from './poll-reads';
import { VoterTokens } from './voter-tokens';

/** A poll's export: the CSV of votes (base64, as the promo and loyalty exports send theirs) or a zip of results.csv and votes.csv. */
export interface PollExport {
  format: PollExportQuery['format'];
  /** `question_date`, the file's name without its extension. */
  stem: string;
  /** Votes in the export (every round's). */
  rows: number;
  body: Readable;
}

export class ExportPoll extends Query<PollExport> {
  constructor(
    readonly caller: Caller,
    readonly pollId: string,
    readonly format: PollExportQuery['format'],
  ) {
    super();
  }
}

/** Votes read per query: a page stays well under a megabyte. */
const CSV_PAGE_SIZE = 2000;
const LIST_SEPARATOR = '; ';

@QueryHandler(ExportPoll)
export class ExportPollHandler implements IQueryHandler<ExportPoll> {
  constructor(
    private readonly access: PollAccess,
    private readonly reads: PollReads,
    private readonly tokens: VoterTokens,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ caller, pollId, format }: ExportPoll): Promise<PollExport> {
    const poll = await this.access.reader(caller, pollId);
    const stem = datedStem(poll.terms.question, await this.organizations.timeZoneOf(poll.org_id));
    const rounds = await this.reads.everyRound(poll);
    const rows = rounds.reduce((sum, round) => sum + round.voters, 0);
    const votes = voteLines(this.reads, this.tokens, poll);
    if (format === 'csv') return { format, stem, rows, body: Readable.from(votes, { highWaterMark: 1 }).pipe(new Base64Encoder()) };
    const results =
      csvLine(POLL_RESULTS_CSV_COLUMNS) +
      rounds.map((round) => round.tally.map((line) => csvLine([round.round, round.voters, line.key, line.label, line.votes])).join('')).join('');
    return { format, stem, rows, body: Readable.from(zipOf(results, votes), { highWaterMark: 1 }) };
  }
}

/** A ballot's three answers as the CSV shows them: the options' labels, the rating, the words. */
function answersOf(terms: PollTerms, ballot: PollBallot): [string, number | null, string] {
  const labels = ballot.choices.map((id) => terms.options.find((option) => option.id === id)?.label ?? id);
  return [labels.join(LIST_SEPARATOR), ballot.rating, ballot.words.join(LIST_SEPARATOR)];
}

/** The header, then every round's votes, keyset pages in (round, voter) order. */
async function* voteLines(reads: PollReads, tokens: VoterTokens, poll: PollRow): AsyncGenerator<string> {
  yield csvLine(POLL_VOTES_CSV_COLUMNS);
  let after = { round: 0, voter: '' };
  for (;;) {
    const votes = await reads.votePage(poll.poll_id, after, CSV_PAGE_SIZE);
    if (votes.length === 0) return;
    const lines = await Promise.all(
      votes.map(async (vote) =>
        csvLine([
          vote.round,
          await tokens.exportNameOf(vote.voter),
          ...answersOf(poll.terms, vote.ballot),
          vote.first_at.toISOString(),
          vote.voted_at.toISOString(),
          vote.changes,
        ]),
      ),
    );
    yield lines.join('');
    after = votes.at(-1)!;
  }
}

/** A zip of results.csv and votes.csv, the votes deflated a page at a time as they are read. */
async function* zipOf(results: string, votes: AsyncIterable<string>): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const take = () => {
    if (failure) throw failure;
    return Buffer.concat(out.splice(0));
  };
  const resultsFile = new ZipDeflate('results.csv', { level: 6 });
  zip.add(resultsFile);
  resultsFile.push(Buffer.from(results), true);
  const votesFile = new ZipDeflate('votes.csv', { level: 6 });
  zip.add(votesFile);
  for await (const lines of votes) {
    votesFile.push(Buffer.from(lines));
    yield take();
  }
  votesFile.push(new Uint8Array(0), true);
  zip.end();
  yield take();
}
