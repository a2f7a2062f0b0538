import { z } from 'zod';
import { BRAND_FONTS, blend, DEFAULT_THEME_STYLE, inputBorderColour, onColour, type BrandFont } from './brand-style';
import { HexColour } from './qr-design';
import { contrastRatio } from './colour-contrast';
import { orNull } from './openapi-shapes';
import { BlobId } from './uploads';

// The plain values and helpers a visitor's page draws with live apart from the schemas, free of zod,
// so the landing page's download can take them without it.
export {
  BRAND_FONTS,
  FONT_WEIGHTS,
  blend,
  brandFont,
  fontUrl,
  DEFAULT_THEME_STYLE,
  fontStack,
  inputBorderColour,
  onColour,
  type BrandFont,
} from './brand-style';

/**
 * How the organisation's visitor pages look (issue 51): the brand kit an organisation keeps
 * (identity context) and the theme a page uses (pages context) share this vocabulary. Every visitor
 * page (landing pages, code pages, cards, and the promo, loyalty, voting, wall and game pages to come)
 * is drawn from one resolved `VisitorTheme`, so each inherits the brand without code of its own.
 */

export const FontId = z.enum(BRAND_FONTS.map((font) => font.id) as [BrandFont['id'], ...BrandFont['id'][]]).meta({ id: 'FontId' });
export type FontId = z.infer<typeof FontId>;

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

/**
 * A theme is saved only when it passes WCAG AA, checked by the same schema in the editor and on the
 * server: each failing pair is an issue of its own, naming the pair and its ratio.
 */
function refuseContrastProblems(context: z.RefinementCtx, style: ThemeStyle, background: PageBackground, path: string[]): void {
  for (const problem of themeContrastProblems(style, background)) context.addIssue({ code: 'custom', message: contrastProblemMessage(problem), path });
}

/** The organisation's brand kit (identity context): its look, which every page uses unless it has its own theme. */
export const BrandKit = ThemeStyle.superRefine((style, context) => refuseContrastProblems(context, style, { kind: 'colour' }, [])).meta({ id: 'BrandKit' });
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
const brandKitTheme = z.strictObject({ source: z.literal('brand_kit') });
const customTheme = z.strictObject({
  source: z.literal('custom'),
  preset: z.string().max(40).nullable().default(null),
  style: ThemeStyle,
  background: PageBackground,
});
const PAGE_THEME_DESCRIPTION = '`brand_kit` follows the organisation’s brand kit as it changes.';

/** A page's theme as it is written: an own theme must pass WCAG AA. */
export const PageTheme = z
  .discriminatedUnion('source', [
    brandKitTheme,
    customTheme.superRefine((theme, context) => refuseContrastProblems(context, theme.style, theme.background, ['style'])),
  ])
  .meta({ id: 'PageTheme', description: PAGE_THEME_DESCRIPTION });
/** A page's theme as it is answered: what was saved, with no rule applied again on the way out. */
export const PageThemeView = z.discriminatedUnion('source', [brandKitTheme, customTheme]).meta({ id: 'PageThemeView', description: PAGE_THEME_DESCRIPTION });
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
