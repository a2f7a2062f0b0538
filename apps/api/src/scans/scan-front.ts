import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyServerFactoryHandler } from 'fastify';
import { CODE_ID_PATTERN } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import type { FrontRoute } from '../http/api-front';
import { unavailablePage } from './scan-pages';
import { pageAnswer, WEB_APP, type AnswerScan, type ScanResponse, type ScanSource } from './scan-answer';

const CODE_ID = CODE_ID_PATTERN.source.replace(/^\^|\$$/g, '');
/** `/{code_id}` or `/code/{code_id}`, with any query: the paths the scan routes take, nothing Fastify would read otherwise. */
const SCAN_PATH = new RegExp(`^/(code/)?(${CODE_ID})(?:\\?|$)`);
/** Scans the front recorded and then handed to Fastify for the web app's page: its scan route must not count them again. */
const handedToWebApp = new WeakSet<IncomingMessage>();

export const wasHandedToWebApp = (request: IncomingMessage): boolean => handedToWebApp.has(request);

/**
 * A GET of a scan path, answered on the API's front (ApiFront) with the scan routes' own answer
 * (`scanAnswers`). Every HEAD goes to Fastify.
 */
export function scanFrontRoute(answer: AnswerScan, log: Logger): FrontRoute {
  const scan = async (source: ScanSource, codeId: string, request: IncomingMessage, response: ServerResponse, fastify: FastifyServerFactoryHandler<Server>) => {
    try {
      const answered = await answer(source, codeId, request.url!, { headers: request.headers, ip: request.socket.remoteAddress });
      if (answered === WEB_APP) {
        handedToWebApp.add(request);
        return fastify(request, response);
      }
      write(response, answered);
    } catch (error) {
      // The answer never throws; writing it could (a header Node refuses): still a page, never a 500.
      log.error({ err: error, code_id: codeId }, 'scan failed');
      if (response.headersSent) return void response.destroy();
      write(response, pageAnswer(unavailablePage()));
    }
  };
  return (request, response, fastify) => {
    const match = request.method === 'GET' ? SCAN_PATH.exec(request.url ?? '') : null;
    if (match) void scan(match[1] ? 'link' : 'qr', match[2]!, request, response, fastify);
    return match !== null;
  };
}

function write(response: ServerResponse, answer: ScanResponse): void {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}
