import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Which methods the app's routes take at a path, so that a known path asked with another method
 * answers 405 with `Allow` instead of a 404. Fastify's router only says "no route", so every route
 * is mirrored here, in the router Fastify itself uses, as it is added.
 */
export class RouteMethods {
  private readonly router = FindMyWay();
  private readonly methods = new Set<HTTPMethod>();
  private readonly mirrored = new Set<string>();

  /** Mirrors every route added to `fastify` from now on; call it before any route is. */
  watch(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => this.mirror(route));
  }

  /** The methods the path takes when it takes some but not `method`; none when it takes `method` or nothing at all. */
  allowedInstead(method: string, url: string): HTTPMethod[] {
    const path = url.split('?')[0]!;
    const allowed = [...this.methods].filter((candidate) => this.router.find(candidate, path) !== null).sort();
    return allowed.includes(method as HTTPMethod) ? [] : allowed;
  }

  private mirror(route: RouteOptions): void {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      const key = `${method} ${route.url}`;
      if (this.mirrored.has(key)) continue;
      this.mirrored.add(key);
      this.methods.add(method);
      this.router.on(method, route.url, () => undefined);
    }
  }
}
