import { readFile } from 'node:fs/promises';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { FONT_FILES, FontFilePath } from './shipped-fonts';

/** A year: a file's bytes never change under its address while the pinned packages stay. */
const FONT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The brand fonts, served by this server (no font CDN: phones and offline installs load them
 * alike). Outside /api, so the public rate limit leaves a page's fonts alone.
 */
@Controller('fonts')
export class FontsController {
  @Get(':font_id/:weight.woff2')
  async serve(@Param() params: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    // An unknown family or weight is a file that is not there, so 404 rather than a validation 400.
    const parsed = FontFilePath.safeParse(params);
    if (!parsed.success) throw new DomainError('not_found', 'No such font file.');
    const bytes = await readFile(FONT_FILES.get(`${parsed.data.font_id}/${parsed.data.weight}`)!);
    void reply.headers({
      'content-type': 'font/woff2',
      'cache-control': FONT_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      // Browsers fetch fonts in CORS mode: a page on another of the server's hosts (ALT_HOST) may use them too.
      'access-control-allow-origin': '*',
    });
    return bytes;
  }
}
