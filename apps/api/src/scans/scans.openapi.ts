import { CodePath, PublicCodeView } from '@qr/contracts';
import { z } from 'zod';
import { json, type ApiPaths } from '../http/openapi';

/** What a code's visitor pages read: no sign-in, rate-limited like every `/api/v1/public/` route. */
export function registerScansPaths({ open }: ApiPaths): void {
  const route = open('codes', '/api/v1/public/codes', [400, 404, 429, 500]);
  route(
    'get',
    '/{code_id}',
    'A code’s public content, for its page; a paused code shows no content',
    { 200: json('Found', PublicCodeView) },
    { params: CodePath },
  );
  route(
    'get',
    '/{code_id}/vcard',
    'A business card code as a vCard 3.0 file, for “add to contacts”',
    { 200: { description: 'The .vcf file', content: { 'text/vcard': { schema: z.string() } } } },
    {
      params: CodePath,
    },
  );
}
