import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The stripe beside a notice: it marks the kind, the words say it, so it needs no contrast with the text. */
const NOTICE_STRIPES = { refused: '#e03131', asked: '#f08c00', done: '#2f9e44' } as const;

/**
 * What a visitor's action came to (a promo code refused, a stamp added) or what it still needs. Drawn
 * in the page's own text colour on its own background, not as a tinted Alert: a tint is resolved for
 * the document's colour scheme, which inside an organisation's themed frame need not be the frame's,
 * and then its text cannot be read. A refusal interrupts a screen reader; good news waits its turn.
 */
export function Notice({ tone, title, children }: { tone: keyof typeof NOTICE_STRIPES; title: string; children?: ReactNode }) {
  return (
    <Box
      role={tone === 'done' ? 'status' : 'alert'}
      py="xs"
      px="sm"
      style={{ border: '1px solid currentColor', borderLeft: `6px solid ${NOTICE_STRIPES[tone]}`, borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text fw={700}>{title}</Text>
      {children}
    </Box>
  );
}
