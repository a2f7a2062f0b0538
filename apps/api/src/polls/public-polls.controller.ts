import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CastVoteBody, PollPath, PublicPollQuery, type CastVoteView, type PublicPollView } from '@qr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { PollLiveFeed } from './poll-live-feed';
import { CastVoteCommand, GetPublicPoll } from './public-polls.handlers';

const pollPath = new ZodValidationPipe(PollPath, 'path');

/**
 * The voters' side of a poll (spec §2 `/live-voting/{id}`, §7 "append vote and get votes"): no
 * sign-in, the voter token the phone keeps is the voter; rate-limited per address like every public route.
 */
@Controller('api/v1/public/polls')
@ReadModels('polls')
export class PublicPollsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly feed: PollLiveFeed,
  ) {}

  @Get(':poll_id')
  poll(
    @Param(pollPath) { poll_id }: PollPath,
    @Query(new ZodValidationPipe(PublicPollQuery, 'query')) { voter_token }: PublicPollQuery,
  ): Promise<PublicPollView> {
    return this.queries.execute(new GetPublicPoll(poll_id, voter_token));
  }

  @Post(':poll_id/votes')
  @HttpCode(200)
  vote(@Param(pollPath) { poll_id }: PollPath, @Body(new ZodValidationPipe(CastVoteBody, 'body')) body: CastVoteBody): Promise<CastVoteView> {
    return this.commands.execute(new CastVoteCommand(poll_id, body));
  }

  /** Voters' live results: null while they are hidden. */
  @Get(':poll_id/live')
  live(@Param(pollPath) { poll_id }: PollPath, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.feed.open(poll_id, 'public', request, reply);
  }
}
