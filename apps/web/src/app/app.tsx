import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '../routes/app-routes';
import { AppProviders } from './app-providers';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
