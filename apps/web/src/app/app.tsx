import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routeTable } from '../routes/route-table';
import { AppProviders } from './app-providers';

// A data router, because the page builder asks before leaving unsaved changes (useBlocker needs one).
const router = createBrowserRouter(routeTable);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
