import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PagePath, PublicPagePath, SubmitBody, type PublicPageView } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { UploadedImages } from '../uploads/uploaded-images';
import { PageDirectory } from './page-directory';
import { SubmitFormCommand } from './pages.handlers';

/** Long enough to read the page; it asks again when opened again. */
const IMAGE_LINK_SECONDS = 3600;

/** What a visitor's `/page/{id}` reads and where its form goes: no sign-in, rate-limited like every public route. */
@Controller('api/v1/public/pages')
export class PublicPagesController {
  constructor(
    private readonly pages: PageDirectory,
    private readonly commands: CommandBus,
    private readonly uploads: UploadedImages,
  ) {}

  @Get(':id')
  async get(@Param(new ZodValidationPipe(PublicPagePath, 'path')) { id }: PublicPagePath): Promise<PublicPageView> {
    const { org_id: orgId, ...page } = await this.pages.open(id);
    const blobIds = [...new Set(page.blocks.flatMap((block) => (block.kind === 'image' ? [block.blob_id] : [])))];
    const links = await Promise.all(blobIds.map((blobId) => this.uploads.link({ orgId, blobId }, IMAGE_LINK_SECONDS)));
    return { ...page, image_urls: Object.fromEntries(blobIds.map((blobId, index) => [blobId, links[index]!.url])) };
  }

  /** Spec §7 "append submit": 400 with every bad answer by name, or 204 once the submission is durable. */
  @Post(':page_id/submissions')
  @HttpCode(204)
  async submit(@Param(new ZodValidationPipe(PagePath, 'path')) { page_id }: PagePath, @Body(new ZodValidationPipe(SubmitBody, 'body')) body: SubmitBody): Promise<void> {
    await this.commands.execute(new SubmitFormCommand(page_id, body));
  }
}
