import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VisitorProviders } from '../app/visitor-providers';
import { CopyTextButton } from './copy-text-button';

const LINK = 'http://qr.example.lan/s/MenuCode01';

function showButton() {
  render(
    <VisitorProviders>
      <CopyTextButton value={LINK} label="Copy link" />
    </VisitorProviders>,
  );
}

function giveClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => giveClipboard(undefined));

test('copying a link says “Copied” to a screen reader, in a polite live region', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  giveClipboard({ writeText });
  showButton();
  fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
  expect(writeText).toHaveBeenCalledWith(LINK);
  expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
});

test('on a plain-http server with no clipboard, copying says it failed and shows the text selected to copy by hand', async () => {
  giveClipboard(undefined);
  showButton();
  fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(await screen.findByText(/did not let the page copy/)).toBeTruthy();
  expect(screen.getByRole('status').textContent).toMatch(/did not let the page copy/);
  const byHand = screen.getByRole<HTMLInputElement>('textbox', { name: 'Text to copy' });
  expect(byHand.value).toBe(LINK);
  expect(byHand.readOnly).toBe(true);
  expect(document.activeElement).toBe(byHand);
  expect([byHand.selectionStart, byHand.selectionEnd]).toEqual([0, LINK.length]);
});

test('when the browser refuses the clipboard, copying says so rather than nothing', async () => {
  giveClipboard({ writeText: jest.fn().mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError')) });
  showButton();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
  });
  expect(screen.getByRole('status').textContent).toMatch(/did not let the page copy/);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Text to copy' }).value).toBe(LINK);
  expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
});
