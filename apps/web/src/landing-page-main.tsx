import './app/visitor-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VisitorProviders } from './app/visitor-providers';
import { PublicFrame } from './components/public-frame';
import { LandingPageScreen } from './features/pages/landing-page-screen';
import { lookupOfPath } from './features/pages/public-page-api';

/**
 * The entry of landing-page.html, which the server sends for `/page/{id}` and `/p/{name}`: a
 * visitor on a phone downloads the page and its form, with no router and no admin code (issue 5).
 */
const container = document.getElementById('root');
if (container === null) throw new Error('landing-page.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <VisitorProviders>
      <PublicFrame>
        <LandingPageScreen lookup={lookupOfPath(window.location.pathname)} />
      </PublicFrame>
    </VisitorProviders>
  </StrictMode>,
);
