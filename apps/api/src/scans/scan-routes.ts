import { QueryBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODE_ID_PATTERN } from '@qr/contracts';
import type { Logger } from '@qr/platform';
import { GetPublicOrganization } from '../identity';
import { CodeDirectory, type DirectoryEntry } from './code-directory';
import { ScanRecorder } from './scan-recorder';
import { OneTimeScans } from '../one-time-codes';
import { deletedCodePage, oneTimeCodePreviewPage, pausedCodePage, unavailablePage, unknownCodePage, usedCodePage } from './scan-pages';
import type { ApiFront } from '../http/api-front';
import { scanFrontRoute, wasHandedToWebApp } from './scan-front';
import { VisitorFactsReader, type Visit } from './visitor-facts';
import { pageAnswer, WEB_APP, type AnswerCodePage, type AnswerScan, type ScanAnswer, type ScanResponse, type ScanSource } from './scan-answer';

const PAUSED_RETRY_SECONDS = 3600;
/** Added to our own redirect to a code's page, so the page view is not counted as a second visit. */
const FROM_SCAN = 'via=qr';

/** Where a non-URL code's public page lives in the web app (spec §2). */
function publicPageOf({ codeId, content }: DirectoryEntry): string {
  switch (content.type) {
    case 'vcard':
      return `/card/${codeId}`;
    case 'note':
      return `/code/note/${codeId}`;
    case 'page':
      return `/page/${codeId}`;
    default:
      return `/code/${codeId}?${FROM_SCAN}`;
  }
}

/** A target may hold characters a header cannot (`https://example.com/€`): they go percent-encoded, as a browser would send them. */
const redirectTo = (location: string): ScanResponse => ({
  status: 302,
  headers: { location: location.replace(/[^\x21-\x7e]+/g, encodeURIComponent), 'cache-control': 'no-store' },
});

/**
 * The scan path: `/{code_id}` is what a printed QR encodes, `/code/{code_id}` the shared link. A
 * URL code answers 302 to its target once the scan is durable; other types go to their public page.
 * Whatever happens, the answer is a page a visitor can read, never a 500.
 */
