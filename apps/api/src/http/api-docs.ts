import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { buildOpenApiDocument } from './openapi';

/** Swagger UI at /api/docs and the document at /api/docs/json. */
export async function serveApiDocs(app: NestFastifyApplication, document: ReturnType<typeof buildOpenApiDocument>) {
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
