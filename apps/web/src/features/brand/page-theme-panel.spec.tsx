import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PAGE_BLOCKS, DEFAULT_REGISTRATION_FORM, DEFAULT_THEME_STYLE, PAGE_THEME_PRESETS, type PageTheme } from '@qr/contracts';
import { useState } from 'react';
import { AppProviders } from '../../app/app-providers';
import { ACME_ORG_ID, acmeOrganizations, installFakeApi, reply, requestsOf, type FakeApi } from '../../testing/fake-api';
import FakeKeycloak from '../../testing/fake-keycloak';
import { renderApp } from '../../testing/render-app';
import { ORGANIZATION_STORE_KEY, OrganizationRecordProvider } from '../organization';
import { PageThemePanel } from './page-theme-panel';

const midnight = PAGE_THEME_PRESETS.find((preset) => preset.id === 'midnight')!;
let chosen: PageTheme;

function Harness({ start }: { start: PageTheme }) {
  const [theme, setTheme] = useState(start);
  chosen = theme;
  return <PageThemePanel value={theme} onChange={setTheme} brandKit={DEFAULT_THEME_STYLE} />;
}

const renderPanel = (start: PageTheme = { source: 'brand_kit' }) =>
  render(
    <AppProviders>
      <OrganizationRecordProvider>
        <Harness start={start} />
      </OrganizationRecordProvider>
    </AppProviders>,
  );

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);

test('an own theme starts from the first preset, and picking Midnight fills its colours, fonts and look', () => {
  renderPanel();
  fireEvent.click(screen.getByRole('radio', { name: 'Own theme' }));
  expect(screen.getByRole('radio', { name: 'Classic' }).getAttribute('aria-checked')).toBe('true');

  fireEvent.click(screen.getByRole('radio', { name: 'Midnight' }));
  expect(screen.getByRole('radio', { name: 'Midnight' }).getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole('radio', { name: 'Classic' }).getAttribute('aria-checked')).toBe('false');
  expect(field('Primary (light)').value).toBe('#38bdf8');
  expect(field('Background (light)').value).toBe('#0f172a');
  expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Heading font' }).value).toBe('Space Grotesk');
  expect(screen.getByRole<HTMLInputElement>('switch', { name: /^Also a dark version/ }).checked).toBe(false);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Pill' }).checked).toBe(true);
  expect(chosen).toEqual({ source: 'custom', preset: 'midnight', style: midnight.style, background: midnight.background });
});

test('the presets are picked with the arrow keys, as one group of radio buttons', () => {
  renderPanel({ source: 'custom', preset: 'midnight', style: midnight.style, background: midnight.background });
  const card = screen.getByRole('radio', { name: 'Midnight' });
  card.focus();
  fireEvent.keyDown(card, { key: 'ArrowRight', code: 'ArrowRight' });

  const next = screen.getByRole('radio', { name: 'Sunrise' });
  expect(document.activeElement).toBe(next);
  expect(next.getAttribute('aria-checked')).toBe('true');
  expect(field('Gradient to').value).toBe('#ffd8c4');
});

test('a gradient is checked at both ends: each failing pair is named with its ratio and what it needs', () => {
  renderPanel({ source: 'custom', preset: 'classic', style: DEFAULT_THEME_STYLE, background: { kind: 'colour' } });
  const status = screen.getByRole('status', { name: 'Contrast check' });
  expect(within(status).getByText('✓ Every colour pair passes the WCAG AA contrast check.')).toBeTruthy();

  fireEvent.click(screen.getByRole('radio', { name: 'A gradient' }));
  fireEvent.change(field('Gradient to'), { target: { value: '#333333' } });
  // The light text fails on the gradient's dark end, the dark scheme's light text on its white end.
  expect(within(status).getByText('Body text on the background (light): 1.2:1, needs 4.5:1.')).toBeTruthy();
  expect(within(status).getByText('Body text on the background (dark): 1.2:1, needs 4.5:1.')).toBeTruthy();
  expect(chosen).toMatchObject({ background: { kind: 'gradient', from: '#ffffff', to: '#333333', angle: 180 } });
});

test('going back to the brand kit and on to an own theme again keeps the own theme’s edits', () => {
  renderPanel({ source: 'custom', preset: 'midnight', style: midnight.style, background: midnight.background });
  fireEvent.change(field('Accent (light)'), { target: { value: '#fb7185' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Use the brand kit' }));
  expect(chosen).toEqual({ source: 'brand_kit' });
  expect(screen.queryByLabelText('Accent (light)')).toBeNull();

  fireEvent.click(screen.getByRole('radio', { name: 'Own theme' }));
  expect(field('Accent (light)').value).toBe('#fb7185');
});

describe('the page builder', () => {
  const PAGE_ID = '0b9f6b52-2f0e-4f4e-9a55-0d5c4d7f3e11';
  const unreadable: PageTheme = {
    source: 'custom',
    preset: null,
    style: { ...DEFAULT_THEME_STYLE, dark: null, light: { ...DEFAULT_THEME_STYLE.light, text: '#aaaaaa' } },
    background: { kind: 'colour' },
  };
  const page = {
    page_id: PAGE_ID,
    code_id: 'AbCdEf1234',
    org_id: ACME_ORG_ID,
    title: 'Welcome',
    vanity_name: null,
    blocks: DEFAULT_PAGE_BLOCKS,
    form: DEFAULT_REGISTRATION_FORM,
    success_message: 'Your details are in.',
    success_button: null,
    theme: unreadable,
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
  };
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    FakeKeycloak.signedIn = true;
    localStorage.setItem(ORGANIZATION_STORE_KEY, JSON.stringify({ org_id: ACME_ORG_ID, org_name: 'Acme', organization_logo: '', role: 'editor' }));
    api = installFakeApi((url, method, body) => {
      if (url === '/api/v1/organizations') return acmeOrganizations('editor');
      if (url === `/api/v1/pages/${PAGE_ID}` && method === 'GET') return reply(200, page);
      if (url === `/api/v1/pages/${PAGE_ID}` && method === 'PUT') return reply(200, { ...page, ...(body as object) });
      return undefined;
    });
  });

  test('refuses to save a page whose own theme is hard to read, naming the pair, and saves once it is fixed', async () => {
    renderApp(`/admin/update-page/${PAGE_ID}`);
    const theme = await screen.findByRole('region', { name: 'Theme' });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));

    const bar = screen.getByRole('region', { name: 'Save the page' });
    expect(within(bar).getByRole('status').textContent).toBe(
      'Not saved: the theme is hard to read. Body text on the background (light): 2.3:1, needs 4.5:1. ' +
        'Text in form inputs (light): 2.3:1, needs 4.5:1. Form input borders on the background (light): 1.7:1, needs 3:1.',
    );
    expect(requestsOf(api, 'PUT')).toEqual([]);

    fireEvent.change(within(theme).getByLabelText('Text (light)'), { target: { value: '#212529' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(requestsOf(api, 'PUT')).toHaveLength(1));
    expect((requestsOf(api, 'PUT')[0]![1] as { theme: PageTheme }).theme).toEqual({
      ...unreadable,
      style: { ...unreadable.style, light: DEFAULT_THEME_STYLE.light },
    });
  });
});
