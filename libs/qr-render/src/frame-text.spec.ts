import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { PNG } from 'pngjs';
import { charactersWithoutGlyph, drawQrOnSheet, renderQrPdf, renderQrPng, renderQrSvg, saveQrPdf, useFallbackFonts } from './index';
import { frameRunOutline, frameTextAdvance, frameTextRuns, embedsAsText } from './frame-text';
import { design, TEXT } from './testing/qr-fixtures';

const WIDTH = 512;

/** The band of a black banner with white text, as grey levels (the red channel) row by row. */
function bandOf(text: string): { pixels: number[]; rows: number } {
  const png = PNG.sync.read(
    renderQrPng(TEXT, design({ width: WIDTH, height: WIDTH, frame: { style: 'banner', text, colour: '#000000', text_colour: '#ffffff' } })),
  );
  const bandHeight = Math.round(WIDTH * 0.2);
  const pixels: number[] = [];
  for (let y = WIDTH - bandHeight; y < WIDTH; y++) {
    for (let x = 0; x < WIDTH; x++) pixels.push(png.data[(y * WIDTH + x) * 4]!);
  }
  return { pixels, rows: bandHeight };
}

/** The columns and rows of the band that carry any ink. */
function inkExtent({ pixels, rows }: { pixels: number[]; rows: number }) {
  const columns = [...Array(WIDTH).keys()].filter((x) => [...Array(rows).keys()].some((y) => pixels[y * WIDTH + x]! > 0));
  const inkRows = [...Array(rows).keys()].filter((y) => pixels.slice(y * WIDTH, (y + 1) * WIDTH).some((grey) => grey > 0));
  return { left: columns[0]!, right: columns.at(-1)!, top: inkRows[0]!, bottom: inkRows.at(-1)! };
}

/**
 * A TrueType collection of the given font files, as a .ttc holds them: a header listing where each
 * font's table directory starts, then the fonts, whose table offsets count from the collection's start.
 */
function fontCollection(files: string[]): Buffer {
  const fonts = files.map((file) => readFileSync(file));
  const header = Buffer.alloc(12 + 4 * fonts.length);
  header.write('ttcf', 0, 'ascii');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(fonts.length, 8);
  let start = header.length;
  const moved = fonts.map((font, index) => {
    header.writeUInt32BE(start, 12 + 4 * index);
    const copy = Buffer.from(font);
    for (let table = 0; table < copy.readUInt16BE(4); table++) {
      const offset = 12 + 16 * table + 8;
      copy.writeUInt32BE(copy.readUInt32BE(offset) + start, offset);
    }
    start += copy.length;
    return copy;
  });
  return Buffer.concat([header, ...moved]);
}

/** The base font names of a PDF's embedded fonts (the descendant fonts of its Type 0 fonts). */
async function fontsOf(pdf: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(pdf);
  return document.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') ? [object] : []))
    .map((descriptor) => descriptor.get(PDFName.of('FontName'))!.toString().slice(1));
}

/** The shipped font's subset, named with its tag (ISO 32000-1, 9.6.4). */
const SHIPPED_FONT_SUBSET = /^[A-Z]{6}\+DejaVuSans-Bold$/;

