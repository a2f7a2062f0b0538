import { Anchor, Box, Container, Group } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { PageLoader } from './page-loader';
import { ThemeToggle } from './theme-toggle';
import { VersionTag } from './version-tag';

/** Header, content and footer shared by the visitor-facing screens. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between">
            {/* A plain link: the landing page's own entry has no router. */}
            <Anchor href="/" fw={700} c="var(--mantine-color-text)" underline="never">
              QR Platform
            </Anchor>
            <ThemeToggle />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Container>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <VersionTag />
        </Container>
      </Box>
    </Box>
  );
}
