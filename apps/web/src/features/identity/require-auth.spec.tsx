import { screen, waitFor } from '@testing-library/react';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { RETURN_PATH_KEY } from './token-cache';

FakeKeycloak.signedIn = false;

test('a signed-out user opening an admin screen is sent to sign in, remembering where they were going', async () => {
  renderApp('/admin/my-codes?page=2');

  expect(screen.getByLabelText('Loading screen')).toBeTruthy();
  await waitFor(() => expect(FakeKeycloak.instances[0]?.loginCalls).toEqual([{ redirectUri: 'http://localhost/auth/login' }]));
  expect(localStorage.getItem(RETURN_PATH_KEY)).toBe('/admin/my-codes?page=2');
  expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
});
