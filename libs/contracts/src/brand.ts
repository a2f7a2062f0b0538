import { z } from 'zod';
import { contrastRatio } from './colour-contrast';
import { HexColour } from './qr-design';
import { orNull } from './openapi-shapes';
import { BlobId } from './uploads';

/**
 * How the organisation's visitor pages look (issue 51): the brand kit an organisation keeps
 * (identity context) and the theme a page uses (pages context) share this vocabulary. Every visitor
 * page (landing pages, code pages, cards, and the promo, loyalty, voting, wall and game pages to come)
 * is drawn from one resolved `VisitorTheme`, so each inherits the brand without code of its own.
 */

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
export const FONT_WEIGHTS = [400, 700] as const;

export const FontId = z.enum(BRAND_FONTS.map((font) => font.id) as [BrandFont['id'], ...BrandFont['id'][]]).meta({ id: 'FontId' });
export type FontId = z.infer<typeof FontId>;

export function brandFont(id: FontId): BrandFont {
  return BRAND_FONTS.find((font) => font.id === id)!;
}

/** The CSS font stack of a shipped family, with a system fallback of its category while it loads. */
export function fontStack(id: FontId): string {
  const font = brandFont(id);
  return font.category === 'serif'
    ? `"${font.family}", Georgia, "Times New Roman", serif`
    : `"${font.family}", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
}

export const ButtonStyle = z.enum(['filled', 'outline', 'pill']).meta({ id: 'ButtonStyle', description: '`pill` is filled with fully rounded ends.' });
export type ButtonStyle = z.infer<typeof ButtonStyle>;

/** One colour scheme of a theme: what text, buttons and inputs are drawn in, over what background. */
export const ThemeColours = z
  .strictObject({
    primary: HexColour.meta({ description: 'Buttons and links.' }),
    accent: HexColour.meta({ description: 'Highlights: headings’ rule, countdown, focus ring.' }),
    text: HexColour,
    background: HexColour,
  })
  .meta({ id: 'ThemeColours' });
export type ThemeColours = z.infer<typeof ThemeColours>;

/** What a visitor page is drawn in; `dark`, when set, is used for visitors whose phone prefers dark. */
export const ThemeStyle = z
  .strictObject({
    light: ThemeColours,
    dark: orNull(ThemeColours).default(null),
    heading_font: FontId,
    body_font: FontId,
    radius: z.int().min(0).max(24).meta({ description: 'Corner radius of buttons, inputs and images, in px.' }),
    button_style: ButtonStyle,
  })
  .meta({ id: 'ThemeStyle' });
export type ThemeStyle = z.infer<typeof ThemeStyle>;

/** Spec §9's primary blue, secondary purple and neutral grey, in shades that pass WCAG AA. */
export const DEFAULT_THEME_STYLE: ThemeStyle = {
  light: { primary: '#1864ab', accent: '#6741d9', text: '#212529', background: '#ffffff' },
  dark: { primary: '#74c0fc', accent: '#b197fc', text: '#e9ecef', background: '#1a1b1e' },
  heading_font: 'lora',
  body_font: 'inter',
  radius: 8,
  button_style: 'filled',
};

/** The organisation's brand kit (identity context): its look, which every page uses unless it has its own theme. */
export const BrandKit = ThemeStyle.meta({ id: 'BrandKit' });
export type BrandKit = ThemeStyle;
export const UpdateBrandKitBody = BrandKit.meta({ id: 'UpdateBrandKitBody' });
export type UpdateBrandKitBody = z.infer<typeof UpdateBrandKitBody>;

/** Behind a page's content: a colour (the theme's background), a gradient, or an image under a tinted overlay. */
export const PageBackground = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('colour') }),
    z.strictObject({ kind: z.literal('gradient'), from: HexColour, to: HexColour, angle: z.int().min(0).max(359).default(180) }),
    z.strictObject({
      kind: z.literal('image'),
      blob_id: BlobId,
      overlay: HexColour.meta({ description: 'Laid over the image so text stays readable.' }),
      overlay_opacity: z.number().min(0).max(1),
    }),
  ])
  .meta({ id: 'PageBackground' });
export type PageBackground = z.infer<typeof PageBackground>;

/** A page's theme (pages context): the organisation's brand kit, or a look of its own. */
export const PageTheme = z
  .discriminatedUnion('source', [
    z.strictObject({ source: z.literal('brand_kit') }),
    z.strictObject({ source: z.literal('custom'), preset: z.string().max(40).nullable().default(null), style: ThemeStyle, background: PageBackground }),
  ])
  .meta({ id: 'PageTheme', description: '`brand_kit` follows the organisation’s brand kit as it changes.' });
export type PageTheme = z.infer<typeof PageTheme>;
export const DEFAULT_PAGE_THEME: PageTheme = { source: 'brand_kit' };

/**
 * The theme a visitor's page is drawn in, resolved on the server: the page's own or the brand kit,
 * with a background image as a link that expires like the page's other images.
 */
export const VisitorTheme = ThemeStyle.extend({
  background: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('colour') }),
    z.strictObject({ kind: z.literal('gradient'), from: HexColour, to: HexColour, angle: z.int() }),
    z.strictObject({ kind: z.literal('image'), url: z.string(), overlay: HexColour, overlay_opacity: z.number() }),
  ]),
}).meta({ id: 'VisitorTheme' });
export type VisitorTheme = z.infer<typeof VisitorTheme>;

/** Text a filled button is drawn in: black or white, whichever reads better on the primary colour. */
export function onColour(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** WCAG 2 AA: 4.5:1 for body text, 3:1 for the boundary of an input or an outlined button (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

export interface ContrastProblem {
  scheme: 'light' | 'dark';
  /** In a marketer's words: "Body text on the background". */
  pair: string;
  ratio: number;
  required: number;
}

/** The colours a theme's text actually sits on: the background, both ends of a gradient, or an image's overlay over black and over white. */
function surfaces(colours: ThemeColours, background: PageBackground | VisitorTheme['background']): string[] {
  if (background.kind === 'gradient') return [background.from, background.to];
  if (background.kind === 'image')
    return [blend(background.overlay, '#000000', background.overlay_opacity), blend(background.overlay, '#ffffff', background.overlay_opacity)];
  return [colours.background];
}

/** `top` at `opacity` laid over `under`, as #rrggbb. */
export function blend(top: string, under: string, opacity: number): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  const mixed = [1, 3, 5].map((at) => Math.round(channel(top, at) * opacity + channel(under, at) * (1 - opacity)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Every WCAG AA pair of a theme that fails, with its ratio: body text on the background, a button's
 * text on its colour (or an outlined button's colour on the background), links, and form inputs
 * (their text on their fill, their border on the background). Empty when the theme passes.
 */
export function themeContrastProblems(style: ThemeStyle, background: PageBackground | VisitorTheme['background'] = { kind: 'colour' }): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  const schemes: ['light' | 'dark', ThemeColours][] = [['light', style.light]];
  if (style.dark) schemes.push(['dark', style.dark]);
  for (const [scheme, colours] of schemes) {
    // An image or gradient is drawn in both schemes; a dark scheme's plain background is its own.
    const behind = background.kind === 'colour' ? [colours.background] : surfaces(colours, background);
    const check = (pair: string, a: string, b: string, required: number) => {
      const ratio = contrastRatio(a, b);
      if (ratio < required) problems.push({ scheme, pair, ratio: Math.round(ratio * 100) / 100, required });
    };
    for (const surface of behind) {
      check('Body text on the background', colours.text, surface, AA_TEXT);
      check('Links on the background', colours.primary, surface, AA_TEXT);
      if (style.button_style === 'outline') check('Outlined button on the background', colours.primary, surface, AA_TEXT);
    }
    if (style.button_style !== 'outline') check('Button text on the button', onColour(colours.primary), colours.primary, AA_TEXT);
    // Inputs are filled with the theme's background whatever is behind the page, so their text reads alike everywhere.
    check('Text in form inputs', colours.text, colours.background, AA_TEXT);
    for (const surface of behind) check('Form input borders on the background', inputBorderColour(colours), surface, AA_NON_TEXT);
  }
  return problems;
}

/** An input's border: the text colour softened towards the background, still 3:1 on it for most themes. */
export function inputBorderColour(colours: ThemeColours): string {
  return blend(colours.text, colours.background, 0.7);
}

/** A problem as the editor says it: "Body text on the background (dark): 3.2:1, needs 4.5:1." */
export function contrastProblemMessage(problem: ContrastProblem): string {
  return `${problem.pair} (${problem.scheme}): ${problem.ratio.toFixed(1)}:1, needs ${problem.required}:1.`;
}

export interface PageThemePreset {
  id: string;
  label: string;
  style: ThemeStyle;
  background: PageBackground;
}

/** At least six designed starting points for a page's own theme; each passes `themeContrastProblems` (brand.spec.ts). */
export const PAGE_THEME_PRESETS: readonly PageThemePreset[] = [
  { id: 'classic', label: 'Classic', style: DEFAULT_THEME_STYLE, background: { kind: 'colour' } },
  {
    id: 'midnight',
    label: 'Midnight',
    style: {
      light: { primary: '#38bdf8', accent: '#f472b6', text: '#e2e8f0', background: '#0f172a' },
      dark: null,
      heading_font: 'space-grotesk',
      body_font: 'inter',
      radius: 12,
      button_style: 'pill',
    },
    background: { kind: 'colour' },
  },
  {
    id: 'sunrise',
    label: 'Sunrise',
    style: {
      light: { primary: '#b3261e', accent: '#c2410c', text: '#3d1f0f', background: '#fff4ec' },
      dark: null,
      heading_font: 'playfair-display',
      body_font: 'work-sans',
      radius: 16,
      button_style: 'pill',
    },
    background: { kind: 'gradient', from: '#fff4ec', to: '#ffd8c4', angle: 180 },
  },
  {
    id: 'forest',
    label: 'Forest',
    style: {
      light: { primary: '#2b6a3f', accent: '#8a5a00', text: '#1b3022', background: '#f3f7f2' },
      dark: { primary: '#8fd19e', accent: '#f0c36b', text: '#e4efe6', background: '#142119' },
      heading_font: 'merriweather',
      body_font: 'nunito',
      radius: 4,
      button_style: 'outline',
    },
    background: { kind: 'colour' },
  },
  {
    id: 'neon',
    label: 'Neon night',
    style: {
      light: { primary: '#f5d90a', accent: '#22d3ee', text: '#ffffff', background: '#1e0533' },
      dark: null,
      heading_font: 'montserrat',
      body_font: 'montserrat',
      radius: 24,
      button_style: 'pill',
    },
    background: { kind: 'gradient', from: '#1e0533', to: '#0b1d51', angle: 160 },
  },
  {
    id: 'paper',
    label: 'Paper',
    style: {
      light: { primary: '#8b1e3f', accent: '#7a4a00', text: '#2b2118', background: '#fbf7ef' },
      dark: null,
      heading_font: 'fraunces',
      body_font: 'source-serif-4',
      radius: 0,
      button_style: 'filled',
    },
    background: { kind: 'colour' },
  },
  {
    id: 'citrus',
    label: 'Citrus',
    style: {
      light: { primary: '#1f6f43', accent: '#b45309', text: '#1c2a1f', background: '#fffbea' },
      dark: null,
      heading_font: 'poppins',
      body_font: 'dm-sans',
      radius: 10,
      button_style: 'filled',
    },
    background: { kind: 'gradient', from: '#fffbea', to: '#e6f7d9', angle: 135 },
  },
];
