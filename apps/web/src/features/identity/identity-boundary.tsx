import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { OrganizationRecordProvider } from '../organization';

// Lazy so that keycloak-js is downloaded only on the /admin and /auth routes, never by a visitor.
const AuthProvider = lazy(() => import('./auth-provider'));

/** Wraps the routes that need the sign-in state in one shared identity provider. */
export function IdentityBoundary() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AuthProvider>
        <OrganizationRecordProvider>
          <Outlet />
        </OrganizationRecordProvider>
      </AuthProvider>
    </Suspense>
  );
}
