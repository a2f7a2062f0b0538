import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Problem } from '@qr/contracts';
import type { z } from 'zod';
import { isRateLimited } from './public-rate-limit';

export type ProblemResponse = { description: string; content: { 'application/problem+json': { schema: typeof Problem } } };
export type Responses = RouteConfig['responses'];
/** A query sent as POST (its input is too large or too private for a URL): it changes nothing, so it answers no position. */
export type RouteOptions = { readsOnly?: true };
export type Route = (
  method: RouteConfig['method'],
  path: string,
  summary: string,
  ok: Responses,
  request?: RouteConfig['request'],
  options?: RouteOptions,
) => void;

/** What a bounded context registers its paths with; the context knows its routes, this knows what every route shares. */
export interface ApiPaths {
  /** Routes behind the bearer guard, under one prefix and tag, with the refusals every such route may answer. */
  signedIn(tag: string, prefix: string): Route;
  /** Routes without sign-in, under one prefix and tag, with the refusals given (a rate limit's 429 is added where it applies). */
  open(tag: string, prefix: string, refusals: readonly number[]): Route;
  problem: ProblemResponse;
}
/** A context's `*.openapi.ts` exports one of these; the app lists them beside its modules. */
export type RegisterPaths = (paths: ApiPaths) => void;

export const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });
export const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

// 503: an external sign-in service (OIDC_ISSUER) that cannot be reached to check the token.
const SIGNED_IN_REFUSALS = [400, 401, 403, 404, 409, 500, 503] as const;
/** Where a command's answer carries its position and a query may wait for one (read your own writes, DESIGN.md §1). */
const POSITION_PATTERN = '^[0-9]+-[0-9]+$';
const COMMAND_METHODS: readonly RouteConfig['method'][] = ['post', 'put', 'patch', 'delete'];

/**
 * The HTTP contract as OpenAPI, generated from the same zod schemas the API validates with and the
 * web forms use. Each bounded context registers its own paths; what every route shares (refusals
 * the router or the rate limit answer, the position a command answers and a query waits for) is
 * added here, once.
 */
export function buildOpenApiDocument(options: { version: string; serverUrl: string }, contexts: readonly RegisterPaths[]) {
  const registry = new OpenAPIRegistry();
  const problem: ProblemResponse = { description: 'RFC 9457 problem details', content: { 'application/problem+json': { schema: Problem } } };
  const bearer = registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from the sign-in service (/oidc), or an API key `qrk_…`.',
  });
  const position = { type: 'string', pattern: POSITION_PATTERN } as const;
  const positionHeader = registry.registerComponent('headers', 'Position', {
    description: 'The log position of the command’s last event; pass it as min_position to read your own write.',
    schema: position,
  });
  const minPosition = registry.registerComponent('parameters', 'MinPosition', {
    name: 'min_position',
    in: 'query',
    required: false,
    description: 'Wait, bounded, until the read models this query reads have reached this position (a command’s `x-position`).',
    schema: position,
  });

  const refusal = (statuses: readonly number[]): Responses => Object.fromEntries(statuses.map((status) => [status, problem]));
  const register = (config: RouteConfig, routeOptions: RouteOptions) => {
    const api = config.path.startsWith('/api/v1/');
    const answersPosition = api && COMMAND_METHODS.includes(config.method) && !routeOptions.readsOnly;
    const responses = Object.fromEntries(
      Object.entries(config.responses).map(([status, response]) => [
        status,
        answersPosition && status.startsWith('2') ? { ...response, headers: { 'x-position': positionHeader.ref } } : response,
      ]),
    );
    const refusals = [
      // A body over the size limit, or of a type the route does not read, is refused before the route.
      ...(config.request?.body ? [413, 415] : []),
      // A path parameter longer than the router takes (maxParamLength) is refused before any route.
      ...(config.request?.params ? [414] : []),
      ...(isRateLimited(config.path) ? [429] : []),
    ];
    registry.registerPath({
      ...config,
      ...(api && config.method === 'get' ? { parameters: [minPosition.ref] } : {}),
      responses: { ...responses, ...refusal(refusals) },
    });
  };

  const paths: ApiPaths = {
    problem,
    signedIn:
      (tag, prefix) =>
      (method, path, summary, ok, request, routeOptions = {}) =>
        register(
          {
            method,
            path: `${prefix}${path}`,
            summary,
            tags: [tag],
            security: [{ [bearer.name]: [] }],
            request,
            responses: { ...ok, ...refusal(SIGNED_IN_REFUSALS) },
          },
          routeOptions,
        ),
    open:
      (tag, prefix, refusals) =>
      (method, path, summary, ok, request, routeOptions = {}) =>
        register({ method, path: `${prefix}${path}`, summary, tags: [tag], request, responses: { ...ok, ...refusal(refusals) } }, routeOptions),
  };
  for (const registerPaths of contexts) registerPaths(paths);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'QR Platform API', version: options.version },
    servers: [{ url: options.serverUrl }],
  });
}
