import { CloneCodeBody, CloneMultipleBody, ClonesCreatedView, CodeCreatedView, CodePath, DuplicateCodeBody } from '@qr/contracts';
import { body, json, type ApiPaths } from '../http/openapi';

/** Spec §7 "Clone QR, create duplicate code, clone code, and clone multiple (code_id, data)"; get-child is `/{code_id}/children`. */
export function registerClonesPaths({ signedIn }: ApiPaths): void {
  const route = signedIn('codes', '/api/v1/codes');
  const created = { 201: json('Created', CodeCreatedView) };
  route('post', '/{code_id}/clone', 'Clone a code (and, with with_page, its landing pages); the clone records base_code_id (owner, admin, editor)', created, {
    params: CodePath,
    body: body(CloneCodeBody),
  });
  route('post', '/{code_id}/duplicate', 'Duplicate a code with its landing pages, as a code of its own (no base_code_id)', created, {
    params: CodePath,
    body: body(DuplicateCodeBody),
  });
  route(
    'post',
    '/clone-multiple',
    'One clone per entry of data (name and content fields of the base’s type); one bad entry stores none',
    { 201: json('Created', ClonesCreatedView) },
    {
      body: body(CloneMultipleBody),
    },
  );
}
