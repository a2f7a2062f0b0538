import { contrastRatio } from './colour-contrast';
import type { ThemeColours, ThemeStyle } from './brand';

/**
 * The font families shipped with the app and served from our own server (`/fonts/{id}/{weight}.woff2`,
 * Latin subset, weights 400 and 700): no font CDN, so phones and offline installs load them alike.
 */
export const BRAND_FONTS = [
  { id: 'inter', family: 'Inter', category: 'sans-serif' },
  { id: 'dm-sans', family: 'DM Sans', category: 'sans-serif' },
  { id: 'work-sans', family: 'Work Sans', category: 'sans-serif' },
  { id: 'nunito', family: 'Nunito', category: 'sans-serif' },
  { id: 'montserrat', family: 'Montserrat', category: 'sans-serif' },
  { id: 'poppins', family: 'Poppins', category: 'sans-serif' },
  { id: 'space-grotesk', family: 'Space Grotesk', category: 'sans-serif' },
  { id: 'lora', family: 'Lora', category: 'serif' },
  { id: 'merriweather', family: 'Merriweather', category: 'serif' },
  { id: 'playfair-display', family: 'Playfair Display', category: 'serif' },
  { id: 'source-serif-4', family: 'Source Serif 4', category: 'serif' },
  { id: 'fraunces', family: 'Fraunces', category: 'serif' },
] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

/** Where our server serves a shipped family's weight (the API's fonts module answers exactly these). */
export const fontUrl = (id: BrandFont['id'], weight: (typeof FONT_WEIGHTS)[number]): string => `/fonts/${id}/${weight}.woff2`;
export const FONT_WEIGHTS = [400, 700] as const;

export function brandFont(id: BrandFont['id']): BrandFont {
  return BRAND_FONTS.find((font) => font.id === id)!;
}

/** The CSS font stack of a shipped family, with a system fallback of its category while it loads. */
export function fontStack(id: BrandFont['id']): string {
  const font = brandFont(id);
  return font.category === 'serif'
    ? `"${font.family}", Georgia, "Times New Roman", serif`
    : `"${font.family}", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
}

/** Spec §9's primary blue, secondary purple and neutral grey, in shades that pass WCAG AA. */
export const DEFAULT_THEME_STYLE: ThemeStyle = {
  light: { primary: '#1864ab', accent: '#6741d9', text: '#212529', background: '#ffffff' },
  dark: { primary: '#74c0fc', accent: '#b197fc', text: '#e9ecef', background: '#1a1b1e' },
  heading_font: 'lora',
  body_font: 'inter',
  radius: 8,
  button_style: 'filled',
};

/** Text a filled button is drawn in: black or white, whichever reads better on the primary colour. */
export function onColour(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** `top` at `opacity` laid over `under`, as #rrggbb. */
export function blend(top: string, under: string, opacity: number): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  const mixed = [1, 3, 5].map((at) => Math.round(channel(top, at) * opacity + channel(under, at) * (1 - opacity)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** An input's border: the text colour softened towards the background, still 3:1 on it for most themes. */
export function inputBorderColour(colours: ThemeColours): string {
  return blend(colours.text, colours.background, 0.7);
}
