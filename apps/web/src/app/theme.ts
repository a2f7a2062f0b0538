import {
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  type AnchorProps,
  type ColorInputProps,
  type CSSVariablesResolver,
  type ModalProps,
} from '@mantine/core';
import type { DateInputProps, DatePickerInputProps, DatePickerProps } from '@mantine/dates';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from './date-bounds';

const datePickerBounds = { minDate: DATE_PICKER_MIN, maxDate: DATE_PICKER_MAX };

/** WCAG 2 AA for text (1.4.3). */
export const AA_TEXT = 4.5;
/**
 * White text reaches 4.5:1 on a colour exactly when its relative luminance is at most 1.05 / 4.5 − 0.05;
 * above that, black text does. Mantine's auto contrast picks by this threshold, so every filled button,
 * badge and icon reads at AA whatever its colour.
 */
const WHITE_TEXT_LUMINANCE_LIMIT = 1.05 / AA_TEXT - 0.05;

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * `colour` moved along its own hue, darker or lighter in small steps, just far enough to read at AA on
 * every surface given: the palette keeps its look, and the few shades that were too pale for text pass.
 */
export function readableOn(colour: string, surfaces: readonly string[], towards: 'darker' | 'lighter'): string {
  for (let step = 0; step <= 50; step += 1) {
    const amount = step / 50;
    const shifted = step === 0 ? colour : towards === 'darker' ? darken(colour, amount) : lighten(colour, amount);
    if (surfaces.every((surface) => contrastRatio(shifted, surface) >= AA_TEXT)) return shifted;
  }
  return towards === 'darker' ? '#000000' : '#ffffff';
}

// Spec §9: primary blue, secondary purple, info teal, neutral grey. Shade 8 of blue carries white text at 5:1 (shade 6, Mantine's default, at 3.6:1).
const PRIMARY_SHADE = { light: 8, dark: 8 } as const;
const { colors, white } = DEFAULT_THEME;

/** What text sits on: the page, and the tinted panels, cards and inputs on it. */
const LIGHT_SURFACES = [white, colors.gray[0], colors.gray[1]];
const DARK_SURFACES = [colors.dark[7], colors.dark[6], colors.dark[5]];

/**
 * Mantine's text colours that fall short of AA on their surfaces (grey dimmed text, red errors, links,
 * `c="teal"`, the light variant's text on its tint, outlined buttons), each shifted until it passes.
 */
export const readableColours: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(colors.gray[6], LIGHT_SURFACES, 'darker'),
    '--mantine-color-error': readableOn(colors.red[6], LIGHT_SURFACES, 'darker'),
    '--mantine-color-anchor': readableOn(theme.colors[theme.primaryColor]![PRIMARY_SHADE.light], LIGHT_SURFACES, 'darker'),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(colors.dark[2], DARK_SURFACES, 'lighter'),
    '--mantine-color-error': readableOn(colors.red[8], DARK_SURFACES, 'lighter'),
    '--mantine-color-anchor': readableOn(theme.colors[theme.primaryColor]![4], DARK_SURFACES, 'lighter'),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const onPage = readableOn(shades[PRIMARY_SHADE.light], LIGHT_SURFACES, 'darker');
    light[`--mantine-color-${name}-text`] = onPage;
    light[`--mantine-color-${name}-outline`] = onPage;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [shades[1], shades[2]], 'darker');
    const onDarkPage = readableOn(shades[4], DARK_SURFACES, 'lighter');
    dark[`--mantine-color-${name}-text`] = onDarkPage;
    dark[`--mantine-color-${name}-outline`] = onDarkPage;
    dark[`--mantine-color-${name}-light-color`] = readableOn(shades[0], [darken(shades[9], 0.5), darken(shades[9], 0.3)], 'lighter');
  }
  return { variables: {}, light, dark };
};

// Defaults are set by component name rather than with `DateInput.extend(...)`: importing the
// components here would pull the date pickers and Modal into every visitor's first download.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: PRIMARY_SHADE,
  autoContrast: true,
  luminanceThreshold: WHITE_TEXT_LUMINANCE_LIMIT,
  colors: {
    secondary: DEFAULT_THEME.colors.violet,
    info: DEFAULT_THEME.colors.teal,
    neutral: DEFAULT_THEME.colors.gray,
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif' },
  // Spec §9 widths 600, 900, 1200 and 1536 px, in em at 16 px; xs starts at zero.
  breakpoints: { xs: '0em', sm: '37.5em', md: '56.25em', lg: '75em', xl: '96em' },
  components: {
    // Mantine leaves the close button and the eye dropper unnamed; a screen reader would announce only "button".
    Modal: { defaultProps: { size: 'sm', shadow: 'xl', closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } satisfies Partial<ColorInputProps> },
    // WCAG 1.4.1: a link in a sentence must stand out by more than its colour.
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    DateInput: { defaultProps: datePickerBounds satisfies Partial<DateInputProps> },
    DatePickerInput: { defaultProps: datePickerBounds satisfies Partial<DatePickerInputProps> },
    DatePicker: { defaultProps: datePickerBounds satisfies Partial<DatePickerProps> },
  },
});
