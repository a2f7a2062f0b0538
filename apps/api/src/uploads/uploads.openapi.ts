import { BlobPath, BlobUrlQuery, BlobUrlView, NsfwCheckView, SignedBlobQuery, UploadBody, UploadedImageView, UploadQuery } from '@qr/contracts';
import { z } from 'zod';
import { json, type ApiPaths } from '../http/openapi';
import { BLOB_LINK_PREFIX } from './blob-store.providers';

/** Images uploaded for logos and card photos, their NSFW check, and time-limited links to them. */
export function registerUploadsPaths({ signedIn, open, problem }: ApiPaths): void {
  const route = signedIn('uploads', '/api/v1/uploads');
  route(
    'post',
    '',
    'Upload an image (PNG, JPEG, WebP or GIF by its bytes, at most 5 MB and 4096 px a side); it is stored re-encoded as PNG (owner, admin, editor)',
    { 201: json('Stored', UploadedImageView), 413: problem, 415: problem },
    { query: UploadQuery, body: { content: { 'multipart/form-data': { schema: UploadBody } } } },
  );
  route(
    'post',
    '/nsfw-check',
    'Score an image with the bundled NSFW model, without storing it; the image is checked and re-encoded as an upload is (owner, admin, editor)',
    { 200: json('Scores', NsfwCheckView), 413: problem, 415: problem },
    { query: UploadQuery, body: { content: { 'multipart/form-data': { schema: UploadBody } } } },
  );
  route(
    'get',
    '/{blob_id}/url',
    'A link to one of the organisation’s files that works without sign-in until it expires',
    { 200: json('Signed', BlobUrlView) },
    {
      params: BlobPath,
      query: BlobUrlQuery,
    },
  );
  open('uploads', BLOB_LINK_PREFIX, [400, 403, 404, 500])(
    'get',
    '/{blob_id}',
    'A file of the local store, for the holder of a link the server signed (no sign-in); with S3 storage links are presigned S3 addresses instead',
    { 200: { description: 'The image', content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } } } },
    { params: BlobPath, query: SignedBlobQuery },
  );
}
