import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CodePath, PublicQrQuery } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { GetPublicCodeDesign } from './codes.queries';
import { QrImages } from './qr-images';
import { ReadModels } from '../http/read-models.decorator';

const codePath = new ZodValidationPipe(CodePath, 'path');
const noOptions = new ZodValidationPipe(PublicQrQuery, 'query');
/** The design changes rarely; a share page opened again within minutes needs no new drawing. */
const IMAGE_MAX_AGE_SECONDS = 300;
/**
 * Served from the app's own origin, so opened on its own it is a document there: the SVG carries
 * no script, and this keeps it so should a renderer bug ever let one in. Only the logo's data: PNG loads.
 */
const IMAGE_CSP = "default-src 'none'; img-src data:; sandbox";

/** The share page's picture of a code: no sign-in, rate-limited like every `/api/v1/public/` route. */
@Controller('api/v1/public/codes/:code_id')
@ReadModels('codes')
export class PublicQrController {
  constructor(
    private readonly queries: QueryBus,
    private readonly images: QrImages,
  ) {}

  @Get('qr')
  async qr(
    @Param(codePath) { code_id }: CodePath,
    @Query(noOptions) _query: PublicQrQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | string> {
    const { orgId, codeId, design } = await this.queries.execute(new GetPublicCodeDesign(code_id));
    const image = await this.images.render(orgId, codeId, design, 'svg');
    void reply.headers({
      'content-type': image.contentType,
      'cache-control': `public, max-age=${IMAGE_MAX_AGE_SECONDS}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': IMAGE_CSP,
    });
    return image.body;
  }
}
