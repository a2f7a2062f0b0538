import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** Where the draft stands, said beside the Save button. */
export type SaveState = { kind: 'clean' } | { kind: 'unsaved' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; reason: string };

const STATE_TEXT: Record<Exclude<SaveState['kind'], 'failed'>, string> = {
  clean: '',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved. Visitors see the new version now.',
};

/**
 * The Save button with what became of the last save, kept at the bottom of the window while the
 * editor scrolls, so both are where the user is whatever block they are editing.
 */
export function PageSaveBar({ state, onSave }: { state: SaveState; onSave(): void }) {
  return (
    <Paper
      component="section"
      aria-label="Save the page"
      withBorder
      shadow="sm"
      p="sm"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 4 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text role="status" size="sm" c={state.kind === 'failed' ? 'red' : undefined} fw={state.kind === 'unsaved' ? 600 : undefined}>
          {state.kind === 'failed' ? `Not saved: ${state.reason}` : STATE_TEXT[state.kind]}
        </Text>
        <Button size="md" loading={state.kind === 'saving'} onClick={onSave} style={{ flex: '0 0 auto' }}>
          Save page
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Asks before unsaved changes are thrown away: leaving for another screen of the app opens this
 * dialog; closing the tab or reloading gets the browser's own question.
 */
export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
      <Text>Your changes to this page are not saved yet. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay and keep editing
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
