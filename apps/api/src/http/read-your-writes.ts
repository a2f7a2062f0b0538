import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ProjectionRunner } from '@qr/projections-runner';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { RequestValidationError } from './problem-details';
import { READ_MODELS } from './read-models.decorator';
import { formatPosition, parsePosition, POSITION_HEADER, requestWrites, RequestWrites } from './request-writes';

export const MIN_POSITION = 'min_position';

export interface ReadYourWritesOptions {
  /** How long a command waits, in all, for the read models its events feed before it answers. */
  commandWaitMs: number;
  /** How long a query given min_position waits for the read models it reads before it answers. */
  queryWaitMs: number;
}

export const READ_YOUR_WRITES_DEFAULTS: ReadYourWritesOptions = { commandWaitMs: 2500, queryWaitMs: 3000 };

const isApiRequest = (url: string): boolean => url.startsWith('/api/v1/');

/**
 * Gives every /api/v1 request the record of what it appends (see ReadYourWritesEventStore) and
 * sends the position of its last event as x-position, on a success or a refusal alike.
 */
export function recordRequestWrites(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const writesOf = new WeakMap<FastifyRequest, RequestWrites>();
  // preHandler, not onRequest: reading the body loses the context a hook before it sets.
  fastify.addHook('preHandler', (request, _reply, done) => {
    if (!isApiRequest(request.url)) return done();
    const writes = new RequestWrites();
    writesOf.set(request, writes);
    requestWrites.run(writes, done);
  });
  fastify.addHook('onSend', async (request, reply) => {
    const position = writesOf.get(request)?.position;
    if (position) reply.header(POSITION_HEADER, formatPosition(position));
  });
}

/**
 * Takes `min_position` out of an /api/v1 GET's query before its contract parses it (the contracts
 * refuse unknown fields), and waits, bounded, for the read models the route declares to reach it
 * (ReadModels). The query answers once they have, or once the wait runs out, as it is then.
 */
@Injectable()
export class MinPositionInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly projections: ProjectionRunner,
    private readonly options: ReadYourWritesOptions,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isApiRequest(request.url)) return next.handle();
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || !(MIN_POSITION in query)) return next.handle();
    const token = query[MIN_POSITION];
    delete query[MIN_POSITION];
    const position = typeof token === 'string' ? parsePosition(token) : undefined;
    if (!position) {
      throw new RequestValidationError([
        { field: `query.${MIN_POSITION}`, message: 'Expected a position as an answer’s x-position header gives it: two decimal integers joined by "-".' },
      ]);
    }
    const names = this.reflector.getAllAndOverride<string[] | undefined>(READ_MODELS, [context.getHandler(), context.getClass()]) ?? [];
    if (names.length > 0) await this.projections.waitFor(position, names, this.options.queryWaitMs);
    return next.handle();
  }
}

/** Read-your-writes by position for the whole API (DESIGN.md §1). */
export function serveReadYourWrites(app: NestFastifyApplication, projections: ProjectionRunner, options: ReadYourWritesOptions): void {
  recordRequestWrites(app);
  app.useGlobalInterceptors(new MinPositionInterceptor(app.get(Reflector), projections, options));
}
