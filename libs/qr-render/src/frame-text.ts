import { readFileSync } from 'node:fs';
import fontkit, { type Font } from '@pdf-lib/fontkit';

/**
 * The frame's call to action is set in DejaVu Sans Bold in PNG and PDF files: a font that ships
 * with the platform, so the text looks the same from every server, in the case the user typed, and
 * in Latin, Greek and Cyrillic scripts alike. (SVG names a font and lets the viewer draw it.)
 * Characters it lacks, CJK above all, are set in the fonts the operator adds (`useFallbackFonts`).
 */
const FONT_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** A stretch of the text set in one font. */
export interface TextRun {
  text: string;
  font: Font;
  /** No frame font has these characters: the first font draws them as its empty box. */
  glyphless: boolean;
}

let shipped: { bytes: Uint8Array; font: Font; capHeight: number } | undefined;
let fallbacks: Font[] = [];

/** The shipped font, read and parsed on first use; its "H" gives the cap height, which its OS/2 table predates. */
function shippedFont(): { bytes: Uint8Array; font: Font; capHeight: number } {
  if (!shipped) {
    const bytes = readFileSync(FONT_FILE);
    const font = fontkit.create(bytes);
    shipped = { bytes, font, capHeight: font.glyphsForString('H')[0]!.bbox.maxY };
  }
  return shipped;
}

/** The file PDF files embed (a subset of) for the shipped font's runs. */
export const shippedFontBytes = (): Uint8Array => shippedFont().bytes;

/**
 * Whether PDF files set a run as text in the shipped font they embed. Runs in added fonts are drawn
 * as outlines, and so are empty boxes: pdf-lib's subset leaves the box out of the font's widths,
 * so viewers would space each box a whole em apart where PNG and the centring allow the font's width.
 */
export const embedsAsText = (run: TextRun): boolean => run.font === shippedFont().font && !run.glyphless;

/** Every frame font, in the order a character is looked for in them. */
const frameFonts = (): Font[] => [shippedFont().font, ...fallbacks];

/** A font file, and for a collection (.ttc, .otc) the PostScript name of the font to take from it. */
export interface FontFile {
  file: string;
  name?: string;
}

/**
 * Sets the fonts, tried in order, for the characters the shipped font has no glyph for: TrueType
 * or OpenType files, or one font of a collection such as Debian's Noto Sans CJK (its first unless
 * named: the collections hold one font a region, whose Han characters are drawn as that region writes them).
 * Throws, naming the file, on one that is not such a font.
 */
