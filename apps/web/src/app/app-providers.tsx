import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { GlobalLoadingProvider } from '../components/global-loading';
import { colourSchemeManager } from './colour-scheme-manager';
import { createQueryClient } from './query-client';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <MantineProvider theme={theme} colorSchemeManager={colourSchemeManager} defaultColorScheme="light">
      {/* Spec §9: messages stay until dismissed. */}
      <Notifications autoClose={false} />
      <QueryClientProvider client={queryClient}>
        <GlobalLoadingProvider>{children}</GlobalLoadingProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
