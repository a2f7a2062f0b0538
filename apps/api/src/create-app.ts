import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, AppModule } from './app.module';
import { APP_VERSION } from './app-version';
import { serveApiDocs } from './http/api-docs';
import { buildOpenApiDocument } from './http/openapi';
import { clientTimeoutOptions, DEFAULT_CLIENT_TIMEOUTS, type ClientTimeouts } from './http/client-timeouts';
import { ApiFront } from './http/api-front';
import { acceptEmptyJsonBodies, jsonBodyParser } from './http/empty-json-body';
import { NestPinoLogger } from './http/nest-logger';
import { ProblemDetailsFilter } from './http/problem-details.filter';
import { FrontRateLimit, limitPublicRoutes, type PublicRateLimit } from './http/public-rate-limit';
import { READ_YOUR_WRITES_DEFAULTS, serveReadYourWrites, type ReadYourWritesOptions } from './http/read-your-writes';
import { ReadYourWritesEventStore } from './http/read-your-writes-event-store';
import { requestIdOf } from './http/request-id';
import { RouteMethods } from './http/route-methods';
import { answerUnparsableRequest } from './http/unparsable-request';
import { serveLandingPages } from './http/landing-page-html';
import { refuseFraming, serveWebApp } from './http/web-app';
import { mountOidcProvider } from './identity/auth/mount-oidc-provider';
import { serveLoyaltyOnFront } from './loyalty/loyalty-front';
import { servePromoValidationsOnFront } from './promos/promo-validation-front';
import { registerScanRoutes } from './scans/scan-routes';
import { WallEmbeds } from './walls';
import type { Infrastructure } from './infrastructure';

/**
 * The Nest application on Fastify, ready to listen or to be called with `inject` in tests, which
 * may mount probe modules of their own beside the product's.
 */
export async function createApp(
  infra: Infrastructure,
  options: { extraModules?: Type[]; publicRateLimit?: PublicRateLimit; clientTimeouts?: ClientTimeouts; readYourWrites?: Partial<ReadYourWritesOptions> } = {},
): Promise<NestFastifyApplication> {
  const readYourWrites = { ...READ_YOUR_WRITES_DEFAULTS, ...options.readYourWrites };
  const front = new ApiFront();
  // Made once the app knows whether it serves the web app; no request arrives before.
  let problems: ProblemDetailsFilter | undefined;
  const adapter = new FastifyAdapter({
    serverFactory: front.serverFactory,
    loggerInstance: infra.logger,
    genReqId: (req: IncomingMessage) => requestIdOf(req.headers),
    bodyLimit: 1_048_576,
    ...clientTimeoutOptions(options.clientTimeouts ?? DEFAULT_CLIENT_TIMEOUTS),
    clientErrorHandler: answerUnparsableRequest,
    // A path the router cannot take apart (bad percent-encoding, a segment over maxParamLength) fails
    // before any route and Nest's exception handling; it leaves as problem details like every other
    // refusal. (Its reply lacks the plugins' decorators, so it cannot send the web app's page.)
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      problems ? problems.answer(error, request, reply) : void reply.send(error),
  });
  const eventStore = new ReadYourWritesEventStore(infra.eventStore, infra.projections, readYourWrites.commandWaitMs);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.with({ ...infra, eventStore }, options.extraModules), adapter, {
    logger: new NestPinoLogger(infra.logger),
  });
  const routes = new RouteMethods();
  routes.watch(app.getHttpAdapter().getInstance());
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  refuseFraming(app.getHttpAdapter().getInstance(), (wallId) => app.get(WallEmbeds).originsOf(wallId));
  acceptEmptyJsonBodies(app);
  serveReadYourWrites(app, infra.projections, readYourWrites);

  await limitPublicRoutes(app, infra.config.TRUSTED_CLIENT_IP_HEADER, options.publicRateLimit);
  registerScanRoutes(app, infra.logger, front);
  const frontOptions = { log: infra.logger, parseJson: jsonBodyParser(app) };
  servePromoValidationsOnFront(app, front, frontOptions);
  serveLoyaltyOnFront(app, front, new FrontRateLimit(infra.config.TRUSTED_CLIENT_IP_HEADER, options.publicRateLimit), frontOptions);
  // No proxy setting exists yet, so forwarded headers are never believed (see OidcMountOptions).
  // With an external issuer (OIDC_ISSUER) there are no local accounts to sign in to.
  if (!infra.config.OIDC_ISSUER) await mountOidcProvider(app, { trustProxy: false });
  await serveApiDocs(app, buildOpenApiDocument({ version: APP_VERSION, serverUrl: infra.config.PUBLIC_URL }, API_PATHS));
  const webDist = resolve(infra.config.WEB_DIST_DIR ?? 'dist/apps/web');
  const servesWeb = infra.config.NODE_ENV === 'production' && (await serveWebApp(app, webDist));
  if (servesWeb) serveLandingPages(app, webDist, infra.logger);
  // Nest routes unmatched paths and Fastify's own errors (malformed JSON) through this filter too.
  problems = new ProblemDetailsFilter({ servesWeb, address: { publicUrl: infra.config.PUBLIC_URL, altHost: infra.config.ALT_HOST }, routes });
  app.useGlobalFilters(problems);

  await app.init();
  return app;
}
