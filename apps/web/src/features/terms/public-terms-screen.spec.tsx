import { screen } from '@testing-library/react';
import { installFakeApi, reply } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const ORG_ID = '5b0c6f7e-3d1a-4c2b-9e8f-0a1b2c3d4e5f';

test('anyone reads an organization’s terms at /{id}/terms, shown as text', async () => {
  const api = installFakeApi((path) =>
    path === `/api/v1/public/organizations/${ORG_ID}/terms`
      ? reply(200, { organization_name: 'Corner Café', organization_logo: null, version: 3, text: 'No <i>running</i>.', published_at: '2026-11-01T10:00:00Z' })
      : undefined,
  );
  renderApp(`/${ORG_ID}/terms`);

  expect(await screen.findByRole('heading', { name: 'Terms of Corner Café' })).toBeTruthy();
  expect(screen.getByText('No <i>running</i>.')).toBeTruthy();
  expect(screen.getByText(/Version 3/)).toBeTruthy();
  // A visitor's page sends no credentials.
  expect(new Headers(api.mock.calls[0]?.[1]?.headers).get('Authorization')).toBeNull();
});

test('an organization without terms gets a plain explanation, not an error', async () => {
  installFakeApi(() => undefined);
  renderApp(`/${ORG_ID}/terms`);

  expect(await screen.findByText(/There are no terms to show at this address/)).toBeTruthy();
});
