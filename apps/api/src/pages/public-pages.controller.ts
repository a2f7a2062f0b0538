import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { NamedPagePath, PagePath, PublicPagePath, SubmitBody, type PublicPageView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { PageDirectory } from './page-directory';
import { SubmitFormCommand } from './pages.handlers';
import { PublicPageViews } from './public-page-views';

/** What a visitor's `/page/{id}` reads and where its form goes: no sign-in, rate-limited like every public route. */
@Controller('api/v1/public/pages')
export class PublicPagesController {
  constructor(
    private readonly pages: PageDirectory,
    private readonly views: PublicPageViews,
    private readonly commands: CommandBus,
  ) {}

  @Get(':id')
  async get(@Param(new ZodValidationPipe(PublicPagePath, 'path')) { id }: PublicPagePath): Promise<PublicPageView> {
    return this.views.of(await this.pages.open(id));
  }

  /** Spec §7 "append submit": 400 with every bad answer by name, or 204 once the submission is durable. */
  @Post(':page_id/submissions')
  @HttpCode(204)
  async submit(@Param(new ZodValidationPipe(PagePath, 'path')) { page_id }: PagePath, @Body(new ZodValidationPipe(SubmitBody, 'body')) body: SubmitBody): Promise<void> {
    await this.commands.execute(new SubmitFormCommand(page_id, body));
  }
}

/** A visitor's `/p/{name}`. */
@Controller('api/v1/public/named-pages')
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