export function useFallbackFonts(fonts: readonly FontFile[]): void {
  fallbacks = fonts.map(({ file, name }) => {
    let font: Font | FontCollection;
    try {
      font = fontkit.create(readFileSync(file));
    } catch (error) {
      throw new Error(`${file} is not a font file (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!isCollection(font)) {
      if (name !== undefined && font.postscriptName !== name) throw new Error(`${file} is the font ${font.postscriptName}, not ${name}`);
      return font;
    }
    const chosen = name === undefined ? font.fonts[0] : font.fonts.find((member) => member.postscriptName === name);
    if (!chosen) throw new Error(`${file} has no font named ${name}; it holds ${font.fonts.map((member) => member.postscriptName).join(', ')}`);
    return chosen;
  });
  frameTextAdvance.forget();
  frameTextCoverage.forget();
}

/** What fontkit reads from a .ttc or .otc file; its type declarations know only single fonts. */
interface FontCollection {
  fonts: Font[];
}

const isCollection = (font: Font | FontCollection): font is FontCollection => !('layout' in font);

/** The text cut into runs, each in the first font that has its characters; spaces stay in the run they are in. */
export function frameTextRuns(text: string): TextRun[] {
  const fonts = frameFonts();
  const runs: TextRun[] = [];
  for (const character of text) {
    const last = runs.at(-1);
    const codePoint = character.codePointAt(0)!;
    const space = last !== undefined && /\s/u.test(character);
    const found = space ? last.font : fonts.find((candidate) => candidate.hasGlyphForCodePoint(codePoint));
    const font = found ?? fonts[0]!;
    const glyphless = space ? last.glyphless : found === undefined;
    if (last?.font === font && last.glyphless === glyphless) last.text += character;
    else runs.push({ text: character, font, glyphless });
  }
  return runs;
}

/**
 * The characters of `text` no frame font has a glyph for, each once, in order: PNG and PDF files
 * would draw them as empty boxes, where an SVG viewer falls back to a font of its own.
 */
export function charactersWithoutGlyph(text: string): string[] {
  const fonts = frameFonts();
  return [...new Set(text)].filter((character) => !/\s/u.test(character) && !fonts.some((font) => font.hasGlyphForCodePoint(character.codePointAt(0)!)));
}

/** How tall the shipped font's capitals are, at font size 1: PNG and SVG centre them on the band. */
export function frameTextCapHeight(): number {
  const { font, capHeight } = shippedFont();
  return capHeight / font.unitsPerEm;
}

/** How far above the baseline the shipped font's ascender reaches, at font size 1: PDF centres the text by it. */
export function frameTextAscent(): number {
  const { font } = shippedFont();
  return font.ascent / font.unitsPerEm;
}

/** The text's share of the band's height, and of its width at most, as every renderer sets it. */
const TEXT_HEIGHT_SHARE = 0.42;
const TEXT_WIDTH_SHARE = 0.9;

/** The font size at which `advanceAtOnePoint` (the text's width at size 1) fits a band. */
export function frameTextSize(advanceAtOnePoint: number, band: { width: number; height: number }): number {
  return Math.min(band.height * TEXT_HEIGHT_SHARE, (band.width * TEXT_WIDTH_SHARE) / Math.max(1e-6, advanceAtOnePoint));
}

/**
 * `compute` with its results kept by arguments, the oldest dropped past `size`: every code of a
 * design shares its frame's text, so renderers ask the same questions over and over. `forget`
 * drops them all, for when the fonts change.
 */
function remembered<A extends (string | number)[], T>(size: number, compute: (...args: A) => T): ((...args: A) => T) & { forget(): void } {
  const kept = new Map<string, T>();
  const lookup = (...args: A) => {
    const key = JSON.stringify(args);
    if (kept.has(key)) return kept.get(key)!;
    const value = compute(...args);
    if (kept.size >= size) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  };
  return Object.assign(lookup, { forget: () => kept.clear() });
}

/** The text's width at font size 1, as the frame's font sets it. */
export const frameTextAdvance = remembered(256, (text: string) =>
  frameTextRuns(text).reduce((advance, { text: run, font }) => advance + font.layout(run).advanceWidth / font.unitsPerEm, 0),
);

/** How much of each pixel of a rectangle the text covers, 0..1, row by row. */
export interface TextCoverage {
  left: number;
  top: number;
  width: number;
  height: number;
  coverage: Float32Array;
}

/** Sub-rows sampled per pixel row; across a row, coverage is measured exactly. */
const SUB_ROWS = 5;
/** A curve of a glyph's outline is drawn as straight segments about this many pixels long. */
const SEGMENT_LENGTH = 2;

/** Segments for a curve whose control polygon is `length` pixels long. */
const segmentsFor = (length: number) => Math.min(16, Math.max(1, Math.ceil(length / SEGMENT_LENGTH)));

/** Where a point of a glyph's outline, in font units, goes on the page (x right, y down). */
type Place = (x: number, y: number) => [number, number];

/** What a glyph's outline is drawn into: fontkit's path calls, with the glyph's placement set before each glyph. */
interface GlyphSink {
  place: Place;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  closePath(): void;
}

/**
 * Draws a run's glyphs at `size` into `sink`, as the font lays them out (kerning included), from the
 * pen at `x` on `baseline`; returns where the pen ends.
 */
function traceRun({ text, font }: TextRun, size: number, x: number, baseline: number, sink: GlyphSink): number {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  let pen = x;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const [originX, originY] = [pen + position.xOffset * scale, baseline - position.yOffset * scale];
    sink.place = (gx, gy) => [originX + gx * scale, originY - gy * scale];
    (glyph.path.toFunction() as (context: GlyphSink) => void)(sink);
    pen += position.xAdvance * scale;
  });
  return pen;
}

/** Collects glyph outlines' edges as straight segments in pixel space. */
class Outline implements GlyphSink {
  readonly edges: number[] = [];
  place: Place = (x, y) => [x, y];
  private start: [number, number] = [0, 0];
  private at: [number, number] = [0, 0];

  moveTo(x: number, y: number): void {
    this.at = this.place(x, y);
    this.start = this.at;
  }

  lineTo(x: number, y: number): void {
    this.edgeTo(this.place(x, y));
  }

  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void {
    const [[x0, y0], [x1, y1], [x2, y2]] = [this.at, this.place(cx, cy), this.place(x, y)];
    const segments = segmentsFor(Math.hypot(x1 - x0, y1 - y0) + Math.hypot(x2 - x1, y2 - y1));
    for (let i = 1; i <= segments; i++) {
      const t = i / segments;
      const u = 1 - t;
      this.edgeTo([u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2]);
    }
  }

  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
    const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = [this.at, this.place(c1x, c1y), this.place(c2x, c2y), this.place(x, y)];
    const segments = segmentsFor(Math.hypot(x1 - x0, y1 - y0) + Math.hypot(x2 - x1, y2 - y1) + Math.hypot(x3 - x2, y3 - y2));
    for (let i = 1; i <= segments; i++) {
      const t = i / segments;
      const u = 1 - t;
      this.edgeTo([
        u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
        u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
      ]);
    }
  }

  closePath(): void {
    this.edgeTo(this.start);
  }

  private edgeTo(to: [number, number]): void {
    this.edges.push(this.at[0], this.at[1], to[0], to[1]);
    this.at = to;
  }
}

/** Glyph outlines as SVG path data, curves kept. */
class SvgPathData implements GlyphSink {
  data = '';
  place: Place = (x, y) => [x, y];

  moveTo(x: number, y: number): void {
    this.data += `M${this.at(x, y)}`;
  }

  lineTo(x: number, y: number): void {
    this.data += `L${this.at(x, y)}`;
  }

  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void {
    this.data += `Q${this.at(cx, cy)} ${this.at(x, y)}`;
  }

  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
    this.data += `C${this.at(c1x, c1y)} ${this.at(c2x, c2y)} ${this.at(x, y)}`;
  }

  closePath(): void {
    this.data += 'Z';
  }

  private at(x: number, y: number): string {
    const [px, py] = this.place(x, y);
    return `${+px.toFixed(2)} ${+py.toFixed(2)}`;
  }
}

/**
 * A run at `size` as one SVG path (y down) from its pen position on the baseline, and how far it
 * moves the pen. PDF draws the fallback fonts' runs so: the font subsetter pdf-lib uses corrupts
 * large TrueType fonts (glyphs go missing), and a whole CJK font would be megabytes in every file.
 */
export function frameRunOutline(run: TextRun, size: number): { path: string; advance: number } {
  const svg = new SvgPathData();
  const advance = traceRun(run, size, 0, 0, svg);
  return { path: svg.data, advance };
}

/**
 * The text set centred in a band of `bandWidth` × `bandHeight` pixels, as coverage to blend with,
 * placed from the band's top left corner (y down). Glyphs are laid out by the font (kerning
 * included), their outlines flattened to edges and filled by the non-zero rule along sub-rows:
 * about half a millisecond for a short line, once per text and band size.
 */
export const frameTextCoverage = remembered(64, function rasterise(text: string, bandWidth: number, bandHeight: number): TextCoverage | null {
  const advance = frameTextAdvance(text);
  const size = frameTextSize(advance, { width: bandWidth, height: bandHeight });
  const {
    font: { unitsPerEm },
    capHeight,
  } = shippedFont();
  let pen = (bandWidth - advance * size) / 2;
  // Capitals centred on the band's middle, where the SVG places them too.
  const baseline = bandHeight / 2 + (capHeight * size) / unitsPerEm / 2;
  const outline = new Outline();
  for (const run of frameTextRuns(text)) pen = traceRun(run, size, pen, baseline, outline);
  const { edges } = outline;
  if (edges.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let e = 0; e < edges.length; e += 2) {
    [minX, maxX] = [Math.min(minX, edges[e]!), Math.max(maxX, edges[e]!)];
    [minY, maxY] = [Math.min(minY, edges[e + 1]!), Math.max(maxY, edges[e + 1]!)];
  }
  const [left, top] = [Math.floor(minX), Math.floor(minY)];
  const [width, height] = [Math.ceil(maxX) - left, Math.ceil(maxY) - top];
  const coverage = new Float32Array(width * height);
  // Edges by their upper end, so each sub-row looks only at the edges it crosses.
  const order = Array.from({ length: edges.length / 4 }, (_, i) => i * 4).sort((a, b) => upper(edges, a) - upper(edges, b));
  let next = 0;
  let active: number[] = [];
  // A sub-row's crossings, x and winding, kept sorted by x as they are found.
  const xs = new Float64Array(order.length);
  const windings = new Int8Array(order.length);
  for (let row = 0; row < height; row++) {
    for (let s = 0; s < SUB_ROWS; s++) {
      const y = top + row + (s + 0.5) / SUB_ROWS;
      while (next < order.length && upper(edges, order[next]!) <= y) active.push(order[next++]!);
      active = active.filter((e) => Math.max(edges[e + 1]!, edges[e + 3]!) > y);
      let count = 0;
      for (const e of active) {
        const x0 = edges[e]!;
        const y0 = edges[e + 1]!;
        const x1 = edges[e + 2]!;
        const y1 = edges[e + 3]!;
        if (y0 === y1) continue;
        const x = x0 + ((y - y0) * (x1 - x0)) / (y1 - y0) - left;
        let at = count++;
        for (; at > 0 && xs[at - 1]! > x; at--) {
          xs[at] = xs[at - 1]!;
          windings[at] = windings[at - 1]!;
        }
        xs[at] = x;
        windings[at] = y1 > y0 ? 1 : -1;
      }
      let winding = 0;
      let from = 0;
      for (let c = 0; c < count; c++) {
        const before = winding;
        winding += windings[c]!;
        if (before === 0 && winding !== 0) from = xs[c]!;
        else if (before !== 0 && winding === 0) addSpan(coverage, row * width, from, xs[c]!);
      }
    }
  }
  return { left, top, width, height, coverage };
});

const upper = (edges: number[], e: number) => Math.min(edges[e + 1]!, edges[e + 3]!);

/** Adds one sub-row's span [from, to) to the row's coverage, splitting its ends across pixels. */
function addSpan(coverage: Float32Array, rowStart: number, from: number, to: number): void {
  for (let px = Math.floor(from); px < to; px++) {
    coverage[rowStart + px]! += (Math.min(to, px + 1) - Math.max(from, px)) / SUB_ROWS;
  }
}
