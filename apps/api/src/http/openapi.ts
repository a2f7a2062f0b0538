import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { HealthView, Problem } from '@qr/contracts';

/**
 * The HTTP contract as OpenAPI, generated from the same zod schemas the API validates with and the
 * web forms use. Each bounded context registers its paths here as it arrives.
 */
export function buildOpenApiDocument(options: { version: string; serverUrl: string }) {
  const registry = new OpenAPIRegistry();
  const problem = { description: 'RFC 9457 problem details', content: { 'application/problem+json': { schema: Problem } } };

  registry.registerPath({
    method: 'get',
    path: '/api/health',
    tags: ['platform'],
    summary: 'Whether the database answers and how far behind each projection is',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: HealthView } } },
      503: { description: 'The database does not answer', content: { 'application/json': { schema: HealthView } } },
      500: problem,
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'QR Platform API', version: options.version },
    servers: [{ url: options.serverUrl }],
  });
}
