import { fireEvent, screen, waitFor } from '@testing-library/react';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { RETURN_PATH_KEY, TOKEN_CACHE_KEY } from './token-cache';

// keycloak-js is FakeKeycloak here (jest.config.js); one instance serves the whole file, as in a page.
const cached = { token: 'old-access', refreshToken: 'old-refresh', idToken: 'old-id' };
localStorage.setItem(TOKEN_CACHE_KEY, JSON.stringify(cached));

test('returning from the provider lands on the stored return path, signed in, with the token cache saved', async () => {
  localStorage.setItem(RETURN_PATH_KEY, '/admin/payment');
  renderApp('/auth/login');

  expect(await screen.findByText('Payment arrives in a later release.')).toBeTruthy();
  expect(screen.getByText('ada@example.com')).toBeTruthy();
  expect(localStorage.getItem(RETURN_PATH_KEY)).toBeNull();

  expect(FakeKeycloak.instances).toHaveLength(1);
  const keycloak = FakeKeycloak.instances[0]!;
  expect(keycloak.config).toEqual({ clientId: 'qr-web', oidcProvider: 'http://localhost/oidc' });
  expect(keycloak.initOptions).toMatchObject({
    pkceMethod: 'S256',
    checkLoginIframe: false,
    redirectUri: 'http://localhost/auth/login',
    ...cached,
  });
  expect(JSON.parse(localStorage.getItem(TOKEN_CACHE_KEY) ?? 'null')).toEqual({
    token: 'access-token',
    refreshToken: 'refresh-token',
    idToken: 'id-token',
  });
});

test('signing out forgets the token cache and asks the provider to send the user home', async () => {
  renderApp('/admin/my-codes');

  fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

  await waitFor(() => expect(FakeKeycloak.instances[0]?.logoutCalls).toEqual([{ redirectUri: 'http://localhost/' }]));
  expect(localStorage.getItem(TOKEN_CACHE_KEY)).toBeNull();
});
