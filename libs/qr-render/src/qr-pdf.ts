import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  concatTransformationMatrix,
  degrees,
  drawImage,
  drawText,
  fill as fillPath,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  PDFStream,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  setLineWidth,
  setStrokingColor,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { frameRunOutline, frameTextAdvance, frameTextAscent, frameTextRuns, frameTextSize, embedsAsText, shippedFontBytes } from './frame-text';
import type { QrDesign } from '@qr/contracts';
import { pdfPathOf, rectangleOf } from './pdf-path';
import { DATA_UNITS, eyePath, moduleOutline, roundedRect } from './qr-shapes';
import { layoutOf, ModuleKind, rgbOf, type PngImage, type QrLayout } from './qr-layout';

const colour = (hex: string) => {
  const [r, g, b] = rgbOf(hex);
  return rgb(r / 255, g / 255, b / 255);
};

/** A plain colour (hex), or the name of a page's shading pattern. */
type Fill = string | PDFName;

const fillOperators = (fill: Fill): PDFOperator[] =>
  typeof fill === 'string'
    ? [setFillingColor(colour(fill))]
    : [PDFOperator.of(PDFOperatorNames.NonStrokingColorspace, [PDFName.of('Pattern')]), PDFOperator.of(PDFOperatorNames.NonStrokingColorN, [fill])];

/** Where SVG path data goes on the page: its origin, and page units per path unit. */
interface PathPlacement {
  x: number;
  y: number;
  scale: number;
}

/**
 * A code's content stream, in order: pdf-lib's operators, and paths written here as PDF operators
 * (pdf-path.ts), which pdf-lib's drawSvgPath takes most of a second to make of a dense code's modules.
 */
type Content = (PDFOperator | string)[];

/**
 * `content` (PDF paths and their painting, y down as SVG draws) placed by `at`, with `paint`
 * (colour and line operators) in force.
 */
function placed(content: string, at: PathPlacement, paint: PDFOperator[]): Content {
  return [pushGraphicsState(), concatTransformationMatrix(at.scale, 0, 0, -at.scale, at.x, at.y), ...paint, content, popGraphicsState()];
}

/** SVG path data filled by the non-zero rule, as SVG fills. */
const filled = (svg: string, at: PathPlacement, paint: PDFOperator[]): Content => (svg === '' ? [] : placed(`${pdfPathOf(svg)}\nf`, at, paint));

/**
 * The data modules in `paint`, each the module shape's outline (qr-shapes.ts) at its place. Square
 * modules touch their neighbours, so they are one path (viewers draw a hairline where separately
 * smoothed edges meet), a `re` each. Round ones stand apart: each is the same operators under a
 * translation of its own, which deflates to a tenth of the size of one path of them all.
 */
function dataModules(layout: QrLayout, paint: PDFOperator[]): Content {
  const { size, kinds } = layout;
  const outline = moduleOutline(layout.design.module_shape);
  const origins: [number, number][] = [];
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] === ModuleKind.DataDark) origins.push([(i % size) * DATA_UNITS, Math.floor(i / size) * DATA_UNITS]);
  }
  if (origins.length === 0) return [];
  const at = modulesAt(layout, DATA_UNITS);
  const rectangle = rectangleOf(outline);
  if (rectangle) {
    const [left, top, width, height] = rectangle;
    return placed(`${origins.map(([x, y]) => `${x + left} ${y + top} ${width} ${height} re`).join('\n')}\nf`, at, paint);
  }
  const shape = `${pdfPathOf(outline)}\nf Q`;
  return placed(origins.map(([x, y]) => `q 1 0 0 1 ${x} ${y} cm\n${shape}`).join('\n'), at, paint);
}

/** Where the module group of the SVG renderer goes on the page, for paths in `units` per module. */
const modulesAt = (layout: QrLayout, units: number): PathPlacement => ({ x: layout.x0, y: layout.height - layout.y0, scale: layout.module / units });

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

/** The name `ref` goes by in the page's resources of `kind`, given once however many codes the page holds. */
function resourceName(page: PDFPage, kind: 'Font' | 'XObject', ref: PDFRef): PDFName {
  const named = page.node.normalizedEntries().Resources.lookupMaybe(PDFName.of(kind), PDFDict);
  const found = named?.entries().find(([, value]) => value === ref);
  if (found) return found[0];
  return kind === 'Font' ? page.node.newFontDictionary('QrFont', ref) : page.node.newXObject('QrImage', ref);
}

const upright = { rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) };

async function frame(doc: PDFDocument, page: PDFPage, layout: QrLayout): Promise<Content> {
  const { design, band, code, module } = layout;
  if (!design.frame || !band) return [];
  const frameColour = colour(design.frame.colour);
  const content: Content = [];
  if (design.frame.style === 'box') {
    // The SVG's border: a stroke one module wide on a rectangle inset half a module, corners rounded one module.
    const inset = code.size - module;
    const border = roundedRect(code.x + module / 2, code.y + module / 2, inset, inset, module);
    content.push(...placed(`${pdfPathOf(border)}\nS`, { x: 0, y: layout.height, scale: 1 }, [setStrokingColor(frameColour), setLineWidth(module)]));
  }
  content.push(pushGraphicsState(), setFillingColor(frameColour), rectangle(band.x, 0, band.width, band.height), fillPath(), popGraphicsState());
  const text = design.frame.text;
  const advance = frameTextAdvance(text);
  const size = frameTextSize(advance, band);
  let x = band.x + (band.width - advance * size) / 2;
  const y = (band.height - frameTextAscent() * size) / 2;
  const color = colour(design.frame.text_colour);
  for (const run of frameTextRuns(text)) {
    if (embedsAsText(run)) {
      const font = await shippedFontOf(doc);
      const key = resourceName(page, 'Font', font.ref);
      content.push(...drawText(font.encodeText(run.text), { x, y, size, font: key, color, ...upright }));
      x += font.widthOfTextAtSize(run.text, size);
    } else {
      const outline = frameRunOutline(run, size);
      content.push(...filled(outline.path, { x, y, scale: 1 }, [setFillingColor(color)]));
      x += outline.advance;
    }
  }
  return content;
}

