import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toProblem } from './problem-details';
import { sendAppShell, wantsAppShell, type PublicAddress } from './web-app';

/**
 * Every error a route, pipe, handler or Fastify itself raises leaves the API as problem+json;
 * an unknown path that a browser asks for as a page gets the web app, whose router takes over.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  constructor(private readonly options: { servesWeb: boolean; address: PublicAddress }) {}

  catch(error: unknown, host: ArgumentsHost): Promise<void> | void {
    const http = host.switchToHttp();
    return this.answer(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** Also for errors raised before any route, where Nest's exception handling does not reach. */
  answer(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> | void {
    if (error instanceof NotFoundException && this.options.servesWeb && wantsAppShell(request)) return sendAppShell(request, reply, this.options.address);
    const problem = toProblem(error, request.url.split('?')[0]!, String(request.id));
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(problem.status).type('application/problem+json').send(problem);
  }
}
