import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, MAX_UPLOAD_BYTES } from '@qr/contracts';
import { RequestValidationError } from '../http/problem-details';

const FIELD = 'file';

/**
 * Adds a parser for multipart/form-data only: JSON bodies of every other route are parsed as before,
 * and a multipart body sent to a JSON route arrives empty and fails its contract. Files are read by
 * the route that wants one, never buffered or written to disk ahead of it.
 *
 * Queued, not awaited: awaiting would make Fastify set up the routes Nest has declared so far before
 * Nest installs its error handler, and those routes would answer parse errors without problem details.
 */
export function acceptMultipartUploads(fastify: FastifyInstance): void {
  void fastify.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
}

/** The one file of a multipart upload, in a field named `file`, read up to the size limit. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const missing = () => new RequestValidationError([{ field: `body.${FIELD}`, message: 'Send the image as multipart/form-data in a field named file.' }]);
  if (!request.isMultipart()) throw missing();
  try {
    const part = await request.file();
    if (part?.fieldname !== FIELD) throw missing();
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof RequestValidationError) throw error;
    // The plugin's error classes are only reachable through the server instance; its code is stable.
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('upload_too_large', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    }
    // Everything else the parser meets is in the body the client sent: no boundary, a part cut short, a part without its headers.
    throw new RequestValidationError([{ field: `body.${FIELD}`, message: 'The upload is not well-formed multipart/form-data: send the image as a browser’s form data would.' }]);
  }
}
