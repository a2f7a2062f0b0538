import { randomUUID } from 'node:crypto';

export interface FormPart {
  field: string;
  bytes: Buffer;
  /** Given for a file part, as a browser sends one; without it the part is a plain field. */
  file?: { filename: string; contentType: string };
}

/** A multipart/form-data body of these parts, as a browser's FormData sends it. */
export function multipartForm(parts: readonly FormPart[]) {
  const boundary = `----qr${randomUUID()}`;
  const partBytes = parts.map(({ field, bytes, file }) => {
    const disposition = file ? `form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}` : `form-data; name="${field}"`;
    return Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), bytes, Buffer.from('\r\n')]);
  });
  return { payload: Buffer.concat([...partBytes, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart/form-data body with one file. */
export const multipart = (bytes: Buffer, filename: string, contentType: string, field = 'file') =>
  multipartForm([{ field, bytes, file: { filename, contentType } }]);
