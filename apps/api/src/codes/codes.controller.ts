import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ChildCodesQuery,
  CodePath,
  CreateCodeBody,
  ListCodesQuery,
  OrgQuery,
  QrImageQuery,
  QrPreviewBody,
  UpdateCodeBody,
  type QrPreviewView,
  type CodeCreatedView,
  type CodeListView,
  type CodeNameView,
  type CodeView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller, GetIdentifier } from '../identity';
import { ChangeCodeCommand, CreateCodeCommand } from './codes.handlers';
import { GetCode, ListChildCodes, ListCodeNames, ListCodes } from './codes.queries';
import { QrImages } from './qr-images';
import { attachmentNamed } from '../http/attachment';
import { heldContentOf } from './code-content-text';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const codePath = new ZodValidationPipe(CodePath, 'path');

/** Dynamic QR codes (spec §7 "Codes and pages"): create, list, read, change, pause, resume, delete. */
@Controller('api/v1/codes')
@ReadModels(...CALLER_ROLES, 'codes', 'folders')
@UseGuards(AuthenticationGuard)
export class CodesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly images: QrImages,
  ) {}

  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreateCodeBody, 'body')) body: CreateCodeBody): Promise<CodeCreatedView> {
    return this.commands.execute(new CreateCodeCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListCodesQuery, 'query')) query: ListCodesQuery): Promise<CodeListView> {
    return this.queries.execute(new ListCodes(caller, query));
  }

  /** Spec §7 "get name-and-id": for pickers. */
  @Get('names')
  names(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(OrgQuery, 'query')) { org_id }: OrgQuery): Promise<CodeNameView[]> {
    return this.queries.execute(new ListCodeNames(caller, org_id));
  }

  /** The designer's live preview: the design drawn, and whether it would pass the save-time check. */
  @Post('qr-preview')
  @HttpCode(200)
  async preview(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(QrPreviewBody, 'body')) body: QrPreviewBody): Promise<QrPreviewView> {
    // A logo is read from the organisation's uploads, so the caller must belong to it.
    if (body.org_id) await this.queries.execute(new GetIdentifier(caller, body.org_id));
    return this.images.preview(body.org_id, body.design);
  }

  /** Spec §7 "get just-QR": the image in the code's design, as SVG, PNG or PDF. */
  @Get(':code_id/qr')
  async qr(
    @CurrentCaller() caller: Caller,
    @Param(codePath) { code_id }: CodePath,
    @Query(new ZodValidationPipe(QrImageQuery, 'query')) query: QrImageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string> {
    const code = await this.queries.execute(new GetCode(caller, code_id));
    const image =
      query.holds === 'content'
        ? await this.images.renderChecked(code.org_id, heldContentOf(code), code.design, query.format, query.size)
        : await this.images.render(code.org_id, code.code_id, code.design, query.format, query.size);
    void reply.header('content-type', image.contentType).header('cache-control', 'private, no-cache');
    if (query.download === 'true') void reply.header('content-disposition', attachmentNamed(code.name, image.extension, 'qr-code'));
    return image.body;
  }

  @Get(':code_id')
  get(@CurrentCaller() caller: Caller, @Param(codePath) { code_id }: CodePath): Promise<CodeView> {
    return this.queries.execute(new GetCode(caller, code_id));
  }

  /** Spec §7 "get-child (org_id, id)". */
  @Get(':code_id/children')
  children(
    @CurrentCaller() caller: Caller,
    @Param(codePath) { code_id }: CodePath,
    @Query(new ZodValidationPipe(ChildCodesQuery, 'query')) { org_id }: ChildCodesQuery,
  ): Promise<CodeView[]> {
    return this.queries.execute(new ListChildCodes(caller, code_id, org_id));
  }

  @Put(':code_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(codePath) { code_id }: CodePath,
    @Body(new ZodValidationPipe(UpdateCodeBody, 'body')) body: UpdateCodeBody,
  ): Promise<CodeView> {
    await this.commands.execute(new ChangeCodeCommand(caller, code_id, { type: 'UpdateCode', body }));
    return this.queries.execute(new GetCode(caller, code_id));
  }

  @Post(':code_id/pause')
  @HttpCode(200)
  async pause(@CurrentCaller() caller: Caller, @Param(codePath) { code_id }: CodePath): Promise<CodeView> {
    await this.commands.execute(new ChangeCodeCommand(caller, code_id, { type: 'PauseCode' }));
    return this.queries.execute(new GetCode(caller, code_id));
  }

  @Post(':code_id/resume')
  @HttpCode(200)
  async resume(@CurrentCaller() caller: Caller, @Param(codePath) { code_id }: CodePath): Promise<CodeView> {
    await this.commands.execute(new ChangeCodeCommand(caller, code_id, { type: 'ResumeCode' }));
    return this.queries.execute(new GetCode(caller, code_id));
  }

  @Delete(':code_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(codePath) { code_id }: CodePath): Promise<void> {
    await this.commands.execute(new ChangeCodeCommand(caller, code_id, { type: 'DeleteCode' }));
  }
}
