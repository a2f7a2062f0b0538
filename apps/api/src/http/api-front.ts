import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, FastifyServerFactoryHandler } from 'fastify';

/**
 * A route answered on the front, ahead of Fastify. `take` decides from the request line and headers
 * alone, before any body is read: false leaves the request to the next route or Fastify; true means
 * it is being answered (never with a throw; it may still hand the request to Fastify itself).
 * One call, so a route's match (a scan's code id) is worked out once per request.
 */
export type FrontRoute = (request: IncomingMessage, response: ServerResponse, fastify: FastifyServerFactoryHandler<Server>) => boolean;

/**
 * The server the API listens on, made for Fastify (its `serverFactory`): the few requests a server
 * gets thousands of a second (a scan, a hot campaign's promo validations) are answered here, before
 * Fastify, and every other request goes to Fastify as usual. Fastify's request and reply objects,
 * hooks, request id and child logger cost more of a core than such a request itself
 * (docs/decisions/006-scan-front-ahead-of-fastify.md). Each route's answer is also a Fastify
 * route's, which `inject` reaches; until the app has handed a route over, its requests go to Fastify.
 */
export class ApiFront {
  private readonly routes: FrontRoute[] = [];

  readonly serverFactory: FastifyServerFactory<Server> = (fastify, options) => {
    const server = createServer(options.http ?? {}, (request, response) => {
      for (const take of this.routes) if (take(request, response, fastify)) return;
      fastify(request, response);
    });
    // What Fastify sets on a server it makes itself (fastify/lib/server.js), with its defaults filled in.
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    return server;
  };

  serve(route: FrontRoute): void {
    this.routes.push(route);
  }
}
