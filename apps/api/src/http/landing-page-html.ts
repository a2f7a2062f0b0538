import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { QueryBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError, NamedPagePath, PublicPagePath, type PublicPageView } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import type { FastifyReply } from 'fastify';
import { CheckEventLocation } from '../experiences';
import { PageDirectory, PublicPageViews } from '../pages';

/**
 * What the web build's server entry (apps/web/src/landing-page-server.tsx, built with `vite build
 * --ssr` into dist/apps/web/server/) takes and gives. Described here, not imported: the API runs the
 * built file and never the web app's source.
 */
type Lookup = { id: string } | { name: string };
type ServedPage = { page: PublicPageView; allowed: boolean } | { refusal: 'unavailable' | 'paused' | 'not_built'; detail: string };
interface LandingPageRenderer {
  renderLandingPage(data: { lookup: Lookup; served: ServedPage }): { head: string; root: string; data: string };
}

const SERVER_ENTRY = join('server', 'landing-page-server.cjs');
const REFUSALS: Partial<Record<string, 'unavailable' | 'paused' | 'not_built'>> = {
  page_not_found: 'unavailable',
  page_paused: 'paused',
  page_not_built: 'not_built',
};

/**
 * A visitor's `/page/{id}` and `/p/{name}` rendered on the server, so a slow phone's first response
 * already holds the organisation's content and form, with the page's data inlined for hydration and
 * its two fonts' rules in the head. The event-access guard's first question (spec §4 step 1) is asked
 * here: when it lets everyone in, the page is rendered open; otherwise it is rendered as the guard's
 * "unknown" (nothing) and the browser asks the rest, as before. Without the server entry in the web
 * build the routes are not taken and the plain landing-page.html is sent as before.
 */
export function serveLandingPages(app: NestFastifyApplication, distDir: string, log: Logger): boolean {
  const entry = join(distDir, SERVER_ENTRY);
  if (!existsSync(entry)) return false;
  const renderer = createRequire(join(distDir, 'server', '/'))(entry) as LandingPageRenderer;
  const template = readFileSync(join(distDir, 'landing-page.html'), 'utf8');
  const directory = app.get(PageDirectory);
  const views = app.get(PublicPageViews);
  const queries = app.get(QueryBus);

  const serve = async (lookup: Lookup, valid: boolean, reply: FastifyReply) => {
    let served: ServedPage;
    try {
      served = valid ? await servedPage(lookup) : { refusal: 'unavailable', detail: '' };
    } catch (error) {
      // The page's read failed: the browser renders it from the API as it did before server rendering.
      log.error({ err: error, lookup }, 'landing page not rendered on the server');
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(template);
    }
    const { head, root, data } = renderer.renderLandingPage({ lookup, served });
    const html = template
      .replace(/<title>[^<]*<\/title>/, head.includes('<title>') ? '' : '$&')
      .replace('</head>', `${head}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${root}</div>${data}`);
    await reply
      .status('refusal' in served && served.refusal === 'unavailable' ? 404 : 200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  const servedPage = async (lookup: Lookup): Promise<ServedPage> => {
    try {
      const page = await views.of('id' in lookup ? await directory.open(lookup.id) : await directory.openNamed(lookup.name));
      return { page, allowed: await allowsEveryone(page.page_id) };
    } catch (error) {
      const refusal = error instanceof DomainError ? REFUSALS[error.code] : undefined;
      if (refusal) return { refusal, detail: error instanceof DomainError ? error.message : '' };
      throw error;
    }
  };

  /** A failed check is a closed door, as in the browser (spec §8): the guard then asks again there. */
  const allowsEveryone = async (pageId: string): Promise<boolean> => {
    try {
      return await queries.execute(new CheckEventLocation(pageId));
    } catch (error) {
      log.warn({ err: error, page_id: pageId }, 'event-location check failed while rendering a landing page');
      return false;
    }
  };

  const fastify = app.getHttpAdapter().getInstance();
  fastify.get<{ Params: Record<string, string> }>('/page/:id', async (request, reply) => {
    const id = request.params['id'] ?? '';
    return serve({ id }, PublicPagePath.safeParse({ id }).success, reply);
  });
  fastify.get<{ Params: Record<string, string> }>('/p/:name', async (request, reply) => {
    const name = request.params['name'] ?? '';
    return serve({ name }, NamedPagePath.safeParse({ name }).success, reply);
  });
  return true;
}
