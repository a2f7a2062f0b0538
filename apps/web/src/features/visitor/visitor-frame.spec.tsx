import { MantineProvider } from '@mantine/core';
import { DEFAULT_THEME_STYLE, PAGE_THEME_PRESETS, type PublicOrganization, type VisitorTheme } from '@qr/contracts';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { APP_VERSION } from '../../app/app-version';
import { ThankYouScreen } from './thank-you-screen';
import { VisitorFrame } from './visitor-frame';
import { fontFaceCss, VisitorThemeScope } from './visitor-theme';

const THEME: VisitorTheme = { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } };
const ACME: PublicOrganization = { name: 'Acme Bakery', logo: 'https://cdn.example.com/acme.png', theme: THEME };

const drawn = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);
const stylesheetOf = (container: HTMLElement) => container.querySelector('[data-visitor-theme] > style')?.textContent ?? '';

/** A phone whose owner chose dark (or light) in its settings. */
function prefersDark(dark: boolean): void {
  window.matchMedia = (query: string) =>
    ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
const asPhone = window.matchMedia;
afterEach(() => {
  window.matchMedia = asPhone;
  localStorage.clear();
});

test('the frame carries the organisation’s logo and name and nothing of the platform: no "QR Platform", toggle or version', () => {
  const { container } = drawn(
    <VisitorFrame organization={ACME}>
      <p>Fresh bread daily</p>
    </VisitorFrame>,
  );
  expect(screen.getByText('Acme Bakery')).toBeTruthy();
  expect(container.querySelector('img[src="https://cdn.example.com/acme.png"]')).toBeTruthy();
  expect(screen.getByRole('main').textContent).toBe('Fresh bread daily');
  expect(container.textContent).not.toContain('QR Platform');
  expect(container.textContent).not.toContain(APP_VERSION);
  expect(screen.queryByRole('button')).toBeNull();
});

test('the theme scope draws its subtree in the theme: colours, fonts, radius and button style, with its fonts served by us', () => {
  const sunrise = PAGE_THEME_PRESETS.find((preset) => preset.id === 'sunrise')!;
  const theme: VisitorTheme = { ...sunrise.style, background: { kind: 'gradient', from: '#fff4ec', to: '#ffd8c4', angle: 180 } };
  const { container } = drawn(
    <VisitorThemeScope theme={theme}>
      <p>Hello</p>
    </VisitorThemeScope>,
  );
  const scope = container.querySelector<HTMLElement>('[data-visitor-theme]')!;
  const css = stylesheetOf(container);
  expect(css).toContain('--mantine-color-body:#fff4ec');
  expect(css).toContain('--mantine-primary-color-filled:#b3261e');
  expect(css).toContain('--mantine-primary-color-contrast:#ffffff');
  expect(css).toContain('--mantine-radius-default:16px');
  expect(css).toContain('--mantine-font-family-headings:"Playfair Display", Georgia');
  expect(css).toContain('--button-radius:999px');
  expect(css).toContain('src:url(/fonts/work-sans/400.woff2) format("woff2")');
  expect(css).not.toContain('prefers-color-scheme');
  expect(scope.style.backgroundImage).toBe('linear-gradient(180deg, #fff4ec, #ffd8c4)');
  // Scoped to its own subtree, never the document: an admin preview leaves the app as it was.
  expect(css.startsWith('@font-face')).toBe(true);
  expect(
    css
      .replace(/@font-face\{[^}]*\}/g, '')
      .split('}')
      .filter(Boolean)
      .every((rule) => rule.trimStart().startsWith('[data-visitor-theme=')),
  ).toBe(true);
});

test('the visitor’s own dark preference picks the theme’s dark colours, not the admin’s stored choice', () => {
  localStorage.setItem('theme-store', 'light');
  prefersDark(true);
  const { container, unmount } = drawn(<VisitorThemeScope theme={THEME}>x</VisitorThemeScope>);
  expect(container.querySelector('[data-visitor-theme]')!.getAttribute('data-mantine-color-scheme')).toBe('dark');
  expect(stylesheetOf(container)).toMatch(/@media \(prefers-color-scheme: dark\)\{[^@]*--mantine-color-body:#1a1b1e/);
  unmount();

  // A theme without dark colours stays as designed on a dark phone.
  const light = drawn(<VisitorThemeScope theme={{ ...THEME, dark: null }}>x</VisitorThemeScope>);
  expect(light.container.querySelector('[data-visitor-theme]')!.getAttribute('data-mantine-color-scheme')).toBe('light');
  expect(stylesheetOf(light.container)).not.toContain('prefers-color-scheme');
});

test('a light phone gets the light colours even when the admin chose dark in this browser', () => {
  localStorage.setItem('theme-store', 'dark');
  prefersDark(false);
  const { container } = drawn(<VisitorThemeScope theme={THEME}>x</VisitorThemeScope>);
  expect(container.querySelector('[data-visitor-theme]')!.getAttribute('data-mantine-color-scheme')).toBe('light');
});

test('an image background is laid under its overlay, its address quoted so it cannot break out of the rule', () => {
  const theme: VisitorTheme = { ...THEME, background: { kind: 'image', url: 'https://x.example/a.jpg?s=1")', overlay: '#000000', overlay_opacity: 0.5 } };
  // As the server sends it: jsdom drops a background it cannot parse, a browser does not.
  const html = renderToStaticMarkup(<VisitorThemeScope theme={theme}>x</VisitorThemeScope>);
  expect(html).toContain('background-image:linear-gradient(rgba(0, 0, 0, 0.5), rgba(0, 0, 0, 0.5)), url(&quot;https://x.example/a.jpg?s=1\\22 )&quot;)');
});

test('fontFaceCss gives each family once, both weights, swapping in as it arrives', () => {
  const css = fontFaceCss(['inter', 'inter', 'lora']);
  expect(css.match(/@font-face/g)).toHaveLength(4);
  expect(css).toContain('@font-face{font-family:"Inter";font-style:normal;font-weight:700;font-display:swap;src:url(/fonts/inter/700.woff2) format("woff2")}');
});

test('the thank-you screen carries the brand, the page’s message and its next step', () => {
  const { container } = drawn(
    <ThankYouScreen
      page={{
        title: 'Check-in',
        success_message: 'See you at the stand!',
        success_button: { label: 'Our menu', url: 'https://acme.example/menu' },
        owner: ACME,
        theme: THEME,
      }}
    />,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeTruthy();
  expect(screen.getByText('See you at the stand!')).toBeTruthy();
  expect(screen.getByText('Acme Bakery')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Our menu' }).getAttribute('href')).toBe('https://acme.example/menu');
  expect(container.textContent).not.toContain('QR Platform');
});

test('a thank-you screen without a next step shows none', () => {
  drawn(<ThankYouScreen page={{ title: 'Check-in', success_message: 'Thanks', success_button: null, owner: ACME, theme: THEME }} />);
  expect(screen.queryByRole('link')).toBeNull();
});
