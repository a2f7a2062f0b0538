import { screen } from '@testing-library/react';
import { renderApp } from '../../testing/render-app';

test('the home page names the product and offers sign-in and the API documentation', () => {
  renderApp('/');

  expect(screen.getByRole('heading', { level: 1, name: 'QR Platform' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
  expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
});

test('the home page shows the product version v0.12.1', () => {
  renderApp('/');

  expect(screen.getByText('v0.12.1')).toBeTruthy();
});
