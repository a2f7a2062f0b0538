import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError } from '@qr/contracts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { BLOB_LINK_PREFIX } from '../uploads/blob-store.providers';
import { clientAddress, type Visit } from './client-address';

/** Routes a visitor calls without signing in: the ones a script could hammer for free. */
export const PUBLIC_API_PREFIX = '/api/v1/public/';
/** The public API, the pass service and signed file links (a page's images), and a landing page's natively posted form (below). The scan path is left out: one venue's Wi-Fi is one address. */
/** The pass service (spec §7's second base): visitors add passes, and wallets on phones ask for them, without signing in. */
export const PASS_SERVICE_PREFIX = '/pass-service/';
/** Spec §7 "get wallet URL": a visitor's "Save to Google Wallet" asks it too. */
export const WALLET_URL_PATH = '/api/v1/integrations/wallet-url';
const RATE_LIMITED_PREFIXES = [PUBLIC_API_PREFIX, PASS_SERVICE_PREFIX, WALLET_URL_PATH, `${BLOB_LINK_PREFIX}/`];

/** A landing page's form posted by the browser itself (landing-page-html.ts): a path, its route pattern or its OpenAPI path. */
const FORM_POST_PATH = /^\/page\/[^/?#]+\/submit(?:[?#]|$)/;

/** Whether the rate limit counts requests to this path (or route pattern). */
export const isRateLimited = (path: string): boolean => RATE_LIMITED_PREFIXES.some((prefix) => path.startsWith(prefix)) || FORM_POST_PATH.test(path);

export interface PublicRateLimit {
  /** Requests one client address may make per window. */
  max: number;
  windowMs: number;
}

/** A phone reloading a page now and then stays far below this; a scraper does not. */
export const DEFAULT_PUBLIC_RATE_LIMIT: PublicRateLimit = { max: 120, windowMs: 60_000 };

/**
 * Limits each client address on the public API routes and file links, answering 429 problem+json `rate_limited`
 * with Retry-After. Signed-in routes are left alone: they are tied to an account or API key.
 * In memory, per process: enough for one server; a shared store joins with the scale issue.
 */
export async function limitPublicRoutes(
  app: NestFastifyApplication,
  trustedClientIpHeader: string | undefined,
  limit: PublicRateLimit = DEFAULT_PUBLIC_RATE_LIMIT,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    // Behind a proxy every request comes from its address: one allowance would serve the whole site.
    keyGenerator: (request) => clientAddress(request.headers, request.ip, trustedClientIpHeader) ?? request.ip,
    max: limit.max,
    timeWindow: limit.windowMs,
    // The matched route as well as the raw path: the router decodes `/api/v1/publi%63/…` into a public route.
    allowList: (request) => ![request.url, request.routeOptions.url ?? ''].some(isRateLimited),
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', `Too many requests from this address: try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });
}

/** 429 rate_limited from the front's twin of the limit, with when to try again. */
export class RateLimited extends DomainError {
  constructor(readonly retryAfterS: number) {
    super('rate_limited', `Too many requests from this address: try again in ${retryAfterS} s.`);
  }
}

/**
 * The public routes' limit for the routes answered on the API's front (json-post-front.ts), which
 * Fastify's plugin does not see: the same allowance per client address, counted apart from it.
 */
export class FrontRateLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(
    private readonly trustedClientIpHeader: string | undefined,
    limit: PublicRateLimit = DEFAULT_PUBLIC_RATE_LIMIT,
  ) {
    this.limiter = new RateLimiterMemory({ points: limit.max, duration: Math.max(1, Math.round(limit.windowMs / 1000)) });
  }

  /** Counts the request, or refuses it with RateLimited. */
  async take(visit: Visit): Promise<void> {
    const key = clientAddress(visit.headers, visit.ip, this.trustedClientIpHeader) ?? 'unknown';
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new RateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
  }

  /** The Retry-After header of its refusal. */
  static headersOf(error: unknown): Record<string, string> {
    return error instanceof RateLimited ? { 'retry-after': String(error.retryAfterS) } : {};
  }
}
