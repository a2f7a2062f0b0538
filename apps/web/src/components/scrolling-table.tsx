import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A striped table that scrolls sideways on a 375 px phone. The scrolling box takes the keyboard's
 * focus, so a table with no link inside can still be scrolled without a mouse (WCAG 2.1.1, axe's
 * `scrollable-region-focusable`, which Chromium reported on these screens), and is named as a region.
 */
export function ScrollingTable({
  label,
  minWidth,
  children,
  highlightOnHover,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
  highlightOnHover?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover={highlightOnHover}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
