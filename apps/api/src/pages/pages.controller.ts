import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreatePageBody,
  ListPagesQuery,
  ListSubmissionsQuery,
  PagePath,
  UpdatePageBody,
  type PageCreatedView,
  type PageView,
  type SubmissionListView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { ChangePageCommand, CreatePageCommand } from './pages.handlers';
import { GetPage, ListPages, ListSubmissions } from './pages.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const pagePath = new ZodValidationPipe(PagePath, 'path');

/** Landing pages of an organisation's codes (spec §7 "Codes and pages"), and what visitors submitted. */
@Controller('api/v1/pages')
@ReadModels(...CALLER_ROLES, 'pages', 'codes', 'submissions')
@UseGuards(AuthenticationGuard)
export class PagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Spec §7 "generate page": from the default content unless the body says otherwise. */
  @Post()
  create(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(CreatePageBody, 'body')) body: CreatePageBody): Promise<PageCreatedView> {
    return this.commands.execute(new CreatePageCommand(caller, body));
  }

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListPagesQuery, 'query')) { code_id }: ListPagesQuery): Promise<PageView[]> {
    return this.queries.execute(new ListPages(caller, code_id));
  }

  @Get(':page_id')
  get(@CurrentCaller() caller: Caller, @Param(pagePath) { page_id }: PagePath): Promise<PageView> {
    return this.queries.execute(new GetPage(caller, page_id));
  }

  @Put(':page_id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param(pagePath) { page_id }: PagePath,
    @Body(new ZodValidationPipe(UpdatePageBody, 'body')) body: UpdatePageBody,
  ): Promise<PageView> {
    await this.commands.execute(new ChangePageCommand(caller, page_id, { type: 'UpdatePage', body }));
    return this.queries.execute(new GetPage(caller, page_id));
  }

  @Delete(':page_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(pagePath) { page_id }: PagePath): Promise<void> {
    await this.commands.execute(new ChangePageCommand(caller, page_id, { type: 'DeletePage' }));
  }

  /** Spec §7 "get submit data". */
  @Get(':page_id/submissions')
  submissions(
    @CurrentCaller() caller: Caller,
    @Param(pagePath) { page_id }: PagePath,
    @Query(new ZodValidationPipe(ListSubmissionsQuery, 'query')) query: ListSubmissionsQuery,
  ): Promise<SubmissionListView> {
    return this.queries.execute(new ListSubmissions(caller, page_id, query));
  }
}
