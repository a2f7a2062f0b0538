import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { colourSchemeManager } from './colour-scheme-manager';
import { createQueryClient } from './query-client';
import { readableColours, theme } from './theme';

/**
 * A visitor's own page follows their phone's light or dark preference and never the admin's stored
 * choice (theme-store), which a visitor opening a page in the admin's browser would otherwise inherit.
 */
const visitorsOwnScheme: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/**
 * The theme, the colour scheme and the data cache: all a visitor's screen needs around it. The app
 * keeps the admin's stored scheme; the landing page's own entry the visitor's (`scheme="visitor"`).
 */
export function VisitorProviders({ children, scheme = 'stored' }: { children: ReactNode; scheme?: 'stored' | 'visitor' }) {
  const [client] = useState(createQueryClient);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={readableColours}
      colorSchemeManager={scheme === 'visitor' ? visitorsOwnScheme : colourSchemeManager}
      defaultColorScheme={scheme === 'visitor' ? 'auto' : 'light'}
    >
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
