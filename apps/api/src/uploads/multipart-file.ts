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

/**
 * The one file of a multipart upload, in a field named `file`, read up to the size limit. Anything
 * else in the body is refused by name, as unknown fields of a JSON body are: a second file would
 * otherwise be dropped while the first was stored, and a field the route never reads ignored.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadedForm(request, [])).file;
}

/** The file, as `readUploadedFile` reads it, and the text fields named in `fieldNames` that were sent (a visitor's caption). */
export async function readUploadedForm<Field extends string>(
  request: FastifyRequest,
  fieldNames: readonly Field[],
): Promise<{ file: Buffer; fields: Partial<Record<Field, string>> }> {
  const missing = () => new RequestValidationError([{ field: `body.${FIELD}`, message: 'Send the image as multipart/form-data in a field named file.' }]);
  const onlyTheFile = (field: string) =>
    new RequestValidationError([{ field: `body.${field}`, message: 'An upload takes one image, in a field named file, and nothing else.' }]);
  const isWanted = (name: string): name is Field => (fieldNames as readonly string[]).includes(name);
  if (!request.isMultipart()) throw missing();
  let file: Buffer | undefined;
  const fields: Partial<Record<Field, string>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === FIELD && !file) file = await part.toBuffer();
      else if (part.type === 'file' && !file) throw missing();
      else if (part.type === 'field' && isWanted(part.fieldname) && fields[part.fieldname] === undefined) fields[part.fieldname] = String(part.value);
      else throw onlyTheFile(part.fieldname);
    }
  } catch (error) {
    if (error instanceof RequestValidationError) throw error;
    // The plugin's error classes are only reachable through the server instance; its codes are stable.
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('upload_too_large', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw onlyTheFile(FIELD);
    // Everything else the parser meets is in the body the client sent: no boundary, a part cut short, a part without its headers.
    throw new RequestValidationError([
      { field: `body.${FIELD}`, message: 'The upload is not well-formed multipart/form-data: send the image as a browser’s form data would.' },
    ]);
  }
  if (!file) throw missing();
  return { file, fields };
}
