import type { FormAnswers, PublicPageView } from '@qr/contracts';
import type { PageLookup } from './public-page-api';

/**
 * What the server already knows of a landing page when it sends the HTML, inlined for hydration:
 * the page and whether the event-access guard's first check lets everyone in, or why there is no page.
 */
export type ServedPage = { page: PublicPageView; allowed: boolean } | { refusal: 'unavailable' | 'paused' | 'not_built'; detail: string };

/**
 * The form as the server drew it: the submission id it made for this render (so a form sent twice,
 * by the browser itself or by the script, is recorded once), and after a native post the step shown,
 * the answers kept and the errors by input name.
 */
export interface ServedForm {
  submission_id: string;
  step: number;
  answers: FormAnswers;
  errors: Record<string, string>;
}

/** The server-rendered page's data as the browser finds it: beside the rendered markup in landing-page.html. */
export interface ServedLandingPage {
  lookup: PageLookup;
  served: ServedPage;
  form?: ServedForm;
  /** The thank-you page a natively posted form is sent on to. */
  thanked?: boolean;
}

export const SERVED_PAGE_ELEMENT_ID = 'served-page';

/**
 * The data as a `<script type="application/json">`: `<` is escaped, so no text an organisation or a
 * visitor wrote (`</script>`, `<!--`) can end the element early; JSON.parse reads `\u003c` back as `<`.
 */
export function servedPageScript(data: ServedLandingPage): string {
  return `<script type="application/json" id="${SERVED_PAGE_ELEMENT_ID}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
}

/** What the server inlined, or nothing when the page was sent unrendered (the dev server, a build without the server entry). */
export function readServedPage(document: Document): ServedLandingPage | undefined {
  const element = document.getElementById(SERVED_PAGE_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServedLandingPage) : undefined;
}
