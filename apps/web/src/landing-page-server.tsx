import { fontUrl } from '@qr/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { VisitorProviders } from './app/visitor-providers';
import { LandingPageScreen } from './features/pages/landing-page-screen';
import { servedPageScript, type ServedLandingPage } from './features/pages/served-page';
import { fontFaceCss } from './features/visitor';

/** Text for HTML: the page's title goes into `<title>` as the organisation wrote it. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface RenderedLandingPage {
  /** Goes before `</head>`: the title, the page's two fonts and a preload of its body font. */
  head: string;
  /** Goes inside `<div id="root">`. */
  root: string;
  /** Goes after it: the data the browser hydrates from. */
  data: string;
}

/**
 * A visitor's landing page rendered on the server (built with `vite build --ssr` into
 * dist/apps/web/server/, loaded by the API at runtime): the same LandingPageScreen the browser
 * hydrates, so the content and form are in the first response on a slow phone connection.
 */
export function renderLandingPage(data: ServedLandingPage): RenderedLandingPage {
  const root = renderToString(
    <StrictMode>
      <VisitorProviders scheme="visitor">
        <LandingPageScreen lookup={data.lookup} served={data.served} form={data.form} thanked={data.thanked} />
      </VisitorProviders>
    </StrictMode>,
  );
  let head = '';
  if ('page' in data.served) {
    const { title, theme } = data.served.page;
    head =
      `<title>${escapeHtml(title)}</title>` +
      `<style>${fontFaceCss([theme.heading_font, theme.body_font])}</style>` +
      `<link rel="preload" as="font" type="font/woff2" crossorigin href="${fontUrl(theme.body_font, 400)}">`;
  }
  return { head, root, data: servedPageScript(data) };
}
