import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

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

/**
 * The same reading of a JSON body for the API's front (api-front.ts), which has no Fastify request:
 * Fastify's own parser, so malformed JSON and poisoned keys fail with Fastify's own error.
 */
export function jsonBodyParser(app: NestFastifyApplication): (text: string) => unknown {
  const parseJson = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  return (text) => {
    if (text.length === 0) return undefined;
    let parsed: { error: Error | null; body: unknown } | undefined;
    // Fastify's default JSON parser answers at once and never reads the request it is given.
    parseJson(undefined as unknown as FastifyRequest, text, (error, body) => (parsed = { error, body }));
    // An Error made up front for a parser that never answers cost a stack trace per request.
    if (!parsed) throw new Error('The JSON parser did not answer.');
    if (parsed.error) throw parsed.error;
    return parsed.body;
  };
}
