import { fireEvent, screen } from '@testing-library/react';
import { installFakeApi, reply } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { codeIdIn } from './code-address';

const siteWith = (alt_host: string | null) => installFakeApi((path) => (path === '/api/v1/public/site' ? reply(200, { alt_host }) : undefined));

test('on the main host the home page names the product and offers sign-in, sign-up and the API documentation', async () => {
  siteWith('qr.example');
  renderApp('/');

  expect(await screen.findByRole('heading', { level: 1, name: 'QR Platform' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
  expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/login');
  expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
});

test('the home page shows the product version v0.12.1', () => {
  siteWith(null);
  renderApp('/');

  expect(screen.getByText('v0.12.1')).toBeTruthy();
});

test('on the alternate host (ALT_HOST) a visitor gets a screen to enter or scan a code, and is told when the text is not a code', async () => {
  siteWith(window.location.host);
  renderApp('/');

  expect(await screen.findByRole('heading', { level: 1, name: 'Open a code' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Scan a QR code' })).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'not a code' } });
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect(await screen.findByText(/A code is the 10 letters and digits printed under the QR/)).toBeTruthy();
});

test('a code is found in what a visitor types or scans: the id, or a link ending in it', () => {
  expect(codeIdIn(' AbCd123456 ')).toBe('AbCd123456');
  expect(codeIdIn('https://qr.example/AbCd123456')).toBe('AbCd123456');
  expect(codeIdIn('https://app.example/code/AbCd123456?utm=x')).toBe('AbCd123456');
  expect(codeIdIn('https://elsewhere.example/menu')).toBeUndefined();
  expect(codeIdIn('AbCd')).toBeUndefined();
});
