import { MantineProvider } from '@mantine/core';
import { PAGE_THEME_PRESETS, type VisitorTheme } from '@qr/contracts';
import { render, screen } from '@testing-library/react';
import { VisitorThemeScope } from '../visitor';
import { ReturningVisitor } from './returning-visitor';

test('the returning visitor’s link is in the theme’s primary (the scope’s anchor colour), not Mantine’s blue', () => {
  const neon = PAGE_THEME_PRESETS.find((preset) => preset.id === 'neon')!;
  const theme: VisitorTheme = { ...neon.style, background: { kind: 'colour' } };
  const { container } = render(
    <MantineProvider>
      <VisitorThemeScope theme={theme}>
        <ReturningVisitor pageId="2f5ce9a0-1569-462c-9d54-287a5e2aea9c" />
      </VisitorThemeScope>
    </MantineProvider>,
  );
  const link = screen.getByRole('button', { name: 'Registered already? Check with your email' });
  expect(link.getAttribute('style') ?? '').not.toContain('blue');
  // Mantine's Anchor draws its text in --mantine-color-anchor, which the scope sets to the primary.
  expect(link.className).toContain('mantine-Anchor-root');
  expect(container.querySelector('[data-visitor-theme] > style')?.textContent).toContain(`--mantine-color-anchor:${theme.light.primary};`);
});