describe('The frame’s call to action in PNG and PDF files', () => {
  it('is set in the shipped font, anti-aliased, centred in the band, in the case the user typed', () => {
    const band = bandOf('Scan me');
    expect(band.pixels.filter((grey) => grey === 255).length).toBeGreaterThan(500);
    // Edges blend the text colour into the frame's: greys between black and white.
    expect(new Set(band.pixels.filter((grey) => grey > 0 && grey < 255)).size).toBeGreaterThan(5);
    const ink = inkExtent(band);
    expect(Math.abs((ink.left + ink.right) / 2 - WIDTH / 2)).toBeLessThan(4);
    expect(Math.abs((ink.top + ink.bottom) / 2 - band.rows / 2)).toBeLessThan(band.rows * 0.12);
    expect(bandOf('SCAN ME').pixels).not.toEqual(band.pixels);
  });

  it('draws Latin accents, Greek and Cyrillic letters rather than question marks', () => {
    const cyrillic = bandOf('Сканируйте');
    expect(cyrillic.pixels.some((grey) => grey === 255)).toBe(true);
    expect(cyrillic.pixels).not.toEqual(bandOf('??????????').pixels);
    expect(bandOf('Σαρώστε').pixels).not.toEqual(bandOf('???????').pixels);
    expect(bandOf('Ça coûte 5 €').pixels).not.toEqual(bandOf('Ca coute 5 E').pixels);
  });

  it('shrinks a long call to action to fit the width, in PNG and in SVG alike', () => {
    const long = 'Scan for the full menu & prices';
    const ink = inkExtent(bandOf(long.slice(0, 30)));
    expect(ink.left).toBeGreaterThanOrEqual(WIDTH * 0.04);
    expect(ink.right).toBeLessThanOrEqual(WIDTH * 0.96);
    const fontSize = (svg: string) => Number(/font-size="([\d.]+)"/.exec(svg)![1]);
    const framed = (text: string) => renderQrSvg(TEXT, design({ width: WIDTH, height: WIDTH, frame: { style: 'banner', text } }));
    expect(fontSize(framed('Hi'))).toBeCloseTo(Math.round(WIDTH * 0.2) * 0.42, 1);
    expect(fontSize(framed(long.slice(0, 30)))).toBeLessThan(fontSize(framed('Hi')) * 0.8);
  });

  it('embeds the font in a PDF once, with only the glyphs used, however many codes a sheet holds', async () => {
    const framed = design({ frame: { style: 'banner', text: 'Сканируйте меня' } });
    expect(await fontsOf(await renderQrPdf(TEXT, framed))).toEqual([expect.stringMatching(SHIPPED_FONT_SUBSET)]);

    const doc = await PDFDocument.create();
    const page = doc.addPage([1200, 600]);
    for (let i = 0; i < 4; i++) await drawQrOnSheet(doc, page, `${TEXT}${i}`, framed, { x: i * 300, y: 0, scale: 0.5 });
    const sheet = await saveQrPdf(doc);
    expect(await fontsOf(sheet)).toEqual([expect.stringMatching(SHIPPED_FONT_SUBSET)]);
    // A subset: far smaller than the 700 kB font file.
    expect(sheet.length).toBeLessThan(100_000);
  });

  it('spaces the boxes of characters no font has in PDF as in PNG: outlined at the font’s width, the rest still text', async () => {
    const boxed = '𝖠𝖡𝖢 Scan';
    const [boxes, latin] = frameTextRuns(boxed);
    expect([boxes!.text, boxes!.glyphless, embedsAsText(boxes!), latin!.text, embedsAsText(latin!)]).toEqual(['𝖠𝖡𝖢 ', true, false, 'Scan', true]);
    // The PDF's pen moves by the outline's advance, so the text ends where the centring measured it.
    expect(frameRunOutline(boxes!, 10).advance + frameTextAdvance('Scan') * 10).toBeCloseTo(frameTextAdvance(boxed) * 10, 6);
    expect(await fontsOf(await renderQrPdf(TEXT, design({ frame: { style: 'banner', text: boxed } })))).toEqual([expect.stringMatching(SHIPPED_FONT_SUBSET)]);
  });

  describe('with a fallback font the operator added', () => {
    // DejaVu Sans Book stands in for a CJK font: it has the mathematical sans-serif letters Bold lacks.
    const FALLBACK = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
    const MISSING = '𝖠𝖡𝖢';
    afterEach(() => useFallbackFonts([]));

    it('sets what the shipped font lacks in it, in PNG and in PDF, where boxes were', async () => {
      const framed = design({ frame: { style: 'banner', text: `Scan ${MISSING}` } });
      expect(charactersWithoutGlyph(`Scan ${MISSING}`)).toEqual([...MISSING]);
      const boxes = bandOf(`Scan ${MISSING}`);

      useFallbackFonts([{ file: FALLBACK }]);
      expect(charactersWithoutGlyph(`Scan ${MISSING}`)).toEqual([]);
      const drawn = bandOf(`Scan ${MISSING}`);
      expect(drawn.pixels).not.toEqual(boxes.pixels);
      const ink = inkExtent(drawn);
      expect(Math.abs((ink.left + ink.right) / 2 - WIDTH / 2)).toBeLessThan(4);
      // In PDF the added font's glyphs are drawn as outlines: only the shipped font is embedded.
      const withFallback = await renderQrPdf(TEXT, framed);
      expect(await fontsOf(withFallback)).toEqual([expect.stringMatching(SHIPPED_FONT_SUBSET)]);
      useFallbackFonts([]);
      expect(Buffer.from(await renderQrPdf(TEXT, framed)).equals(Buffer.from(withFallback))).toBe(false);
    });

    it('outlines a run in an added font at the size asked, advancing the pen as the font sets it', () => {
      useFallbackFonts([{ file: FALLBACK }]);
      const [latin, math] = frameTextRuns(`Scan ${MISSING}`);
      expect([latin!.text, embedsAsText(latin!), math!.text, embedsAsText(math!)]).toEqual(['Scan ', true, MISSING, false]);
      const small = frameRunOutline(math!, 10);
      const large = frameRunOutline(math!, 20);
      expect(small.path).toMatch(/^M[\d.-]+ [\d.-]+/);
      // One contour at least per letter.
      expect(small.path.match(/M/g)!.length).toBeGreaterThanOrEqual(3);
      expect(large.advance).toBeCloseTo(small.advance * 2, 6);
      expect(frameTextAdvance(`Scan ${MISSING}`) * 10).toBeCloseTo(frameTextAdvance('Scan ') * 10 + small.advance, 6);
    });

    it('refuses a file that is not a font, naming it', () => {
      const notAFont = require.resolve('./frame-text.spec.ts');
      expect(() => useFallbackFonts([{ file: notAFont }])).toThrow(`${notAFont} is not a font file`);
      expect(() => useFallbackFonts([{ file: FALLBACK, name: 'NotoSansCJKsc-Bold' }])).toThrow(`${FALLBACK} is the font DejaVuSans, not NotoSansCJKsc-Bold`);
    });

    it('takes a collection’s first font, or the one named', () => {
      const collection = join(mkdtempSync(join(tmpdir(), 'frame-fonts-')), 'dejavu.ttc');
      writeFileSync(collection, fontCollection([require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), FALLBACK]));

      useFallbackFonts([{ file: collection }]);
      expect(charactersWithoutGlyph(MISSING)).toEqual([...MISSING]);
      useFallbackFonts([{ file: collection, name: 'DejaVuSans' }]);
      expect(charactersWithoutGlyph(MISSING)).toEqual([]);
      expect(() => useFallbackFonts([{ file: collection, name: 'DejaVuSerif' }])).toThrow(
        `${collection} has no font named DejaVuSerif; it holds DejaVuSans-Bold, DejaVuSans`,
      );
    });
  });
});
