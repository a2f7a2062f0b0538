import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CodePath } from '@qr/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { GetPublicCodeDesign } from './codes.queries';
import { QrImages } from './qr-images';

const codePath = new ZodValidationPipe(CodePath, 'path');
/** The design changes rarely; a share page opened again within minutes needs no new drawing. */
const IMAGE_MAX_AGE_SECONDS = 300;

/** The share page's picture of a code: no sign-in, rate-limited like every `/api/v1/public/` route. */
@Controller('api/v1/public/codes/:code_id')
export class PublicQrController {
  constructor(
    private readonly queries: QueryBus,
    private readonly images: QrImages,
  ) {}

  @Get('qr')
  async qr(@Param(codePath) { code_id }: CodePath, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer | string> {
    const { orgId, codeId, design } = await this.queries.execute(new GetPublicCodeDesign(code_id));
    const image = await this.images.render(orgId, codeId, design, 'svg');
    void reply.header('content-type', image.contentType).header('cache-control', `public, max-age=${IMAGE_MAX_AGE_SECONDS}`);
    return image.body;
  }
}
