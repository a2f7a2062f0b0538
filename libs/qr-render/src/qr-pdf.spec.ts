import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { QrDesign } from '@qr/contracts';
import { drawQrOnSheet, renderQrPdf, renderQrSvg, saveQrPdf } from './index';
import { pixelsOf, QR_DECODERS, readQrWith } from './qr-readers';
import { LONG_TEXT, PDF_TO_PNG_TARGET, PNG_SIDE, TIMED_DESIGNS, type PdfTiming } from './testing/pdf-timing';
import { design, redDiscLogo, TEXT } from './testing/qr-fixtures';

const STYLED = TIMED_DESIGNS.styled;

/** Every font whose program the file embeds: the Type 0 font, its CIDFont and the descriptor, each with the name it gives. */
async function embeddedFontNames(pdf: Uint8Array): Promise<{ baseFont: string; cidFont: string; fontName: string }[]> {
  const { context } = await PDFDocument.load(pdf);
  const nameIn = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key), PDFName).decodeText();
  return context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Type0') ? [object] : []))
    .map((type0) => {
      const cidFont = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
      expect(['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.has(PDFName.of(key)))).toBe(true);
      return { baseFont: nameIn(type0, 'BaseFont'), cidFont: nameIn(cidFont, 'BaseFont'), fontName: nameIn(descriptor, 'FontName') };
    });
}

const framed = (text: string): QrDesign => design({ frame: { style: 'banner', text } });

describe('QR PDF files', () => {
  it('names an embedded font subset with a tag of six capitals, the same for the same glyphs, in a file and on a sheet', async () => {
    const [menu] = await embeddedFontNames(await renderQrPdf(TEXT, framed('Menu')));
    expect(menu!.baseFont).toMatch(/^[A-Z]{6}\+DejaVuSans-Bold$/);
    expect([menu!.cidFont, menu!.fontName]).toEqual([menu!.baseFont, menu!.baseFont]);

    // The same glyphs in another code: the same subset, the same tag; other glyphs, another.
    expect(await embeddedFontNames(await renderQrPdf(`${TEXT}?again`, framed('Menu')))).toEqual([menu]);
    const [scan] = await embeddedFontNames(await renderQrPdf(TEXT, framed('Scan me')));
    expect(scan!.baseFont).toMatch(/^[A-Z]{6}\+DejaVuSans-Bold$/);
    expect(scan!.baseFont).not.toBe(menu!.baseFont);

    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 300]);
    for (const [i, text] of ['Menu', 'Scan me'].entries()) await drawQrOnSheet(doc, page, TEXT, framed(text), { x: i * 300, y: 0, scale: 0.5 });
    const [sheet, ...others] = await embeddedFontNames(await saveQrPdf(doc));
    expect(others).toEqual([]);
    expect(sheet!.baseFont).toMatch(/^[A-Z]{6}\+DejaVuSans-Bold$/);
    expect([sheet!.cidFont, sheet!.fontName]).toEqual([sheet!.baseFont, sheet!.baseFont]);
  });

  it('embeds no font when the frame text is drawn as outlines, or there is no frame', async () => {
    expect(await embeddedFontNames(await renderQrPdf(TEXT, framed('𝖠𝖡𝖢')))).toEqual([]);
    expect(await embeddedFontNames(await renderQrPdf(TEXT, design({})))).toEqual([]);
  });

  it(`writes a long text code's PDF in at most ${PDF_TO_PNG_TARGET}× the time of its PNG at ${PNG_SIDE} px`, () => {
    const RUNS = 9;
    const run = spawnSync(process.execPath, ['--import', 'tsx', require.resolve('./testing/pdf-timing'), String(RUNS)], {
      cwd: join(__dirname, '../../..'),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const timings = JSON.parse(run.stdout) as Record<string, PdfTiming>;
    console.log(
      Object.entries(timings)
        .map(([name, { pdf, png }]) => `${name}: PDF ${pdf.toFixed(1)} ms, PNG ${PNG_SIDE} px ${png.toFixed(1)} ms (medians of ${RUNS})`)
        .join('\n'),
    );
    expect(Object.keys(timings)).toEqual(Object.keys(TIMED_DESIGNS));
    for (const { pdf, png } of Object.values(timings)) expect(pdf).toBeLessThanOrEqual(PDF_TO_PNG_TARGET * png);
  }, 60_000);

  describe('rasterised by poppler (pdftoppm)', () => {
    const pdftoppm = spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).status === 0;
    if (!pdftoppm && process.env.REQUIRE_SERVICES === '1') throw new Error('REQUIRE_SERVICES=1 but pdftoppm (poppler-utils) is not installed.');
    const maybe = pdftoppm ? it.each : it.skip.each;
    const directory = mkdtempSync(join(tmpdir(), 'qr-pdf-'));

    /** The PDF's one page as a PNG at `dpi`, as pdftoppm draws it. */
    function rasterised(pdf: Uint8Array, name: string, dpi: number): Buffer {
      const file = join(directory, name);
      writeFileSync(`${file}.pdf`, pdf);
      const run = spawnSync('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', `${file}.pdf`, file], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      return readFileSync(`${file}.png`);
    }

    // Every style the schema reads, offered or not: codes saved in any of them are downloaded as PDF.
    const { module_shape: moduleShapes, eye_style: eyeStyles } = QrDesign.shape;
    const SHAPES = moduleShapes.unwrap().options.flatMap((module_shape) => eyeStyles.unwrap().options.map((eye_style) => [module_shape, eye_style] as const));
    maybe(SHAPES)('draws %s modules and %s eyes as the SVG does', async (module_shape, eye_style) => {
      const chosen = design({ module_shape, eye_style, width: 1024, height: 1024 });
      const pdf = await pixelsOf(rasterised(await renderQrPdf(TEXT, chosen), `${module_shape}-${eye_style}`, 72));
      const svg = await pixelsOf(Buffer.from(renderQrSvg(TEXT, chosen)));
      let difference = 0;
      for (let i = 0; i < pdf.data.length; i += 4) difference += Math.abs(pdf.data[i]! - svg.data[i]!);
      // Grey levels per pixel, on average: the two rasterisers smooth edges alike to about 0.6; another eye style alone is 3 apart.
      expect(difference / (pdf.data.length / 4)).toBeLessThan(1.5);
    });

    maybe([
      ['plain', TEXT, design({})],
      ['dots', TEXT, design({ module_shape: 'dots' })],
      ['rounded', TEXT, design({ module_shape: 'rounded', eye_style: 'rounded' })],
      ['gradient', TEXT, design({ gradient: { type: 'radial', from: '#5a2d82', to: '#000000' }, eye_colour: '#0b3d91' })],
      ['box frame', TEXT, design({ frame: { style: 'box', text: 'Scan me' } })],
      ['banner frame', TEXT, design({ module_shape: 'dots', frame: { style: 'banner', text: 'Café menu' } })],
      ['logo', TEXT, design({ logo: { blob_id: 'logo', size: 0.2 } })],
      ['long text', LONG_TEXT, design({})],
      ['long text, styled', LONG_TEXT, STYLED],
    ] as const)('reads a %s design back with every decoder', async (name, text, chosen) => {
      // At 72 dpi a point is a pixel: a long text's modules get 3 pixels, too few for a camera-grade decoder, so twice that.
      const png = rasterised(await renderQrPdf(text, chosen, redDiscLogo()), name.replace(/\W+/g, '-'), text === LONG_TEXT ? 144 : 72);
      const pixels = await pixelsOf(png);
      for (const decoder of QR_DECODERS) expect({ decoder, read: await readQrWith(decoder, pixels) }).toEqual({ decoder, read: [text] });
    });
  });
});
