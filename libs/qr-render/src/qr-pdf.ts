import fontkit from '@pdf-lib/fontkit';
import {
  concatTransformationMatrix,
  drawSvgPath,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { frameRunOutline, frameTextAdvance, frameTextAscent, frameTextRuns, frameTextSize, embedsAsText, shippedFontBytes } from './frame-text';
import type { QrDesign } from '@qr/contracts';
import { DATA_UNITS, dataModulesPath, eyePath, roundedRect } from './qr-shapes';
import { layoutOf, rgbOf, type PngImage, type QrLayout } from './qr-layout';

const colour = (hex: string) => {
  const [r, g, b] = rgbOf(hex);
  return rgb(r / 255, g / 255, b / 255);
};

/** A plain colour (hex), or the name of a page's shading pattern. */
type Fill = string | PDFName;

/**
 * Modules drawn in runs of this many subpaths: pdf-lib pushes a path's operators as one call's
 * arguments, and a dense code's tens of thousands of modules overflow the call stack.
 */
const SUBPATHS_PER_DRAW = 1000;

/** Splits an SVG path of independent `M…` subpaths, one a module, into runs drawable one at a time. */
function subpathRuns(path: string): string[] {
  const subpaths = path.split(/(?=M)/);
  const runs: string[] = [];
  for (let start = 0; start < subpaths.length; start += SUBPATHS_PER_DRAW) runs.push(subpaths.slice(start, start + SUBPATHS_PER_DRAW).join(''));
  return runs;
}

/** Draws an SVG path given in `units` per module, placed like the SVG renderer's module group. */
function drawModules(page: PDFPage, layout: QrLayout, path: string, fill: Fill, units = 1): void {
  if (path === '') return;
  const placed = { x: layout.x0, y: layout.height - layout.y0, scale: layout.module / units, borderWidth: 0 };
  for (const run of subpathRuns(path)) {
    if (typeof fill === 'string') {
      page.drawSvgPath(run, { ...placed, color: colour(fill) });
      continue;
    }
    // drawSvgPath fills with a plain colour only: its colour operator gives way to the pattern.
    const patternFill = [
      PDFOperator.of(PDFOperatorNames.NonStrokingColorspace, [PDFName.of('Pattern')]),
      PDFOperator.of(PDFOperatorNames.NonStrokingColorN, [fill]),
    ];
    page.pushOperators(
      ...drawSvgPath(run, { ...placed, color: rgb(0, 0, 0), borderColor: undefined }).flatMap((op) => (op.toString().endsWith(' rg') ? patternFill : [op])),
    );
  }
}

/**
 * The design's gradient as a shading pattern of `page`, laid out like paintOf's ramp. A pattern
 * ignores the transformation in force when it paints, so its matrix places it as `at` places
 * the code on the page.
 */
function gradientPattern(doc: PDFDocument, page: PDFPage, layout: QrLayout, at: PdfPlacement): PDFName | null {
  const { design, code } = layout;
  const gradient = design.gradient;
  if (!gradient) return null;
  const [cx, cy] = [code.x + code.size / 2, layout.height - code.y - code.size / 2];
  const radius = code.size / 2;
  const angle = (gradient.rotation * Math.PI) / 180;
  // PDF's y axis points up, the layout's down.
  const [dx, dy] = [Math.cos(angle), -Math.sin(angle)];
  const half = (Math.abs(dx) + Math.abs(dy)) * radius;
  const rgb01 = (hex: string) => rgbOf(hex).map((c) => c / 255);
  const shading = doc.context.obj({
    ShadingType: gradient.type === 'radial' ? 3 : 2,
    ColorSpace: 'DeviceRGB',
    Coords: gradient.type === 'radial' ? [cx, cy, 0, cx, cy, radius] : [cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half],
    Function: { FunctionType: 2, Domain: [0, 1], C0: rgb01(gradient.from), C1: rgb01(gradient.to), N: 1 },
    Extend: [true, true],
  });
  const pattern = doc.context.register(doc.context.obj({ PatternType: 2, Shading: shading, Matrix: [at.scale, 0, 0, at.scale, at.x, at.y] }));
  const { Resources } = page.node.normalizedEntries();
  let patterns = Resources.lookupMaybe(PDFName.of('Pattern'), PDFDict);
  if (!patterns) {
    patterns = doc.context.obj({});
    Resources.set(PDFName.of('Pattern'), patterns);
  }
  const name = PDFName.of(`QrGradient${patterns.keys().length}`);
  patterns.set(name, pattern);
  return name;
}

const embeddedFonts = new WeakMap<PDFDocument, Promise<PDFFont>>();

/** The shipped frame font in `doc`, embedded once however many codes a sheet holds, with just the glyphs used. */
function shippedFontOf(doc: PDFDocument): Promise<PDFFont> {
  let font = embeddedFonts.get(doc);
  if (!font) {
    doc.registerFontkit(fontkit);
    font = doc.embedFont(shippedFontBytes(), { subset: true });
    embeddedFonts.set(doc, font);
  }
  return font;
}

async function drawFrame(doc: PDFDocument, page: PDFPage, layout: QrLayout): Promise<void> {
  const { design, band, code, module } = layout;
  if (!design.frame || !band) return;
  const frameColour = colour(design.frame.colour);
  if (design.frame.style === 'box') {
    // The SVG's border: a stroke one module wide on a rectangle inset half a module, corners rounded one module.
    const inset = code.size - module;
    page.drawSvgPath(roundedRect(code.x + module / 2, code.y + module / 2, inset, inset, module), {
      x: 0,
      y: layout.height,
      borderColor: frameColour,
      borderWidth: module,
    });
  }
  page.drawRectangle({ x: band.x, y: 0, width: band.width, height: band.height, color: frameColour });
  const text = design.frame.text;
  const advance = frameTextAdvance(text);
  const size = frameTextSize(advance, band);
  let x = band.x + (band.width - advance * size) / 2;
  const y = (band.height - frameTextAscent() * size) / 2;
  const color = colour(design.frame.text_colour);
  for (const run of frameTextRuns(text)) {
    if (embedsAsText(run)) {
      const font = await shippedFontOf(doc);
      page.drawText(run.text, { x, y, size, font, color });
      x += font.widthOfTextAtSize(run.text, size);
    } else {
      const outline = frameRunOutline(run, size);
      page.drawSvgPath(outline.path, { x, y, color });
      x += outline.advance;
    }
  }
}

/**
 * A one-page PDF of the code in vector form, the page the size of the design in points. PDF
 * paints each eye as three stacked shapes instead of one even-odd path.
 */
export async function renderQrPdf(text: string, design: QrDesign, logo?: PngImage): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('QR code');
  doc.setProducer('QR Platform');
  const layout = layoutOf(text, design);
  const page = doc.addPage([layout.width, layout.height]);
  await drawQrOnPage(doc, page, layout, { x: 0, y: 0, scale: 1 }, logo && { png: logo, image: await doc.embedPng(logo.png) });
  return doc.save();
}

