import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../testing/render-app';
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { AA_TEXT, contrastRatio, readableColours, readableOn, theme } from './theme';

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
  expect(theme.components?.Modal?.defaultProps).toMatchObject({ size: 'sm', shadow: 'xl' });
});

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const { colors } = DEFAULT_THEME;
const resolved = readableColours(merged);

test('white text on the filled primary blue reads at AA in both schemes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    const shade = typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade[scheme];
    expect(contrastRatio('#ffffff', colors.blue[shade])).toBeGreaterThanOrEqual(AA_TEXT);
  }
});

test('every filled colour gets the black or white text that reads at AA on it', () => {
  for (const [name, shades] of Object.entries(merged.colors)) {
    for (const shade of shades) {
      const text = luminance(shade) > merged.luminanceThreshold ? '#000000' : '#ffffff';
      expect([name, shade, contrastRatio(text, shade) >= AA_TEXT]).toEqual([name, shade, true]);
    }
  }
});

test('dimmed text, errors, links and coloured text read at AA on the page and its panels, light and dark', () => {
  const check = (variables: Record<string, string>, surfaces: string[]) => {
    for (const [variable, value] of Object.entries(variables)) {
      if (variable.endsWith('-light-color')) continue;
      for (const surface of surfaces) expect([variable, surface, contrastRatio(value, surface) >= AA_TEXT]).toEqual([variable, surface, true]);
    }
  };
  check(resolved.light, ['#ffffff', colors.gray[0], colors.gray[1]]);
  check(resolved.dark, [colors.dark[7], colors.dark[6], colors.dark[5]]);
  expect(Object.keys(resolved.light)).toEqual(
    expect.arrayContaining(['--mantine-color-dimmed', '--mantine-color-teal-text', '--mantine-color-yellow-light-color']),
  );
});

test('the light variant’s text reads at AA on its own tint (alerts, badges, the active navigation item)', () => {
  for (const [name, shades] of Object.entries(merged.colors)) {
    expect([name, contrastRatio(resolved.light[`--mantine-color-${name}-light-color`]!, shades[1]) >= AA_TEXT]).toEqual([name, true]);
  }
});

test('a colour that already reads is left as it is, and one that cannot is taken to black', () => {
  expect(readableOn('#495057', ['#ffffff'], 'darker')).toBe('#495057');
  expect(contrastRatio(readableOn('#868e96', ['#ffffff'], 'darker'), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  expect(contrastRatio(readableOn('#868e96', ['#ffffff'], 'darker'), '#ffffff')).toBeLessThan(5);
});
