import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { ScreenNotice } from '../../components/screen-notice';
import { useAuth } from './auth-context';

/** Guards the admin area: a loader while the sign-in state settles, then sign-in if needed. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { authenticated, loading, error, login } = useAuth();
  const { pathname, search, hash } = useLocation();
  const redirecting = useRef(false);

  useEffect(() => {
    if (loading || authenticated || error !== null || redirecting.current) return;
    redirecting.current = true;
    void login(`${pathname}${search}${hash}`);
  }, [loading, authenticated, error, login, pathname, search, hash]);

  if (authenticated) return children;
  if (error !== null) return <ScreenNotice title="Sign-in failed" detail={error} />;
  return <PageLoader />;
}
