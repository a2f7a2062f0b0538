import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built React app from the API's own port, so `npm start` is the whole product in one
 * process. Hashed assets are cached for a year; index.html never, so a deploy shows at once.
 * Returns false when there is no build to serve.
 */
export async function serveWebApp(app: NestFastifyApplication, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each file; they are sent as they are, never compressed per request.
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * Client-side routes (/admin/…, /page/…) get the app shell, whatever their last segment holds: a
 * route may end in an email address or a name with a dot (/deleteAlert/ann@example.com). Files that
 * exist never get here (they are served before), API paths never get the shell, and a missing file
 * under the built assets folder stays a 404, so a stale script tag fails plainly instead of loading HTML.
 */
export function wantsAppShell(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    path !== '/api' &&
    !path.startsWith('/assets/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** A visitor's landing page has an entry of its own, with none of the app's router or admin code. */
const LANDING_PAGE_PATH = /^\/(page|p)\/[^/]+\/?$/;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const ADMIN_PATH = /^\/admin(\/|\?|$)/;

/** What the server is known as: PUBLIC_URL, and the short host printed in QR codes (ALT_HOST). */
export interface PublicAddress {
  publicUrl: string;
  altHost?: string;
}

/**
 * Where an admin page asked for under another loopback name than PUBLIC_URL's must be opened
 * instead. Sign-in returns only to PUBLIC_URL's own origin (the client's redirect URIs), so the app
 * opened at http://127.0.0.1:3000 while PUBLIC_URL is http://localhost:3000 (both printed at start)
 * failed at its first sign-in with "redirect_uri did not match". Visitor pages, the short host and
 * any other host are left alone.
 */
export function canonicalPageUrl(request: FastifyRequest, { publicUrl, altHost }: PublicAddress): string | undefined {
  const canonical = new URL(publicUrl);
  const host = request.headers.host?.toLowerCase();
  if (!host || host === canonical.host || host === altHost || !LOOPBACK_NAMES.has(canonical.hostname)) return undefined;
  if (!ADMIN_PATH.test(request.url)) return undefined;
  let asked: URL;
  try {
    asked = new URL(`http://${host}`);
  } catch {
    return undefined;
  }
  if (!LOOPBACK_NAMES.has(asked.hostname) || asked.port !== canonical.port) return undefined;
  return new URL(request.url, canonical).href;
}

export async function sendAppShell(request: FastifyRequest, reply: FastifyReply, address: PublicAddress): Promise<void> {
  const canonical = canonicalPageUrl(request, address);
  if (canonical) return void (await reply.redirect(canonical, 302));
  const shell = LANDING_PAGE_PATH.test(request.url.split('?')[0]!) ? 'landing-page.html' : 'index.html';
  await reply.header('cache-control', 'no-cache').sendFile(shell);
}

const WALL_EMBED_PATH = /^\/wall-embed\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?|$)/i;

/** The sites a wall may be framed by; none for an unknown or deleted wall. */
export type EmbedOriginsOf = (wallId: string) => Promise<readonly string[]>;

/**
 * No page of ours may be framed (clickjacking), except `/wall-embed/{wall_id}` by the sites its wall
 * was embedded in (issue 57). Every HTML answer says so in CSP `frame-ancestors`, and in
 * X-Frame-Options for browsers that predate it; the embed gets no X-Frame-Options, which cannot name
 * sites. A page that sets its own policy (the sign-in page) keeps it.
 */
export function refuseFraming(fastify: FastifyInstance, embedOriginsOf: EmbedOriginsOf): void {
  fastify.addHook('onSend', async (request, reply) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
    const wallId = WALL_EMBED_PATH.exec(request.url)?.[1];
    const origins = wallId ? await embedOriginsOf(wallId) : [];
    if (!wallId) void reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy'))
      void reply.header('content-security-policy', `frame-ancestors ${origins.length > 0 ? origins.join(' ') : "'none'"}`);
  });
}
