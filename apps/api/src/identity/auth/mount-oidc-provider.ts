import type { IncomingMessage } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Provider } from 'oidc-provider';
import { errorPage, OUR_FAULT } from './auth-pages';
import { SignInInteraction, sendPage, type InteractionRequest } from './sign-in-interaction';
import { unstorableTextIn } from '../../http/unstorable-text';

export interface OidcMountOptions {
  /**
   * Believe X-Forwarded-Proto and -Host. Only behind a reverse proxy that sets them: the provider
   * builds its URLs and `secure` cookies from them, so trusting them otherwise lets a client forge both.
   */
  trustProxy: boolean;
}

/** Form posts of the sign-in pages are a few short fields. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Serves the embedded OpenID Connect provider (a Koa app) under its issuer's path, `/oidc`, on the
 * Fastify instance behind Nest, in a plugin of its own. Call before the app listens.
 *
 * oidc-provider reads request bodies from the raw stream itself, so this plugin parses none: each
 * request's reply is hijacked and the raw request and response go to `provider.callback()`. The
 * sign-in pages at `/oidc/interaction/:uid` are ours; only they parse a (urlencoded) form.
 */
export async function mountOidcProvider(app: NestFastifyApplication, options: OidcMountOptions): Promise<void> {
  const provider = app.get(Provider);
  const signIn = app.get(SignInInteraction);
  provider.proxy = options.trustProxy;
  const prefix = new URL(provider.issuer).pathname;
  const handle = provider.callback();

  await app.register(async (oidc: FastifyInstance) => {
    oidc.removeAllContentTypeParsers();
    // Accept any body and leave its stream unread, for oidc-provider.
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));

    await oidc.register(async (pages: FastifyInstance) => {
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
        const form = new URLSearchParams(String(body));
        if (unstorableTextIn([...form.values()], 'form').length === 0) return done(null, form);
        done(Object.assign(new Error('The form holds text an account cannot store'), { statusCode: 400 }));
      });
      pages.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) request.log.error({ err: error }, 'sign-in page failed');
        sendPage(reply.code(status), errorPage(status === 500 ? OUR_FAULT : 'The form could not be read.'));
      });
      pages.get(`${prefix}/interaction/:uid`, (request: InteractionRequest, reply) => signIn.show(request, reply));
      pages.post(`${prefix}/interaction/:uid`, (request: InteractionRequest, reply) => signIn.submit(request, reply));
    });

    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // oidc-provider finds its mount path from `originalUrl` less `url`, as when mounted in Express.
      const raw: IncomingMessage & { originalUrl?: string } = request.raw;
      raw.originalUrl = raw.url;
      const rest = (raw.url ?? '').slice(prefix.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      void handle(raw, reply.raw);
    };
    oidc.all(prefix, forward);
    oidc.all(`${prefix}/*`, forward);
  });
}
