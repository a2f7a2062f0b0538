import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { VisitorProviders } from '../app/visitor-providers';
import { ConfirmDialog } from './confirm-dialog';

function Asking() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>Remove Posters</button>
      <ConfirmDialog
        opened={opened}
        title="Remove this folder?"
        confirmLabel="Remove folder"
        pending={false}
        failure={null}
        onConfirm={() => undefined}
        onClose={() => setOpened(false)}
      >
        Its codes stay in My codes.
      </ConfirmDialog>
    </>
  );
}

test('a confirm dialog opens with focus on Cancel, names its close button, and gives focus back when closed', async () => {
  render(
    <VisitorProviders>
      <Asking />
    </VisitorProviders>,
  );
  const opener = screen.getByRole('button', { name: 'Remove Posters' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Remove this folder?' });
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));

  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});
