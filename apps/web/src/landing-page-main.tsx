import './app/visitor-styles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { VisitorProviders } from './app/visitor-providers';
import { LandingPageScreen } from './features/pages/landing-page-screen';
import { lookupOfPath } from './features/pages/public-page-api';
import { readServedPage } from './features/pages/served-page';

/**
 * The entry of landing-page.html, which the server sends for `/page/{id}` and `/p/{name}`: a
 * visitor on a phone downloads the page and its form, with no router and no admin code (issue 5).
 * The server renders the page into the HTML with its data beside it (landing-page-server.tsx);
 * this takes that markup over, or renders the page itself when it was sent unrendered.
 */
const container = document.getElementById('root');
if (container === null) throw new Error('landing-page.html has no #root element');

const served = readServedPage(document);
const screen = (
  <StrictMode>
    <VisitorProviders scheme="visitor">
      <LandingPageScreen
        lookup={served?.lookup ?? lookupOfPath(window.location.pathname)}
        served={served?.served}
        form={served?.form}
        thanked={served?.thanked}
      />
    </VisitorProviders>
  </StrictMode>
);
if (served) hydrateRoot(container, screen);
else createRoot(container).render(screen);
