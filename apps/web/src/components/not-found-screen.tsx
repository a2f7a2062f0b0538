import { useGlobalLoading } from './global-loading';
import { PublicFrame } from './public-frame';
import { ScreenNotice } from './screen-notice';

/**
 * The catch-all. While the app is still loading (spec §2) a path may yet turn out to be valid, so
 * nothing is claimed until the loading flag is off.
 */
export function NotFoundScreen() {
  const { loading } = useGlobalLoading();
  if (loading) return null;

  return (
    <PublicFrame>
      <ScreenNotice title="Page not found" detail="There is nothing at this address." />
    </PublicFrame>
  );
}
