import { fireEvent, screen } from '@testing-library/react';
import { LoadingControls } from '../testing/loading-controls';
import { renderApp } from '../testing/render-app';

test('the app opens without the loading spinner', () => {
  renderApp('/', <LoadingControls />);

  expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
});

test('while loading, a spinner covers the whole screen above everything else, and goes on hide', () => {
  renderApp('/', <LoadingControls />);

  fireEvent.click(screen.getByRole('button', { name: 'Start loading' }));
  const overlay = screen.getByRole('progressbar', { name: 'Loading' });
  expect(overlay.style.position).toBe('fixed');
  expect(overlay.style.zIndex).toBe('3000');
  expect([overlay.style.top, overlay.style.left, overlay.style.width, overlay.style.height]).toEqual(['0px', '0px', '100vw', '100vh']);

  fireEvent.click(screen.getByRole('button', { name: 'Finish loading' }));
  expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
});
