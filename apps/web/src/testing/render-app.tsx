import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { routeTable } from '../routes/route-table';

/**
 * The whole app as a visitor arriving at `path` sees it (or at the last of several, with the others
 * behind it in the history); `beside` renders next to the routes. The router tells where the app went.
 */
export function renderApp(path: string | string[], beside?: ReactNode): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const entries = typeof path === 'string' ? [path] : path;
  const router = createMemoryRouter(routeTable, { initialEntries: entries, initialIndex: entries.length - 1 });
  const result = render(
    <AppProviders>
      {beside}
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
