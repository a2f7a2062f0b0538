import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  DomainError,
  FORM_POST_STEP_FIELD,
  FORM_POST_SUBMISSION_FIELD,
  FormPostFields,
  NamedPagePath,
  PagePath,
  PublicPagePath,
  SubmitBody,
  answersOfPost,
  formSteps,
  type FormAnswers,
  type PublicPageView,
} from '@qr/contracts';
import { checkAnswers } from '@qr/domain';
import type { Logger } from '@qr/platform';
import type { FastifyReply } from 'fastify';
import { CheckEventLocation } from '../experiences';
import { PageDirectory, PublicPageViews, SubmitFormCommand } from '../pages';
import { RequestValidationError } from './problem-details';

/**
 * What the web build's server entry (apps/web/src/landing-page-server.tsx, built with `vite build
 * --ssr` into dist/apps/web/server/) takes and gives. Described here, not imported: the API runs the
 * built file and never the web app's source.
 */
type Lookup = { id: string } | { name: string };
type ServedPage = { page: PublicPageView; allowed: boolean } | { refusal: 'unavailable' | 'paused' | 'not_built'; detail: string };
interface ServedForm {
  submission_id: string;
  step: number;
  answers: FormAnswers;
  errors: Record<string, string>;
}
interface LandingPageRenderer {
  renderLandingPage(data: { lookup: Lookup; served: ServedPage; form?: ServedForm; thanked?: boolean }): { head: string; root: string; data: string };
}

/** Where the browser posts the server-drawn form itself, and where it is sent once the answers are in. */
export const FORM_POST_ROUTE = '/page/:page_id/submit';
const thankYouPath = (pageId: string) => `/page/${pageId}/thank-you`;
const REFUSAL_STATUS = { unavailable: 404, paused: 409, not_built: 409 } as const;

/** The answers' problems by input name, as the form shows them next to its inputs. */
const errorsByInput = (problems: readonly { field: string; message: string }[], prefix: string): Record<string, string> =>
  Object.fromEntries(problems.filter(({ field }) => field.startsWith(prefix)).map(({ field, message }) => [field.slice(prefix.length), message]));

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
  const commands = app.get(CommandBus);

  const send = async (reply: FastifyReply, status: number, rendered: Parameters<LandingPageRenderer['renderLandingPage']>[0]) => {
    const { head, root, data } = renderer.renderLandingPage(rendered);
    const html = template
      .replace(/<title>[^<]*<\/title>/, head.includes('<title>') ? '' : '$&')
      .replace('</head>', `${head}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${root}</div>${data}`);
    await reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  /** The page as `lookup` finds it, or undefined once the plain HTML has been sent because its read failed. */
  const read = async (lookup: Lookup, valid: boolean, reply: FastifyReply): Promise<ServedPage | undefined> => {
    try {
      return valid ? await servedPage(lookup) : { refusal: 'unavailable', detail: '' };
    } catch (error) {
      // The page's read failed: the browser renders it from the API as it did before server rendering.
      log.error({ err: error, lookup }, 'landing page not rendered on the server');
      await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(template);
      return undefined;
    }
  };

  /** Each render's form gets its own submission id, so the same form posted twice is recorded once. */
  const serve = async (lookup: Lookup, valid: boolean, reply: FastifyReply, thanked = false) => {
    const served = await read(lookup, valid, reply);
    if (!served) return;
    const form = { submission_id: randomUUID(), step: 0, answers: {}, errors: {} };
    await send(reply, 'refusal' in served && served.refusal === 'unavailable' ? 404 : 200, { lookup, served, form, thanked });
  };

  /**
   * The form posted by the browser itself: a step that is not the last comes back as the next one
   * (or with its errors); the last is recorded by the same command as the JSON submit and answered
   * with a 303 to the thank-you page, or drawn again with the errors and the answers kept.
   */
  const submitPosted = async (pageId: string, body: unknown, reply: FastifyReply) => {
    const lookup = { id: pageId };
    const served = await read(lookup, PagePath.safeParse({ page_id: pageId }).success, reply);
    if (!served) return;
    if ('refusal' in served) return send(reply, REFUSAL_STATUS[served.refusal], { lookup, served });
    // The event-access guard has not let everyone in: the page is drawn as on a GET, with no form.
    if (!served.allowed) return send(reply, 403, { lookup, served });
    const fields = FormPostFields.safeParse(body);
    const posted = fields.success ? fields.data : {};
    const given = posted[FORM_POST_SUBMISSION_FIELD];
    const steps = formSteps(served.page.form);
    const step = Math.min(Math.max(Number.parseInt(String(posted[FORM_POST_STEP_FIELD] ?? '0'), 10) || 0, 0), Math.max(steps.length - 1, 0));
    const answers = answersOfPost(served.page.form, posted);
    const checked = SubmitBody.safeParse({ submission_id: typeof given === 'string' ? given : '', answers });
    const form = (at: number, errors: Record<string, string>): ServedForm => ({
      submission_id: checked.success ? checked.data.submission_id : randomUUID(),
      step: at,
      answers,
      errors,
    });
    if (!checked.success) {
      const errors = errorsByInput(
        checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message })),
        'answers.',
      );
      return send(reply, 400, { lookup, served, form: form(step, errors) });
    }
    if (step < steps.length - 1) {
      const names = new Set(steps[step]!.map((input) => input.name));
      const onStep = checkAnswers(steps[step]!, Object.fromEntries(Object.entries(answers).filter(([name]) => names.has(name))));
      if (!onStep.ok) return send(reply, 400, { lookup, served, form: form(step, errorsByInput(onStep.problems, '')) });
      return send(reply, 200, { lookup, served, form: form(step + 1, {}) });
    }
    try {
      await commands.execute(new SubmitFormCommand(served.page.page_id, checked.data));
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      const errors = errorsByInput(error.fieldErrors, 'body.answers.');
      const first = steps.findIndex((inputs) => inputs.some((input) => errors[input.name]));
      return send(reply, 400, { lookup, served, form: form(Math.max(first, 0), errors) });
    }
    await reply.status(303).header('location', thankYouPath(served.page.page_id)).send();
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
  fastify.get<{ Params: Record<string, string> }>('/page/:id/thank-you', async (request, reply) => {
    const id = request.params['id'] ?? '';
    return serve({ id }, PublicPagePath.safeParse({ id }).success, reply, true);
  });
  fastify.post<{ Params: Record<string, string> }>(FORM_POST_ROUTE, async (request, reply) =>
    submitPosted(request.params['page_id'] ?? '', request.body, reply),
  );
  fastify.get<{ Params: Record<string, string> }>('/p/:name', async (request, reply) => {
    const name = request.params['name'] ?? '';
    return serve({ name }, NamedPagePath.safeParse({ name }).success, reply);
  });
  return true;
}
