import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  NamedPagePath,
  PagePath,
  PublicPagePath,
  ReturnPageBody,
  SubmitBody,
  type PublicPageView,
  type ReturnPageView,
  type SuccessPageView,
} from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { PageDirectory } from './page-directory';
import { SubmitFormCommand } from './pages.handlers';
import { FindReturningVisitor } from './pages.queries';
import { PublicPageViews } from './public-page-views';
import { ReadModels } from '../http/read-models.decorator';

/** What a visitor's `/page/{id}` reads and where its form goes: no sign-in, rate-limited like every public route. */
@Controller('api/v1/public/pages')
@ReadModels('pages', 'codes', 'organizations', 'submissions')
export class PublicPagesController {
  constructor(
    private readonly pages: PageDirectory,
    private readonly views: PublicPageViews,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id')
  async get(@Param(new ZodValidationPipe(PublicPagePath, 'path')) { id }: PublicPagePath): Promise<PublicPageView> {
    return this.views.of(await this.pages.open(id));
  }

  /** Spec §7 "get success page". */
  @Get(':id/success')
  async success(@Param(new ZodValidationPipe(PublicPagePath, 'path')) { id }: PublicPagePath): Promise<SuccessPageView> {
    return this.views.successOf(await this.pages.open(id));
  }

  /** Spec §7 "return page": a POST, so the email or phone stays out of addresses and access logs. */
  @Post(':id/return')
  @HttpCode(200)
  async returning(
    @Param(new ZodValidationPipe(PublicPagePath, 'path')) { id }: PublicPagePath,
    @Body(new ZodValidationPipe(ReturnPageBody, 'body')) who: ReturnPageBody,
  ): Promise<ReturnPageView> {
    return this.queries.execute(new FindReturningVisitor(id, who));
  }

  /** Spec §7 "append submit": 400 with every bad answer by name, or 204 once the submission is durable. */
  @Post(':page_id/submissions')
  @HttpCode(204)
  async submit(
    @Param(new ZodValidationPipe(PagePath, 'path')) { page_id }: PagePath,
    @Body(new ZodValidationPipe(SubmitBody, 'body')) body: SubmitBody,
  ): Promise<void> {
    await this.commands.execute(new SubmitFormCommand(page_id, body));
  }
}

/** A visitor's `/p/{name}`. */
@Controller('api/v1/public/named-pages')
@ReadModels('pages', 'codes', 'organizations')
export class PublicNamedPagesController {
  constructor(
    private readonly pages: PageDirectory,
    private readonly views: PublicPageViews,
  ) {}

  @Get(':name')
  async get(@Param(new ZodValidationPipe(NamedPagePath, 'path')) { name }: NamedPagePath): Promise<PublicPageView> {
    return this.views.of(await this.pages.openNamed(name));
  }
}
