import { Command, CommandHandler, Query, QueryBus, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type CastVoteBody, type CastVoteView, type PublicPollView } from '@qr/contracts';
import { pollNotFound } from '@qr/domain';
import { GetPublicOrganization } from '../identity';
import { PollDecisions } from './poll-decisions';
import { PollReads } from './poll-reads';
import { VoterTokens } from './voter-tokens';

/** A voter's vote at `/live-voting/{id}`: the token the server signed is the voter. */
export class CastVoteCommand extends Command<CastVoteView> {
  constructor(
    readonly pollId: string,
    readonly body: CastVoteBody,
  ) {
    super();
  }
}

/** What the voters' page shows; a token the server did not sign for this poll is replaced by a new one. */
export class GetPublicPoll extends Query<PublicPollView> {
  constructor(
    readonly pollId: string,
    readonly voterToken: string | undefined,
  ) {
    super();
  }
}

/**
 * Decided on the poll's serialised stream with the votes around it, answered once durable. A repeat
 * of the voter's vote decides nothing, so it appends nothing and answers `changed: false`.
 */
@CommandHandler(CastVoteCommand)
export class CastVoteHandler implements ICommandHandler<CastVoteCommand> {
  constructor(
    private readonly tokens: VoterTokens,
    private readonly decisions: PollDecisions,
    private readonly reads: PollReads,
  ) {}

  async execute({ pollId, body }: CastVoteCommand): Promise<CastVoteView> {
    const { voter_token, ...ballot } = body;
    const voter = await this.tokens.visitorOf(pollId, voter_token);
    if (voter === null) throw await this.refusalOfToken(pollId);
    const { events, answer } = await this.decisions.decide(pollId, { type: 'CastVote', voter, ballot, at: new Date().toISOString() });
    if (answer.my_vote === null) throw new Error('A vote decided without the voter’s vote to answer with');
    const cast = events.find((event) => event.type === 'VoteCast');
    return { poll_id: pollId, round: answer.round, my_vote: answer.my_vote, changed: cast !== undefined && cast.data.replaced !== null };
  }

  /** A token is bound to its poll, so one sent to an unknown or deleted poll is refused as the poll is: 404 before 400. */
  private async refusalOfToken(pollId: string): Promise<DomainError> {
    const poll = await this.reads.poll(pollId);
    if (!poll || poll.status === 'deleted') return pollNotFound();
    return new DomainError('voter_token_invalid', 'This voter token is not one the server gave for this poll: reload the page.', { field: 'body.voter_token' });
  }
}

@QueryHandler(GetPublicPoll)
export class GetPublicPollHandler implements IQueryHandler<GetPublicPoll> {
  constructor(
    private readonly tokens: VoterTokens,
    private readonly reads: PollReads,
    private readonly queries: QueryBus,
  ) {}

  async execute({ pollId, voterToken }: GetPublicPoll): Promise<PublicPollView> {
    const poll = await this.reads.poll(pollId);
    if (!poll || poll.status === 'deleted') throw pollNotFound();
    const voter = voterToken === undefined ? null : await this.tokens.visitorOf(pollId, voterToken);
    const [owner, results, myVote] = await Promise.all([
      this.queries.execute(new GetPublicOrganization(poll.org_id)),
      poll.results_hidden ? null : this.reads.results(poll),
      voter === null ? null : this.reads.voteOf(pollId, poll.round, voter),
    ]);
    const { question, kind, options, max_choices, rating_max, allow_change } = poll.terms;
    return {
      poll_id: pollId,
      code_id: poll.code_id,
      question,
      kind,
      options,
      max_choices,
      rating_max,
      allow_change,
      status: poll.status,
      results_hidden: poll.results_hidden,
      results,
      voter_token: voter === null ? await this.tokens.issue(pollId) : voterToken!,
      my_vote: myVote,
      owner,
    };
  }
}
