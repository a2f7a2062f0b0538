import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import {
  BaseCodeQuery,
  CreateOneTimeCodesBody,
  DOWNLOAD_ITEM_COUNT_HEADER,
  ListOneTimeCodesQuery,
  OneTimeBatchPath,
  OneTimeDownloadQuery,
  type OneTimeBatchListView,
  type OneTimeBatchView,
  type OneTimeCodeListView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { DeleteOneTimeCodesCommand, IssueOneTimeCodesCommand } from './one-time-codes.handlers';
import { GetOneTimeBatch, ListOneTimeBatches, ListOneTimeCodes } from './one-time-codes.queries';
import { OneTimeBatches } from './one-time-batches';
import { OneTimeCodeFiles } from './one-time-codes.files';
import { attachmentNamed } from '../http/attachment';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const batchPath = new ZodValidationPipe(OneTimeBatchPath, 'path');

/** One-time codes (spec §7 "Create one-time codes (base_code_id, amount)", "delete one-time codes (id)"): batches, their codes, their files. */
@Controller('api/v1/one-time-codes')
@ReadModels(...CALLER_ROLES, 'codes', 'one-time-codes')
@UseGuards(AuthenticationGuard)
export class OneTimeCodesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly batches: OneTimeBatches,
    private readonly files: OneTimeCodeFiles,
  ) {}

  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodValidationPipe(CreateOneTimeCodesBody, 'body')) body: CreateOneTimeCodesBody,
  ): Promise<OneTimeBatchView> {
    return this.commands.execute(new IssueOneTimeCodesCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(BaseCodeQuery, 'query')) query: BaseCodeQuery): Promise<OneTimeBatchListView> {
    return this.queries.execute(new ListOneTimeBatches(caller, query.base_code_id));
  }

  @Get(':batch_id')
  get(@CurrentCaller() caller: Caller, @Param(batchPath) { batch_id }: OneTimeBatchPath): Promise<OneTimeBatchView> {
    return this.queries.execute(new GetOneTimeBatch(caller, batch_id));
  }

  @Get(':batch_id/codes')
  codes(
    @CurrentCaller() caller: Caller,
    @Param(batchPath) { batch_id }: OneTimeBatchPath,
    @Query(new ZodValidationPipe(ListOneTimeCodesQuery, 'query')) query: ListOneTimeCodesQuery,
  ): Promise<OneTimeCodeListView> {
    return this.queries.execute(new ListOneTimeCodes(caller, batch_id, query));
  }

  /** The batch as a ZIP of PNGs or SVGs, or a PDF sheet; `x-item-count` says how many codes, for a progress bar. */
  @Get(':batch_id/download')
  async download(
    @CurrentCaller() caller: Caller,
    @Param(batchPath) { batch_id }: OneTimeBatchPath,
    @Query(new ZodValidationPipe(OneTimeDownloadQuery, 'query')) { format }: OneTimeDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const download = await this.files.download(await this.batches.visible(caller, batch_id), format);
    void reply
      .header(DOWNLOAD_ITEM_COUNT_HEADER, String(download.count))
      .header('content-disposition', attachmentNamed(download.name, download.extension, 'one-time-codes'))
      .header('cache-control', 'private, no-store');
    return new StreamableFile(download.body, { type: download.contentType });
  }

  @Delete(':batch_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(batchPath) { batch_id }: OneTimeBatchPath): Promise<void> {
    await this.commands.execute(new DeleteOneTimeCodesCommand(caller, batch_id));
  }
}
