import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { AppRoutes } from '../routes/app-routes';

/** The whole app as a visitor arriving at `path` sees it; `beside` renders next to the routes. */
export function renderApp(path: string, beside?: ReactNode): RenderResult {
  return render(
    <AppProviders>
      {beside}
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}
