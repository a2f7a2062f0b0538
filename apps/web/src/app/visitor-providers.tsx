import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { colourSchemeManager } from './colour-scheme-manager';
import { createQueryClient } from './query-client';
import { readableColours, theme } from './theme';

/** The theme, the stored colour scheme and the data cache: all a visitor's screen needs around it. */
export function VisitorProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColours} colorSchemeManager={colourSchemeManager} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
