import {
  ChildCodesQuery,
  CodeCreatedView,
  CodeListView,
  CodeNameView,
  CodePath,
  CodeView,
  CreateCodeBody,
  ListCodesQuery,
  OrgQuery,
  PublicQrQuery,
  QrImageQuery,
  QrPreviewBody,
  QrPreviewView,
  UpdateCodeBody,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** Dynamic codes; a design that would not scan is refused with 422 design_unscannable. */
export function registerCodesPaths({ signedIn, open, problem }: ApiPaths): void {
  const route = signedIn('codes', '/api/v1/codes');
  route(
    'post',
    '',
    'Create a code; its QR encodes {PUBLIC_URL}/{code_id} (owner, admin, editor)',
    { 201: json('Created', CodeCreatedView), 422: problem },
    {
      body: body(CreateCodeBody),
    },
  );
  route('get', '', 'An organisation’s codes, newest first, paginated and filtered', { 200: json('Listed', CodeListView) }, { query: ListCodesQuery });
  route('get', '/names', 'Names and ids of an organisation’s codes, for pickers', { 200: json('Listed', z.array(CodeNameView)) }, { query: OrgQuery });
  route('get', '/{code_id}', 'A code', { 200: json('Found', CodeView) }, { params: CodePath });
  route(
    'get',
    '/{code_id}/children',
    'Codes derived from this one (clones, one-time codes); org_id, if given, must own it',
    { 200: json('Listed', z.array(CodeView)) },
    { params: CodePath, query: ChildCodesQuery },
  );
  route(
    'put',
    '/{code_id}',
    'Replace its name, content (type included) and design; the printed QR keeps working',
    { 200: json('Changed', CodeView), 422: problem },
    {
      params: CodePath,
      body: body(UpdateCodeBody),
    },
  );
  route('post', '/{code_id}/pause', 'Pause: scans show a friendly “paused” page', { 200: json('Paused', CodeView) }, { params: CodePath });
  route('post', '/{code_id}/resume', 'Resume a paused code', { 200: json('Resumed', CodeView) }, { params: CodePath });
  route('delete', '/{code_id}', 'Delete for good: scans show a friendly “gone” page', { 204: { description: 'Deleted' } }, { params: CodePath });
  route(
    'get',
    '/{code_id}/qr',
    'The QR image in the code’s design (SVG, PNG or PDF)',
    {
      200: {
        description: 'The image',
        content: {
          'image/svg+xml': { schema: z.string() },
          'image/png': { schema: z.string().meta({ format: 'binary' }) },
          'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
      // With `holds`, the image must scan as what it holds.
      422: problem,
    },
    { params: CodePath, query: QrImageQuery },
  );
  route(
    'post',
    '/qr-preview',
    'Draw a design for the live preview and say whether it would scan',
    { 200: json('Drawn', QrPreviewView) },
    { body: body(QrPreviewBody) },
    { readsOnly: true },
  );
  open('codes', '/api/v1/public/codes', [400, 404, 429, 500])(
    'get',
    '/{code_id}/qr',
    'An active code’s QR image in its design, as SVG, for the share page; it takes no options',
    { 200: { description: 'The SVG image', content: { 'image/svg+xml': { schema: z.string() } } } },
    { params: CodePath, query: PublicQrQuery },
  );
}
