import { fireEvent, waitFor, within } from '@testing-library/react';

/** Opens a Mantine select and picks an option from its own list (other selects' hidden lists hold the same names). */
export async function pickOption(combobox: HTMLElement, option: string): Promise<void> {
  fireEvent.click(combobox);
  const list = await waitFor(() => {
    const found = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the list has not opened');
    return found;
  });
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}