export function scanAnswers(app: NestFastifyApplication, log: Logger): { scan: AnswerScan; preview: AnswerScan; codePage: AnswerCodePage } {
  const directory = app.get(CodeDirectory);
  const oneTimeCodes = app.get(OneTimeScans);
  const recorder = app.get(ScanRecorder);
  const visitors = app.get(VisitorFactsReader);
  const queries = app.get(QueryBus);

  const record = async (entry: DirectoryEntry, source: ScanSource, visit: Visit, at: Date) =>
    recorder.record(entry, source, await visitors.read(visit, at), at);

  /** Who is behind a code, for the pages that have nothing else to show; those pages still answer if it cannot be read. */
  const ownerOf = async ({ orgId }: DirectoryEntry): Promise<string | undefined> => {
    try {
      return (await queries.execute(new GetPublicOrganization(orgId))).name;
    } catch (error) {
      log.warn({ err: error, org_id: orgId }, 'organisation of a code not read');
      return undefined;
    }
  };
  const pausedAnswer = async (entry: DirectoryEntry) => pageAnswer(pausedCodePage(await ownerOf(entry)), { 'retry-after': String(PAUSED_RETRY_SECONDS) });
  /** The page and status of a code that is not active: ended, or paused. */
  const notLiveAnswer = async (entry: DirectoryEntry): Promise<ScanResponse> =>
    entry.status === 'deleted' ? pageAnswer(deletedCodePage(await ownerOf(entry))) : await pausedAnswer(entry);

  /**
   * An id the directory does not know may be a one-time code: it opens its base code once, for the
   * scan that wins its use; every other scan gets the "already used" page. A paused base code keeps
   * the use for later. The visitor goes to the base code's target or page, never to a page of the
   * one-time id, whose link is spent with it. A preview (HEAD) or a bot never uses it: one-time
   * links are handed out in messages, and the app's link preview (WhatsApp, Slack, iMessage) or a
   * mail scanner fetches them before the person they were meant for can.
   */
  const scanOneTime = async (codeId: string, source: ScanSource, visit: Visit, at: Date, counted: boolean): Promise<ScanAnswer> => {
    const oneTime = await oneTimeCodes.find(codeId);
    if (!oneTime) return pageAnswer(unknownCodePage());
    const base = await directory.find(oneTime.baseCodeId);
    if (!base) return pageAnswer(deletedCodePage());
    if (!oneTime.live || base.status === 'deleted') return pageAnswer(deletedCodePage(await ownerOf(base)));
    if (base.status === 'paused') return await pausedAnswer(base);
    if (oneTime.used) return pageAnswer(usedCodePage());
    const facts = counted ? await visitors.read(visit, at) : undefined;
    if (!facts || facts.bot) return pageAnswer(oneTimeCodePreviewPage());
    if (!(await oneTimeCodes.use(oneTime, at))) return pageAnswer(usedCodePage());
    await recorder.record(base, source, facts, at);
    return redirectTo(base.content.type === 'url' ? base.content.url : publicPageOf(base));
  };

  /** `counted` is false for a HEAD: link checkers and previewers send them, and a HEAD is no visit. */
  const answer = async (counted: boolean, source: ScanSource, codeId: string, path: string, visit: Visit): Promise<ScanAnswer> => {
    const at = new Date();
    try {
      const entry = await directory.find(codeId);
      if (!entry) return await scanOneTime(codeId, source, visit, at, counted);
      // Tested before any await: an active code, nearly every scan, goes on without a turn of the event loop.
      if (entry.status !== 'active') return await notLiveAnswer(entry);

      const followedOurRedirect = source === 'link' && path.endsWith(`?${FROM_SCAN}`);
      if (counted && !followedOurRedirect) await record(entry, source, visit, at);
      if (entry.content.type === 'url') return redirectTo(entry.content.url);
      // The shared link of a non-URL code is the web app's page itself.
      if (source === 'link') return WEB_APP;
      return redirectTo(publicPageOf(entry));
    } catch (error) {
      log.error({ err: error, code_id: codeId }, 'scan failed');
      return pageAnswer(unavailablePage());
    }
  };
  const scan: AnswerScan = (source, codeId, path, visit) => answer(true, source, codeId, path, visit);
  const preview: AnswerScan = (source, codeId, path, visit) => answer(false, source, codeId, path, visit);

  /** The web app's page of a code, while it is live; otherwise the page and status a scan of it gets. */
  const codePage: AnswerCodePage = async (codeId) => {
    try {
      const entry = await directory.find(codeId);
      if (!entry) return pageAnswer(unknownCodePage());
      return entry.status === 'active' ? WEB_APP : await notLiveAnswer(entry);
    } catch (error) {
      log.error({ err: error, code_id: codeId }, 'code page failed');
      return pageAnswer(unavailablePage());
    }
  };
  return { scan, preview, codePage };
}

/**
 * The scan path served two ways with one answer: by the scan front, ahead of Fastify, on the
 * server the API listens on (see ApiFront, scanFrontRoute), and as Fastify routes, which `inject` (the tests) and
 * whatever the front leaves to Fastify reach. Only ids of the code-id shape are taken, so `/share`
 * or `/dummy` still reach the web app.
 */
export function registerScanRoutes(app: NestFastifyApplication, log: Logger, front: ApiFront): void {
  const { scan, preview, codePage } = scanAnswers(app, log);
  front.serve(scanFrontRoute(scan, log));

  type ScanRequest = FastifyRequest<{ Params: { code_id: string } }>;
  const route = (source: ScanSource) => async (request: ScanRequest, reply: FastifyReply) => {
    if (wasHandedToWebApp(request.raw)) return reply.callNotFound();
    // Fastify answers a HEAD with the GET route; the front leaves every HEAD to Fastify.
    const answer = request.method === 'HEAD' ? preview : scan;
    const answered = await answer(source, request.params.code_id, request.url, request);
    if (answered === WEB_APP) return reply.callNotFound();
    return reply.code(answered.status).headers(answered.headers).send(answered.body);
  };
  const idParam = `:code_id(${CODE_ID_PATTERN.source})`;
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get(`/${idParam}`, route('qr'));
  fastify.get(`/code/${idParam}`, route('link'));

  // A code's own pages in the web app answer as its scan would when it is not live: the same page, and a status crawlers and caches understand.
  const pageRoute = async (request: ScanRequest, reply: FastifyReply) => {
    const answered = await codePage(request.params.code_id);
    if (answered === WEB_APP) return reply.callNotFound();
    return reply.code(answered.status).headers(answered.headers).send(answered.body);
  };
  fastify.get(`/card/${idParam}`, pageRoute);
  fastify.get(`/code/note/${idParam}`, pageRoute);
}