/** Where a code goes on a page of many (a print sheet): its lower left corner and the points per design pixel. */
export interface PdfPlacement {
  x: number;
  y: number;
  scale: number;
}

/**
 * Draws one code onto a page of `doc` that holds others too, in the same vector form as renderQrPdf.
 * `logo` is embedded once by the caller and reused for every code of the sheet.
 */
export async function drawQrOnSheet(doc: PDFDocument, page: PDFPage, text: string, design: QrDesign, at: PdfPlacement, logo?: EmbeddedLogo): Promise<void> {
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(at.scale, 0, 0, at.scale, at.x, at.y));
  await drawQrOnPage(doc, page, layoutOf(text, design), at, logo);
  page.pushOperators(popGraphicsState());
}

/** A design's logo, decoded and embedded in one document. */
export interface EmbeddedLogo {
  png: PngImage;
  image: PDFImage;
}

async function drawQrOnPage(doc: PDFDocument, page: PDFPage, layout: QrLayout, at: PdfPlacement, logo?: EmbeddedLogo): Promise<void> {
  const { design } = layout;
  page.drawRectangle({ x: 0, y: 0, width: layout.width, height: layout.height, color: colour(design.background) });
  await drawFrame(doc, page, layout);

  const moduleFill = gradientPattern(doc, page, layout, at) ?? design.foreground;
  drawModules(page, layout, dataModulesPath(layout), moduleFill, DATA_UNITS);
  const eyeColour = design.eye_colour ?? moduleFill;
  for (const [row, col] of layout.eyes) {
    const [outer, hole, pupil] = eyeLayers(design.eye_style, row, col);
    drawModules(page, layout, outer, eyeColour);
    drawModules(page, layout, hole, design.background);
    drawModules(page, layout, pupil, eyeColour);
  }
  if (logo && layout.logo) {
    const { x, y, size } = layout.logo;
    const scale = Math.min(size / logo.png.width, size / logo.png.height);
    const [w, h] = [logo.png.width * scale, logo.png.height * scale];
    page.drawImage(logo.image, { x: x + (size - w) / 2, y: layout.height - y - size + (size - h) / 2, width: w, height: h });
  }
}

/** eyePath's three sub-paths (ring, hole, pupil), each a closed shape of its own. */
function eyeLayers(style: QrDesign['eye_style'], row: number, col: number): [string, string, string] {
  const parts = eyePath(style, row, col).split(/(?=M)/);
  return [parts[0]!, parts[1]!, parts.slice(2).join('')];
}
