import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from '@qr/platform';
import { errorCodes } from 'fastify';
import type { z } from 'zod';
import type { ApiFront } from './api-front';
import type { Visit } from './client-address';
import { toProblem } from './problem-details';
import { requestIdOf } from './request-id';
import { ZodValidationPipe } from './zod-validation.pipe';

/** The media type Fastify's JSON parser takes; any other is left to Fastify, which answers it (415, or a body-less request) as it always has. */
const JSON_TYPE = /^application\/json[\t ]*(?:;|$)/i;

export interface FrontJsonPost<Schema extends z.ZodType> {
  /** The route's path, which its Fastify twin also answers (through `inject`, and until the app hands it over). */
  path: string;
  schema: Schema;
  /** What the route answers with 200; a thrown error leaves as the app's filter writes it. */
  answer(body: z.output<Schema>, visit: Visit): Promise<unknown>;
  /** Headers an error's answer carries besides the problem's (a rate limit's Retry-After). */
  errorHeaders?(error: unknown): Record<string, string>;
}

/**
 * A hot public POST answered on the API's front, ahead of Fastify, as scans are
 * (docs/decisions/006-scan-front-ahead-of-fastify.md): through Fastify and Nest the cheapest public
 * POST runs at under half the scan path's rate before any of its own work. The request is read as
 * the Fastify route reads it (the app's body limit, Fastify's JSON parser, the contract's validation
 * pipe) and every refusal leaves as the app's filter writes it (toProblem). The public routes'
 * per-address limit is Fastify's and does not reach here: a route brings its own (`answer` throws).
 */
export function serveJsonPostOnFront<Schema extends z.ZodType>(
  app: NestFastifyApplication,
  front: ApiFront,
  route: FrontJsonPost<Schema>,
  options: { log: Logger; parseJson: (text: string) => unknown },
): void {
  const pipe = new ZodValidationPipe(route.schema, 'body');
  const bodyLimit = app.getHttpAdapter().getInstance().initialConfig.bodyLimit!;
  const url = new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:\\?|$)`);

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = requestIdOf(request.headers);
    try {
      const body = pipe.transform(options.parseJson(await bodyOf(request, bodyLimit))) as z.output<Schema>;
      const answered = await route.answer(body, { headers: request.headers, ip: request.socket.remoteAddress });
      write(response, 200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId }, JSON.stringify(answered));
    } catch (error) {
      // A visitor gone mid-request (the socket closed) has nobody left to answer.
      if (request.socket.destroyed) return;
      const problem = toProblem(error, route.path, requestId);
      if (problem.status >= 500) options.log.error({ err: error, req_id: requestId }, 'request failed');
      const headers = { 'content-type': 'application/problem+json; charset=utf-8', 'x-request-id': requestId, ...route.errorHeaders?.(error) };
      write(response, problem.status, headers, JSON.stringify(problem));
    }
  };

  front.serve((request, response) => {
    const taken = request.method === 'POST' && url.test(request.url ?? '') && JSON_TYPE.test(request.headers['content-type'] ?? '');
    if (taken) void answer(request, response);
    return taken;
  });
}

/** The body as text, refused with Fastify's own error past the app's body limit, declared or sent. */
function bodyOf(request: IncomingMessage, limit: number): Promise<string> {
  if (Number(request.headers['content-length']) > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', take);
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    };
    request.on('data', take);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function write(response: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  try {
    response.writeHead(status, headers).end(body);
  } catch {
    // Only a socket gone between the answer and its writing gets here: nobody is left to answer.
    response.destroy();
  }
}
