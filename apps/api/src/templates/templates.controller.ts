import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ListTemplatesQuery,
  SaveCodeAsTemplateBody,
  SubmitTemplateBody,
  TemplatePath,
  UseTemplateBody,
  type CodeCreatedView,
  type TemplateView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { AuthenticationGuard, type Caller, CurrentCaller } from '../identity';
import { DeleteTemplateCommand, SaveTemplateCommand, UseTemplateCommand } from './templates.handlers';
import { GetTemplate, ListTemplates } from './templates.queries';
import { CALLER_ROLES, ReadModels } from '../http/read-models.decorator';

const templatePath = new ZodValidationPipe(TemplatePath, 'path');

/** Spec §7 "Get templates", "Submit template": the gallery and the organisation's own, and codes made from them. */
@Controller('api/v1/templates')
@ReadModels(...CALLER_ROLES, 'templates')
@UseGuards(AuthenticationGuard)
export class TemplatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CurrentCaller() caller: Caller, @Query(new ZodValidationPipe(ListTemplatesQuery, 'query')) { org_id }: ListTemplatesQuery): Promise<TemplateView[]> {
    return this.queries.execute(new ListTemplates(caller, org_id));
  }

  /** Spec "Submit template". */
  @Post()
  submit(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SubmitTemplateBody, 'body')) body: SubmitTemplateBody): Promise<TemplateView> {
    return this.commands.execute(new SaveTemplateCommand(caller, { from: 'body', body }));
  }

  /** "Save as template" on a code: its content, design and first landing page. */
  @Post('from-code')
  fromCode(@CurrentCaller() caller: Caller, @Body(new ZodValidationPipe(SaveCodeAsTemplateBody, 'body')) body: SaveCodeAsTemplateBody): Promise<TemplateView> {
    return this.commands.execute(new SaveTemplateCommand(caller, { from: 'code', body }));
  }

  @Get(':template_id')
  get(@CurrentCaller() caller: Caller, @Param(templatePath) { template_id }: TemplatePath): Promise<TemplateView> {
    return this.queries.execute(new GetTemplate(caller, template_id));
  }

  /** "Use this template": a new code, with the template's landing page when it has one. */
  @Post(':template_id/codes')
  use(
    @CurrentCaller() caller: Caller,
    @Param(templatePath) { template_id }: TemplatePath,
    @Body(new ZodValidationPipe(UseTemplateBody, 'body')) body: UseTemplateBody,
  ): Promise<CodeCreatedView> {
    return this.commands.execute(new UseTemplateCommand(caller, template_id, body));
  }

  @Delete(':template_id')
  @HttpCode(204)
  async remove(@CurrentCaller() caller: Caller, @Param(templatePath) { template_id }: TemplatePath): Promise<void> {
    await this.commands.execute(new DeleteTemplateCommand(caller, template_id));
  }
}
