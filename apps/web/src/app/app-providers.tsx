import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { GlobalLoadingProvider } from '../components/global-loading';
import { VisitorProviders } from './visitor-providers';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <VisitorProviders>
      {/* Spec §9: messages stay until dismissed. */}
      <Notifications autoClose={false} />
      <GlobalLoadingProvider>{children}</GlobalLoadingProvider>
    </VisitorProviders>
  );
}
