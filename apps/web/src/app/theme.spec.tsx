import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../testing/render-app';
import { theme } from './theme';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

test('a first visit is light, and the toggle switches to dark and remembers it in theme-store', () => {
  renderApp('/');
  expect(scheme()).toBe('light');

  fireEvent.click(screen.getByRole('button', { name: 'Toggle colour scheme' }));

  expect(scheme()).toBe('dark');
  expect(localStorage.getItem('theme-store')).toBe('dark');
});

test('toggling twice brings the light scheme back', () => {
  renderApp('/');
  const toggle = screen.getByRole('button', { name: 'Toggle colour scheme' });

  fireEvent.click(toggle);
  fireEvent.click(toggle);

  expect(scheme()).toBe('light');
  expect(localStorage.getItem('theme-store')).toBe('light');
});

test('a visitor who chose dark last time gets dark again on load', () => {
  localStorage.setItem('theme-store', 'dark');

  renderApp('/');

  expect(scheme()).toBe('dark');
});

test('date pickers offer only 1900-01-01 to 2099-12-31 unless a screen says otherwise', () => {
  for (const picker of ['DateInput', 'DatePickerInput', 'DatePicker']) {
    expect(theme.components?.[picker]?.defaultProps).toEqual({ minDate: '1900-01-01', maxDate: '2099-12-31' });
  }
});

test('dialogs open small with the deepest shadow', () => {
  expect(theme.components?.Modal?.defaultProps).toEqual({ size: 'sm', shadow: 'xl' });
});
