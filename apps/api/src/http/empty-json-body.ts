import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Reads an empty `application/json` body as no body. Actions without one (pause, resume, delete,
 * accept an invitation) are often called by clients that set the JSON content type on every
 * request, and Fastify's own parser refuses those with "Body cannot be empty". A route that does
 * need a body still answers 400 from its contract, naming the fields it lacks.
 */
export function acceptEmptyJsonBodies(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<Server>('application/json', { bodyLimit: fastify.initialConfig.bodyLimit }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body.toString('utf8'), done);
  });
}
