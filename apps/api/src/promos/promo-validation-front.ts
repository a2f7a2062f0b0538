import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ValidatePromoBody } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import { errorCodes } from 'fastify';
import type { ApiFront } from '../http/api-front';
import { toProblem } from '../http/problem-details';
import { requestIdOf } from '../http/request-id';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { retryAfterOf } from './promo-lockout';
import { PromoValidations } from './promo-validations';

const VALIDATE_PATH = '/api/v1/public/promos/validate';
const VALIDATE_URL = /^\/api\/v1\/public\/promos\/validate(?:\?|$)/;
/** The media type Fastify's JSON parser takes; any other is left to Fastify, which answers it (415, or a body-less request) as it always has. */
const JSON_TYPE = /^application\/json[\t ]*(?:;|$)/i;

/**
 * A hot campaign's validations (issue 53: at least half the scan path's rate) answered on the
 * API's front, ahead of Fastify, as scans are (docs/decisions/006-scan-front-ahead-of-fastify.md):
 * through Fastify and Nest, the cheapest public POST ran at under half the scan path's rate before
 * any promo work was done. The request is read as the Fastify route reads it (the app's body limit,
 * Fastify's JSON parser, the contract's validation pipe), decided by the same PromoValidations, and
 * every refusal leaves as the app's filter writes it (toProblem). The public routes' per-address
 * limit is Fastify's and does not reach here: the promo guard's own, stricter per-address and
 * per-visitor rates and lockout (promo-lockout.ts) hold a script back.
 */
export function servePromoValidationsOnFront(
  app: NestFastifyApplication,
  front: ApiFront,
  options: { log: Logger; parseJson: (text: string) => unknown },
): void {
  const validations = app.get(PromoValidations);
  const pipe = new ZodValidationPipe(ValidatePromoBody, 'body');
  const bodyLimit = app.getHttpAdapter().getInstance().initialConfig.bodyLimit!;

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const requestId = requestIdOf(request.headers);
    try {
      const body = pipe.transform(options.parseJson(await bodyOf(request, bodyLimit)));
      const validation = await validations.validate(body, { headers: request.headers, ip: request.socket.remoteAddress });
      write(response, 200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId }, JSON.stringify(validation));
    } catch (error) {
      // A visitor gone mid-request (the socket closed) has nobody left to answer.
      if (request.socket.destroyed) return;
      const problem = toProblem(error, VALIDATE_PATH, requestId);
      if (problem.status >= 500) options.log.error({ err: error, req_id: requestId }, 'request failed');
      const retryAfter = retryAfterOf(error);
      const headers: Record<string, string> = { 'content-type': 'application/problem+json; charset=utf-8', 'x-request-id': requestId };
      if (retryAfter) headers['retry-after'] = retryAfter;
      write(response, problem.status, headers, JSON.stringify(problem));
    }
  };

  front.serve((request, response) => {
    const taken = request.method === 'POST' && VALIDATE_URL.test(request.url ?? '') && JSON_TYPE.test(request.headers['content-type'] ?? '');
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