/**
 * A one-page PDF of the code in vector form, the page the size of the design in points.
 */
export async function renderQrPdf(text: string, design: QrDesign, logo?: PngImage): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('QR code');
  doc.setProducer('QR Platform');
  const layout = layoutOf(text, design);
  const page = doc.addPage([layout.width, layout.height]);
  await drawQrOnPage(doc, page, layout, { x: 0, y: 0, scale: 1 }, logo && { png: logo, image: await doc.embedPng(logo.png) });
  return saveQrPdf(doc);
}

/** Where a code goes on a page of many (a print sheet): its lower left corner and the points per design pixel. */
export interface PdfPlacement {
  x: number;
  y: number;
  scale: number;
}

/**
 * Draws one code onto a page of `doc` that holds others too, in the same vector form as renderQrPdf.
 * `logo` is embedded once by the caller and reused for every code of the sheet. Save the
 * document with saveQrPdf.
 */
export async function drawQrOnSheet(doc: PDFDocument, page: PDFPage, text: string, design: QrDesign, at: PdfPlacement, logo?: EmbeddedLogo): Promise<void> {
  await drawQrOnPage(doc, page, layoutOf(text, design), at, logo);
}

/** A design's logo, decoded and embedded in one document. */
export interface EmbeddedLogo {
  png: PngImage;
  image: PDFImage;
}

/**
 * Draws the code as a content stream of its own, after what the page already holds. pdf-lib
 * deflates its content streams with pako, which takes longer over a dense code's repetitive path
 * than drawing it; Node's zlib takes a fraction of that.
 */
async function drawQrOnPage(doc: PDFDocument, page: PDFPage, layout: QrLayout, at: PdfPlacement, logo?: EmbeddedLogo): Promise<void> {
  const { design } = layout;
  const moduleFill = gradientPattern(doc, page, layout, at) ?? design.foreground;
  const eyes = layout.eyes.map(([row, col]) => eyePath(design.eye_style, row, col)).join('');
  const content: Content = [
    pushGraphicsState(),
    concatTransformationMatrix(at.scale, 0, 0, at.scale, at.x, at.y),
    setFillingColor(colour(design.background)),
    rectangle(0, 0, layout.width, layout.height),
    fillPath(),
    ...(await frame(doc, page, layout)),
    ...dataModules(layout, fillOperators(moduleFill)),
    // Each eye's hole runs against its ring, so the non-zero rule leaves it open.
    ...filled(eyes, modulesAt(layout, 1), fillOperators(design.eye_colour ?? moduleFill)),
    ...logoImage(page, layout, logo),
    popGraphicsState(),
  ];
  const stream = doc.context.stream(deflateSync(content.join('\n')), { Filter: 'FlateDecode' });
  page.node.addContentStream(doc.context.register(stream));
}

function logoImage(page: PDFPage, layout: QrLayout, logo: EmbeddedLogo | undefined): Content {
  if (!logo || !layout.logo) return [];
  const { x, y, size } = layout.logo;
  const scale = Math.min(size / logo.png.width, size / logo.png.height);
  const [width, height] = [logo.png.width * scale, logo.png.height * scale];
  const name = resourceName(page, 'XObject', logo.image.ref);
  return drawImage(name, { x: x + (size - width) / 2, y: layout.height - y - size + (size - height) / 2, width, height, ...upright });
}

/**
 * Saves a document that holds codes. A font subset's name must begin with a tag of six capital
 * letters (ISO 32000-1, 9.6.4), which pdf-lib leaves out; the tag is made from the subset's own
 * bytes, so the same glyphs get the same name in every file and different subsets different names.
 */
export async function saveQrPdf(doc: PDFDocument): Promise<Uint8Array> {
  const font = embeddedFonts.get(doc);
  if (font) await tagSubset(doc, await font);
  return doc.save();
}

async function tagSubset(doc: PDFDocument, font: PDFFont): Promise<void> {
  // Embedding now, with every glyph drawn, writes the subset; save finds it done.
  await font.embed();
  const type0 = doc.context.lookup(font.ref, PDFDict);
  const cidFont = type0.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
  // DejaVu Sans is a TrueType font: its subset is a FontFile2.
  const file = descriptor.lookup(PDFName.of('FontFile2'), PDFStream);
  const digest = createHash('sha256').update(file.getContents()).digest();
  const tag = String.fromCharCode(...digest.subarray(0, 6).map((byte) => 65 + (byte % 26)));
  const name = PDFName.of(`${tag}+${font.name}`);
  type0.set(PDFName.of('BaseFont'), name);
  cidFont.set(PDFName.of('BaseFont'), name);
  descriptor.set(PDFName.of('FontName'), name);
}
