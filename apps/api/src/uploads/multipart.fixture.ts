import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----qr${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
