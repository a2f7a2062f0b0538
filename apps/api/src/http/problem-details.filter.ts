import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toProblem } from './problem-details';
import type { RouteMethods } from './route-methods';
import { sendAppShell, wantsAppShell, type PublicAddress } from './web-app';

/**
 * Every error a route, pipe, handler or Fastify itself raises leaves the API as problem+json;
 * an unknown path that a browser asks for as a page gets the web app, whose router takes over, and
 * a known path asked with a method it does not take answers 405 with the methods it does.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  constructor(private readonly options: { servesWeb: boolean; address: PublicAddress; routes: RouteMethods }) {}

  catch(error: unknown, host: ArgumentsHost): Promise<void> | void {
    const http = host.switchToHttp();
    return this.answer(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** Also for errors raised before any route, where Nest's exception handling does not reach. */
  answer(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> | void {
    if (error instanceof NotFoundException && this.options.servesWeb && wantsAppShell(request)) return sendAppShell(request, reply, this.options.address);
    const allowed = error instanceof NotFoundException ? this.options.routes.allowedInstead(request.method, request.url) : [];
    if (allowed.length > 0) void reply.header('allow', allowed.join(', '));
    const refused = allowed.length > 0 ? new DomainError('method_not_allowed', `This address takes ${allowed.join(', ')}, not ${request.method}.`) : error;
    const problem = toProblem(refused, request.url.split('?')[0]!, String(request.id));
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(problem.status).type('application/problem+json').send(problem);
  }
}
