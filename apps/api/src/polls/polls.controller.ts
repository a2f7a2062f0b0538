import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatePollBody,
  ListPollsQuery,
  PollActionPath,
  PollExportQuery,
  PollPath,
  UpdatePollBody,
  type PollListView,
  type PollResultsView,
  type PollView,
} from '@qr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentNamed } from '../http/attachment';
import { namedCsvFile } from '../http/named-csv-export';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ExportPoll } from './poll-export';
import { PollAccess } from './poll-access';
import { PollLiveFeed } from './poll-live-feed';
import { ChangePollCommand, CreatePollCommand } from './polls.handlers';
import { GetPoll, GetPollResults, ListPolls } from './polls.queries';

const pollPath = new ZodValidationPipe(PollPath, 'path');

/** Spec §1 live voting: an organisation's polls on its codes, their switches, live results and exports. */
@Controller('api/v1/polls')
@ReadModels(...CALLER_ROLES, 'polls')
@UseGuards(AuthenticationGuard)
export class PollsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly access: PollAccess,
    private readonly feed: PollLiveFeed,
  ) {}

  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreatePollBody, 'body')) body: CreatePollBody): Promise<PollView> {
    return this.commands.execute(new CreatePollCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListPollsQuery, 'query')) query: ListPollsQuery): Promise<PollListView> {
    return this.queries.execute(new ListPolls(caller, query));
  }

  @Get(':poll_id')
  get(@CurrentCaller() caller: Caller, @Param(pollPath) { poll_id }: PollPath): Promise<PollView> {
    return this.queries.execute(new GetPoll(caller, poll_id));
  }

  @Put(':poll_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(pollPath) { poll_id }: PollPath,
    @Body(new ZodValidationPipe(UpdatePollBody, 'body')) terms: UpdatePollBody,
  ): Promise<PollView> {
    await this.commands.execute(new ChangePollCommand(caller, poll_id, { type: 'UpdatePoll', terms }));
    return this.queries.execute(new GetPoll(caller, poll_id));
  }

  @Delete(':poll_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(pollPath) { poll_id }: PollPath): Promise<void> {
    await this.commands.execute(new ChangePollCommand(caller, poll_id, { type: 'DeletePoll' }));
  }

  @Get(':poll_id/results')
  results(@CurrentCaller() caller: Caller, @Param(pollPath) { poll_id }: PollPath): Promise<PollResultsView> {
    return this.queries.execute(new GetPollResults(caller, poll_id));
  }

  /** The presenter's stream: the results even while voters do not see them. */
  @Get(':poll_id/live')
  async live(
    @CurrentCaller() caller: Caller,
    @Param(pollPath) { poll_id }: PollPath,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.access.reader(caller, poll_id);
    await this.feed.open(poll_id, 'staff', request, reply);
  }

  @Get(':poll_id/export')
  async export(
    @CurrentCaller() caller: Caller,
    @Param(pollPath) { poll_id }: PollPath,
    @Query(new ZodValidationPipe(PollExportQuery, 'query')) { format }: PollExportQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const exported = await this.queries.execute(new ExportPoll(caller, poll_id, format));
    if (exported.format === 'csv') return namedCsvFile(reply, exported, 'poll-votes');
    void reply.header('content-disposition', attachmentNamed(exported.stem, 'zip', 'poll')).header('cache-control', 'no-store');
    return new StreamableFile(exported.body, { type: 'application/zip' });
  }

  @Post(':poll_id/:action')
  @HttpCode(200)
  async act(@CurrentCaller() caller: Caller, @Param(new ZodValidationPipe(PollActionPath, 'path')) { poll_id, action }: PollActionPath): Promise<PollView> {
    await this.commands.execute(new ChangePollCommand(caller, poll_id, { type: 'ChangePoll', action }));
    return this.queries.execute(new GetPoll(caller, poll_id));
  }
}
