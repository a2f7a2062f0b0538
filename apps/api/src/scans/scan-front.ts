import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, FastifyServerFactoryHandler } from 'fastify';
import { CODE_ID_PATTERN } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import { unavailablePage } from './scan-pages';
import { pageAnswer, WEB_APP, type AnswerScan, type ScanResponse, type ScanSource } from './scan-answer';

const CODE_ID = CODE_ID_PATTERN.source.replace(/^\^|\$$/g, '');
/** `/{code_id}` or `/code/{code_id}`, with any query: the paths the scan routes take, nothing Fastify would read otherwise. */
const SCAN_PATH = new RegExp(`^/(code/)?(${CODE_ID})(?:\\?|$)`);
/** Scans the front recorded and then handed to Fastify for the web app's page: its scan route must not count them again. */
const handedToWebApp = new WeakSet<IncomingMessage>();

export const wasHandedToWebApp = (request: IncomingMessage): boolean => handedToWebApp.has(request);

/**
 * The server the API listens on, made for Fastify (its `serverFactory`): a GET of a scan path is
 * answered here, before Fastify, and every other request goes to Fastify as usual. A scan is the
 * one request a server gets thousands of a second, and Fastify's request and reply objects, hooks,
 * request id and child logger cost more of a core than the scan itself: through them a bare 302
 * from the code directory ran at about half the rate of plain `node:http`
 * (docs/decisions/006-scan-front-ahead-of-fastify.md). The answer is the scan routes' own
 * (`scanAnswers`); until the app has handed it over, scans go to Fastify like the rest.
 */
export class ScanFront {
  private answer: AnswerScan | undefined;

  constructor(private readonly log: Logger) {}

  readonly serverFactory: FastifyServerFactory<Server> = (fastify, options) => {
    const server = createServer(options.http ?? {}, (request, response) => {
      const match = request.method === 'GET' && this.answer ? SCAN_PATH.exec(request.url ?? '') : null;
      if (match) void this.scan(match[1] ? 'link' : 'qr', match[2]!, request, response, fastify);
      else fastify(request, response);
    });
    // What Fastify sets on a server it makes itself (fastify/lib/server.js), with its defaults filled in.
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    return server;
  };

  serve(answer: AnswerScan): void {
    this.answer = answer;
  }

  private async scan(source: ScanSource, codeId: string, request: IncomingMessage, response: ServerResponse, fastify: FastifyServerFactoryHandler<Server>) {
    try {
      const answer = await this.answer!(source, codeId, request.url!, { headers: request.headers, ip: request.socket.remoteAddress });
      if (answer === WEB_APP) {
        handedToWebApp.add(request);
        return fastify(request, response);
      }
      write(response, answer);
    } catch (error) {
      // The answer never throws; writing it could (a header Node refuses): still a page, never a 500.
      this.log.error({ err: error, code_id: codeId }, 'scan failed');
      if (response.headersSent) return response.destroy();
      write(response, pageAnswer(unavailablePage()));
    }
  }
}

function write(response: ServerResponse, answer: ScanResponse): void {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}
