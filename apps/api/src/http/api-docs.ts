import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument } from './openapi';

/** Swagger UI at /api/docs and the document at /api/docs/json, both from the zod contracts. */
export async function serveApiDocs(app: NestFastifyApplication, options: { version: string; serverUrl: string }) {
  const document = buildOpenApiDocument(options);
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
