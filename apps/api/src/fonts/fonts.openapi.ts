import { z } from 'zod';
import type { ApiPaths } from '../http/openapi';
import { FontFilePath } from './shipped-fonts';

/** The shipped brand fonts in the OpenAPI document. */
export function registerFontsPaths({ open }: ApiPaths): void {
  open('platform', '/fonts', [404, 500])(
    'get',
    '/{font_id}/{weight}.woff2',
    'A brand font’s Latin subset as WOFF2, cached for a year (no sign-in, not rate-limited)',
    { 200: { description: 'The font file', content: { 'font/woff2': { schema: z.string().meta({ format: 'binary' }) } } } },
    { params: FontFilePath },
  );
}
