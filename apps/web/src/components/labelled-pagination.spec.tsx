import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { VisitorProviders } from '../app/visitor-providers';
import { LabelledPagination } from './labelled-pagination';

function Pager({ onChange }: { onChange: (page: number) => void }) {
  const [page, setPage] = useState(2);
  return (
    <LabelledPagination
      label="Pages of codes"
      total={5}
      value={page}
      onChange={(next) => {
        setPage(next);
        onChange(next);
      }}
    />
  );
}

test('a screen reader hears the pager’s arrows as previous and next page, each page by its number, and which page is shown', () => {
  const onChange = jest.fn();
  render(
    <VisitorProviders>
      <Pager onChange={onChange} />
    </VisitorProviders>,
  );
  const pager = screen.getByRole('navigation', { name: 'Pages of codes' });
  expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull();

  fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
  expect(onChange).toHaveBeenLastCalledWith(3);
  expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

  fireEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
  fireEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
  expect(onChange).toHaveBeenLastCalledWith(1);
  expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

  fireEvent.click(within(pager).getByRole('button', { name: 'Page 5' }));
  expect(onChange).toHaveBeenLastCalledWith(5);
});

test('on a phone, a long pager keeps to one line: the current page, both ends and the arrows, without its neighbours', () => {
  render(
    <VisitorProviders>
      <LabelledPagination total={10} value={5} onChange={() => undefined} />
    </VisitorProviders>,
  );
  const pager = screen.getByRole('navigation', { name: 'Pages' });
  expect(
    within(pager)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label')),
  ).toEqual(['Previous page', 'Page 1', 'Page 5', 'Page 10', 'Next page']);
});
