import type { FieldError, PublicPageView, ReturnPageView, SubmitBody } from '@qr/contracts';
import { publicFetch } from '../../api/api-fetch';

/** The page cannot be shown: unknown, taken down, or a malformed id. */
export class PageUnavailable extends Error {}
/** The page's code is paused: the page says so and takes no submissions. */
export class PagePaused extends Error {}
/** The code is live, but its page has not been built yet. */
export class PageNotBuilt extends Error {}

/** Answers by input name, for the inputs they belong to. */
export class AnswersRefused extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super('Some answers need a second look.');
  }
}

async function refusalOf(response: Response): Promise<Error> {
  const problem = (await response.json().catch(() => ({}))) as { code?: string; detail?: string; errors?: FieldError[] };
  if (problem.code === 'page_paused') return new PagePaused(problem.detail);
  if (problem.code === 'page_not_built') return new PageNotBuilt(problem.detail);
  if (response.status === 404 || problem.code === 'page_not_found') return new PageUnavailable(problem.detail);
  if (response.status === 400 && problem.errors) {
    const prefix = 'body.answers.';
    const fieldErrors: Record<string, string> = {};
    for (const { field, message } of problem.errors) if (field.startsWith(prefix)) fieldErrors[field.slice(prefix.length)] ??= message;
    if (Object.keys(fieldErrors).length > 0) return new AnswersRefused(fieldErrors);
  }
  if (response.status === 400) return new PageUnavailable(problem.detail);
  return new Error(problem.detail ?? `The page could not be reached (${response.status}). Please try again.`);
}

/** How a visitor reached the page: `/page/{page or code id}` or its vanity name, `/p/{name}`. */
export type PageLookup = { id: string } | { name: string };

/** The lookup in a visitor's address; anything else finds no page. */
export function lookupOfPath(pathname: string): PageLookup {
  const [, prefix = '', key = ''] = /^\/(page|p)\/([^/]+)\/?$/.exec(pathname) ?? [];
  return prefix === 'p' ? { name: decodeURIComponent(key) } : { id: decodeURIComponent(key) };
}

/** The address landing-page.html preloads for the same lookup, so this fetch is answered from that preload. */
export const publicPageAddress = (lookup: PageLookup) =>
  'id' in lookup ? `/api/v1/public/pages/${encodeURIComponent(lookup.id)}` : `/api/v1/public/named-pages/${encodeURIComponent(lookup.name)}`;

/**
 * Without sign-in: a visitor's page carries no sign-in or admin code (DESIGN.md §7). Nor zod: the
 * landing page is a phone's download, so its answers are taken as the contract's types unparsed.
 */
export async function fetchPublicPage(lookup: PageLookup): Promise<PublicPageView> {
  const response = await publicFetch(publicPageAddress(lookup));
  if (response.ok) return (await response.json()) as PublicPageView;
  throw await refusalOf(response);
}

export async function submitAnswers(pageId: string, body: SubmitBody): Promise<void> {
  const response = await publicFetch(`/api/v1/public/pages/${encodeURIComponent(pageId)}/submissions`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await refusalOf(response);
}

/** Spec §7 "return page": has the person with this email submitted the page before, and is the loyalty exchange they name theirs? */
export async function findReturningVisitor(pageId: string, email: string, exchangeId?: string): Promise<ReturnPageView> {
  const response = await publicFetch(`/api/v1/public/pages/${encodeURIComponent(pageId)}/return`, {
    method: 'POST',
    body: JSON.stringify({ email, ...(exchangeId && { exchange_id: exchangeId }) }),
  });
  if (response.ok) return (await response.json()) as ReturnPageView;
  const problem = (await response.json().catch(() => ({}))) as { errors?: FieldError[]; detail?: string };
  throw new Error(problem.errors?.[0]?.message ?? problem.detail ?? `The check could not be made (${response.status}). Please try again.`);
}
