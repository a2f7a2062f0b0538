import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { MouseEventHandler } from 'react';

/**
 * A button that shows it is working yet stays enabled. Mantine's `loading` disables the button, and a
 * disabled button drops keyboard focus to the page: after Pause or a download, Tab started again
 * from the top and a screen reader lost its place. Clicks while busy are ignored instead.
 */
export function BusyButton({ busy, onClick, children, ...props }: ButtonProps & { busy: boolean; onClick: MouseEventHandler<HTMLButtonElement> }) {
  return (
    <Button {...props} aria-busy={busy} rightSection={busy ? <Loader size={14} color="currentColor" /> : undefined} onClick={busy ? undefined : onClick}>
      {children}
    </Button>
  );
}
