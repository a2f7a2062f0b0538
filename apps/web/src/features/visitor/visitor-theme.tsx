import {
  blend,
  brandFont,
  FONT_WEIGHTS,
  fontStack,
  fontUrl,
  inputBorderColour,
  onColour,
  type FontId,
  type ThemeColours,
  type VisitorTheme,
} from '@qr/contracts';
import { useId, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';

/**
 * The @font-face rules of shipped families, served by our own server (no font CDN). `swap` shows
 * the text at once in the system fallback of `fontStack` while the file downloads on a slow phone.
 */
export function fontFaceCss(fontIds: readonly FontId[]): string {
  return [...new Set(fontIds)]
    .flatMap((id) =>
      FONT_WEIGHTS.map(
        (weight) =>
          `@font-face{font-family:"${brandFont(id).family}";font-style:normal;font-weight:${weight};font-display:swap;` +
          `src:url(${fontUrl(id, weight)}) format("woff2")}`,
      ),
    )
    .join('');
}

/** Whether a scheme reads as dark: white text suits its background better than black. */
function isDark(colours: ThemeColours): boolean {
  return onColour(colours.background) === '#ffffff';
}

/**
 * Mantine's variables redrawn in one scheme's colours. Inherited variables theme the text, links and
 * radius; the buttons, inputs and checkboxes set theirs on themselves (some inline), so those are
 * set on the components with `!important`, which also wins over the admin's own scheme in a preview.
 * A Button given no variant is filled yet carries no `data-variant`, and sets white text inline:
 * the button rule takes it as filled.
 */
function schemeCss(scope: string, theme: VisitorTheme, colours: ThemeColours): string {
  const { primary, accent, text, background } = colours;
  const contrast = onColour(primary);
  const border = inputBorderColour(colours);
  const hover = blend(primary, contrast === '#ffffff' ? '#000000' : '#ffffff', 0.85);
  const light = blend(primary, background, 0.12);
  const variables = {
    'color-scheme': isDark(colours) ? 'dark' : 'light',
    '--mantine-color-body': background,
    '--mantine-color-text': text,
    '--mantine-color-anchor': primary,
    '--mantine-color-dimmed': text,
    // Mantine defines its error red only under the page's scheme attribute, which is set once the
    // script runs: a form sent back with errors by the server, before or without it, needs its own.
    '--mantine-color-error': isDark(colours) ? '#ff8787' : '#c92a2a',
    '--mantine-color-placeholder': blend(text, background, 0.6),
    '--mantine-color-default': background,
    '--mantine-color-default-hover': blend(text, background, 0.06),
    '--mantine-color-default-color': text,
    '--mantine-color-default-border': border,
    '--mantine-primary-color-filled': primary,
    '--mantine-primary-color-filled-hover': hover,
    '--mantine-primary-color-contrast': contrast,
    '--mantine-primary-color-light': light,
    '--mantine-primary-color-light-hover': blend(primary, background, 0.2),
    '--mantine-primary-color-light-color': primary,
    '--visitor-accent': accent,
    color: text,
  };
  const declarations = Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const button =
    theme.button_style === 'outline'
      ? `--button-bg:transparent!important;--button-hover:${light}!important;--button-color:${primary}!important;--button-bd:1px solid ${primary}!important`
      : `--button-bg:${primary}!important;--button-hover:${hover}!important;--button-color:${contrast}!important`;
  return (
    `${scope}{${declarations}}` +
    `${scope} .mantine-Button-root:is(:not([data-variant]),[data-variant="filled"]){${button}}` +
    `${scope} .mantine-Input-input{--input-bg:${background}!important;--input-color:${text}!important;--input-bd-focus:${accent}!important}` +
    `${scope} .mantine-Input-input:not([data-error]){--input-bd:${border}!important}` +
    `${scope} .mantine-Checkbox-input:not(:checked){background-color:${background}!important;border-color:${border}!important}` +
    `${scope} .mantine-Checkbox-root{--checkbox-color:${primary}!important;--checkbox-icon-color:${contrast}!important}` +
    `${scope} .mantine-Combobox-dropdown{background-color:${background}!important;border-color:${border}!important;color:${text}}` +
    `${scope} .mantine-Combobox-option:hover,${scope} .mantine-Combobox-option[data-combobox-selected]{background-color:${light}!important;color:${text}!important}`
  );
}

/** A theme's stylesheet for one scope: its light colours, and its dark ones when the visitor's phone prefers dark. */
export function visitorThemeCss(scope: string, theme: VisitorTheme): string {
  const shared =
    `${scope}{--mantine-radius-default:${theme.radius}px;--mantine-font-family:${fontStack(theme.body_font)};` +
    `--mantine-font-family-headings:${fontStack(theme.heading_font)};font-family:var(--mantine-font-family)}` +
    (theme.button_style === 'pill' ? `${scope} .mantine-Button-root{--button-radius:999px!important}` : '');
  const dark = theme.dark === null ? '' : `@media (prefers-color-scheme: dark){${schemeCss(scope, theme, theme.dark)}}`;
  // `<` never appears in the rules; escaped all the same, a stray one could not close the <style>.
  return (fontFaceCss([theme.heading_font, theme.body_font]) + shared + schemeCss(scope, theme, theme.light) + dark).replaceAll('<', '\\3c ');
}

/** A string as a CSS string literal, for an image address inside `url()`. */
function cssString(value: string): string {
  return `"${value.replace(/["\\\n\r]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}"`;
}

/** What is drawn behind the scope: the scheme's colour, or the same gradient or image in both schemes. */
function backgroundStyle(background: VisitorTheme['background']): CSSProperties {
  if (background.kind === 'gradient') return { backgroundImage: `linear-gradient(${background.angle}deg, ${background.from}, ${background.to})` };
  if (background.kind === 'image') {
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(background.overlay.slice(at, at + 2), 16));
    const tint = `rgba(${red}, ${green}, ${blue}, ${background.overlay_opacity})`;
    return {
      backgroundImage: `linear-gradient(${tint}, ${tint}), url(${cssString(background.url)})`,
      backgroundSize: 'cover',
      backgroundPosition: 'center',
    };
  }
  return { backgroundColor: 'var(--mantine-color-body)' };
}

const PREFERS_DARK = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void): () => void {
  const query = window.matchMedia(PREFERS_DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The visitor's own preference (never the admin's stored choice); light on the server, where it is unknown. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia(PREFERS_DARK).matches,
    () => false,
  );
}

/**
 * Draws its children in a visitor theme, scoped to its own subtree: a whole visitor page and a
 * preview inside the admin app alike. The colours follow `prefers-color-scheme` in CSS, so a page
 * rendered on the server is right before any script runs; the Mantine scheme attribute follows
 * once hydrated, for the few component styles keyed on it.
 */
export function VisitorThemeScope({
  theme,
  children,
  className,
  style,
}: {
  theme: VisitorTheme;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  const id = useId();
  const prefersDark = usePrefersDark();
  const colours = theme.dark !== null && prefersDark ? theme.dark : theme.light;
  return (
    <div
      data-visitor-theme={id}
      data-mantine-color-scheme={isDark(colours) ? 'dark' : 'light'}
      className={className}
      style={{ ...backgroundStyle(theme.background), ...style }}
    >
      <style dangerouslySetInnerHTML={{ __html: visitorThemeCss(`[data-visitor-theme="${id}"]`, theme) }} />
      {children}
    </div>
  );
}
