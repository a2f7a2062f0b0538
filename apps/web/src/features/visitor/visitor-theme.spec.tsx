import { Button, MantineProvider } from '@mantine/core';
import { contrastRatio, onColour, PAGE_THEME_PRESETS, type VisitorTheme } from '@qr/contracts';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { VisitorThemeScope } from './visitor-theme';

const PRESETS = PAGE_THEME_PRESETS.map(({ id, style }) => ({ id, theme: { ...style, background: { kind: 'colour' } } as VisitorTheme }));

/**
 * What the scope's own stylesheet declares for an element: a custom property's value from the last
 * top-level rule whose selector matches it (the dark scheme's rules sit in a media query). Every
 * rule the scope writes for a component is `!important`, so the element's inline variables lose.
 */
function declaredFor(element: Element, property: string): string | undefined {
  const sheet = element.closest('[data-visitor-theme]')!.querySelector('style')!.sheet!;
  let value: string | undefined;
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule instanceof CSSStyleRule && element.matches(rule.selectorText)) value = rule.style.getPropertyValue(property).trim() || value;
  }
  return value;
}

const drawn = (theme: VisitorTheme, node: ReactNode) =>
  render(
    <MantineProvider>
      <VisitorThemeScope theme={theme}>{node}</VisitorThemeScope>
    </MantineProvider>,
  );

test.each(PRESETS)('a button given no variant is drawn as the $id theme says: its text in onColour of the primary, or outlined', ({ theme }) => {
  drawn(
    theme,
    <>
      <Button>Plain</Button>
      <Button variant="filled">Filled</Button>
    </>,
  );
  const { primary } = theme.light;
  for (const name of ['Plain', 'Filled']) {
    const button = screen.getByRole('button', { name });
    if (theme.button_style === 'outline') {
      expect({
        name,
        bg: declaredFor(button, '--button-bg'),
        color: declaredFor(button, '--button-color'),
        border: declaredFor(button, '--button-bd'),
      }).toEqual({
        name,
        bg: 'transparent',
        color: primary,
        border: `1px solid ${primary}`,
      });
    } else {
      expect({ name, bg: declaredFor(button, '--button-bg'), color: declaredFor(button, '--button-color') }).toEqual({
        name,
        bg: primary,
        color: onColour(primary),
      });
    }
  }
});

test('the light primaries of Midnight and Neon carry black button text, not Mantine’s inline white', () => {
  for (const id of ['midnight', 'neon']) {
    const { theme } = PRESETS.find((preset) => preset.id === id)!;
    const { unmount } = drawn(theme, <Button>Join</Button>);
    expect({ id, color: declaredFor(screen.getByRole('button', { name: 'Join' }), '--button-color') }).toEqual({ id, color: '#000000' });
    unmount();
  }
});

test('a button of another variant keeps its own colours', () => {
  drawn(PRESETS[0]!.theme, <Button variant="default">Back</Button>);
  expect(declaredFor(screen.getByRole('button', { name: 'Back' }), '--button-color')).toBeUndefined();
});

test.each(PRESETS)('the $id theme draws errors in a red that reads on its background, before any script sets Mantine’s scheme', ({ theme }) => {
  const { container } = drawn(theme, <p>Hello</p>);
  const error = declaredFor(container.querySelector('[data-visitor-theme]')!, '--mantine-color-error');
  expect(error).toMatch(/^#[0-9a-f]{6}$/);
  expect(contrastRatio(error!, theme.light.background)).toBeGreaterThanOrEqual(4.5);
});
