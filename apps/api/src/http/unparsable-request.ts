import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemOf } from './problem-details';

/** Node's parser errors that have a status of their own; every other one is a 400. */
const STATUS_OF_PARSER_ERROR: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (a control character in a header,
 * headers over the size limit, one that took too long to arrive) never reaches a route, so no filter
 * sees it. It gets the same problem details as every other refusal, written to the socket itself.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const status = STATUS_OF_PARSER_ERROR[error.code ?? ''] ?? 400;
    const body = JSON.stringify(problemOf('malformed_request', error.message, '', randomUUID(), { status }));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
