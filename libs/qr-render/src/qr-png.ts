import { PNG } from 'pngjs';
import type { QrDesign } from '@qr/contracts';
import { IndexedCanvas, type RgbCanvas } from './png-canvas';
import type { RgbaPixels } from './qr-readers';
import { ROUNDED_EYE_RADII } from './qr-shapes';
import { frameTextCoverage } from './frame-text';
import { layoutOf, ModuleKind, paintOf, mixRgb, RAMP_STEPS, rgbOf, type Paint, type PngImage, type QrLayout } from './qr-layout';

/** Whether (px, py) lies in the rectangle [x, x+w] × [y, y+h] with corner radius r. */
function inRoundedRect(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const dx = Math.max(x + r - px, 0, px - (x + w - r));
  const dy = Math.max(y + r - py, 0, py - (y + h - r));
  return dx * dx + dy * dy <= r * r;
}

/**
 * The data modules of qr-shapes.ts as separable point tests: pixel (u, v) of a module (0..1 each
 * way) is inked when edge(u) + edge(v) <= limit. Dots: squared distance from the centre; rounded
 * squares: squared distance into a corner's circle, Infinity outside the square. Separable, so a
 * column's and a row's term are computed once per image rather than once per pixel.
 */
const MODULE_SHAPES: Record<QrDesign['module_shape'], { edge: (t: number) => number; limit: number }> = {
  square: { edge: () => 0, limit: 0 },
  dots: { edge: (t) => (t - 0.5) ** 2, limit: 0.45 ** 2 },
  // The 0.9-module square with 0.3-module corners from 0.05 to 0.95.
  rounded: { edge: (t) => (t < 0.05 || t > 0.95 ? Infinity : Math.max(0.35 - t, 0, t - 0.65) ** 2), limit: 0.3 ** 2 },
};

/** (ex, ey) in an eye's own module units, 0..7: on the ring or the pupil. */
function inEye(style: QrDesign['eye_style'], ex: number, ey: number): boolean {
  switch (style) {
    case 'square':
      return !(ex >= 1 && ex < 6 && ey >= 1 && ey < 6) || (ex >= 2 && ex < 5 && ey >= 2 && ey < 5);
    case 'rounded':
      return (
        (inRoundedRect(ex, ey, 0, 0, 7, 7, ROUNDED_EYE_RADII.ring) && !inRoundedRect(ex, ey, 1, 1, 5, 5, ROUNDED_EYE_RADII.hole)) ||
        inRoundedRect(ex, ey, 2, 2, 3, 3, ROUNDED_EYE_RADII.pupil)
      );
    case 'circle': {
      // Squared distance from the eye's centre against the radii 3.5, 2.5 and 1.5 of qr-shapes.ts.
      const d = (ex - 3.5) ** 2 + (ey - 3.5) ** 2;
      return d <= 12.25 && (d > 6.25 || d <= 2.25);
    }
  }
}

/** Blends of the frame's text into the frame colour, for the text's anti-aliased edges. */
const TEXT_SHADES = 256 - 4 - RAMP_STEPS;

/** Palette indices: four fixed colours, the text's shades, then the modules' ramp (RAMP_STEPS). */
const Colour = { Background: 0, Eye: 1, Frame: 2, Text: 3, TextShade: 4, Ramp: 4 + TEXT_SHADES } as const;

/** Per pixel along one axis of the code: which module, where in it, its shape term and its paint term. */
interface Axis {
  first: number;
  module: Int32Array;
  offset: Float64Array;
  edge: Float64Array;
  paint: Float64Array;
}

function axisOf(start: number, layout: QrLayout, limit: number, edge: (t: number) => number, paint: (p: number) => number): Axis {
  const first = Math.max(0, Math.floor(start));
  const count = Math.max(0, Math.min(limit, Math.ceil(start + layout.size * layout.module)) - first);
  const axis = { first, module: new Int32Array(count), offset: new Float64Array(count), edge: new Float64Array(count), paint: new Float64Array(count) };
  for (let i = 0; i < count; i++) {
    const centre = first + i + 0.5;
    const position = (centre - start) / layout.module;
    // Pixels whose centre falls outside the grid get module -1 and are skipped.
    const module = position < 0 || position >= layout.size ? -1 : Math.floor(position);
    axis.module[i] = module;
    axis.offset[i] = position - module;
    axis.edge[i] = edge(position - module);
    axis.paint[i] = paint(centre);
  }
  return axis;
}

/**
 * Each pixel of the code square is tested once against its module's shape, from per-column and
 * per-row terms computed beforehand, and coloured from a ramp, so the inner loop only adds and
 * compares: this is what makes PNG output several times faster than rasterising SVG.
 */
function drawCode(canvas: IndexedCanvas, layout: QrLayout, paint: Paint): void {
  const { design, size, kinds } = layout;
  const shape = MODULE_SHAPES[design.module_shape];
  const columns = axisOf(layout.x0, layout, canvas.width, shape.edge, paint.across);
  const rows = axisOf(layout.y0, layout, canvas.height, shape.edge, paint.down);
  // Imported constants are read through getters in the compiled modules: copy them out of the loop.
  const [dataDark, eye, lastStep, eyeColour, rampStart] = [ModuleKind.DataDark, ModuleKind.Eye, RAMP_STEPS - 1, Colour.Eye, Colour.Ramp];
  const { radial } = paint;
  const ownEyeColour = design.eye_colour !== null;
  const { data } = canvas;
  for (let r = 0; r < rows.module.length; r++) {
    const row = rows.module[r]!;
    if (row < 0) continue;
    const [v, rowEdge, rowPaint] = [rows.offset[r]!, rows.edge[r]!, rows.paint[r]!];
    const rowStart = canvas.offset(columns.first, rows.first + r);
    for (let c = 0; c < columns.module.length; c++) {
      const col = columns.module[c]!;
      if (col < 0) continue;
      const kind = kinds[row * size + col];
      if (kind === dataDark) {
        if (columns.edge[c]! + rowEdge > shape.limit) continue;
      } else if (kind === eye) {
        const [er, ec] = [row < 7 ? 0 : size - 7, col < 7 ? 0 : size - 7];
        if (!inEye(design.eye_style, col - ec + columns.offset[c]!, row - er + v)) continue;
        if (ownEyeColour) {
          data[rowStart + c] = eyeColour;
          continue;
        }
      } else continue;
      const along = columns.paint[c]! + rowPaint;
      data[rowStart + c] = rampStart + Math.min(lastStep, Math.max(0, Math.round((radial ? Math.sqrt(along) : along) * lastStep)));
    }
  }
}

/** Draws the logo fitted in its square, keeping its aspect ratio; transparent pixels show the background. */
function drawLogo(canvas: RgbCanvas, layout: QrLayout, logo: PngImage): void {
  const box = layout.logo!;
  const background = rgbOf(layout.design.background);
  const scale = Math.min(box.size / logo.width, box.size / logo.height);
  const [w, h] = [logo.width * scale, logo.height * scale];
  const left = box.x + (box.size - w) / 2;
  const top = box.y + (box.size - h) / 2;
  // Pixels whose centre lies on the logo: one whose centre is off it would sample outside the image.
  for (let py = Math.max(0, Math.round(top)); py < Math.min(canvas.height, Math.round(top + h)); py++) {
    const sy = Math.min(logo.height - 1, Math.floor((py + 0.5 - top) / scale));
    for (let px = Math.max(0, Math.round(left)); px < Math.min(canvas.width, Math.round(left + w)); px++) {
      const sx = Math.min(logo.width - 1, Math.floor((px + 0.5 - left) / scale));
      const s = (sy * logo.width + sx) * 4;
      const alpha = logo.rgba[s + 3]! / 255;
      const to = canvas.offset(px, py);
      for (let i = 0; i < 3; i++) canvas.data[to + i] = Math.round(logo.rgba[s + i]! * alpha + background[i]! * (1 - alpha));
    }
  }
}

/**
 * The SVG's box frame: a ring one module wide around the code square, its corners rounded 1.5
 * modules outside and half a module inside. Only the strips along the edges are tested.
 */
function drawBox(canvas: IndexedCanvas, code: QrLayout['code'], module: number, colour: number): void {
  const { x, y, size } = code;
  const strip = Math.ceil(2 * module);
  const inRing = (px: number, py: number) =>
    inRoundedRect(px, py, x, y, size, size, 1.5 * module) && !inRoundedRect(px, py, x + module, y + module, size - 2 * module, size - 2 * module, 0.5 * module);
  const [top, bottom] = [Math.max(0, Math.floor(y)), Math.min(canvas.height, Math.ceil(y + size))];
  const [left, right] = [Math.max(0, Math.floor(x)), Math.min(canvas.width, Math.ceil(x + size))];
  for (let py = top; py < bottom; py++) {
    const nearTopOrBottom = py < top + strip || py >= bottom - strip;
    for (let px = left; px < right; px++) {
      if (!nearTopOrBottom && px === left + strip) px = Math.max(px, right - strip);
      if (inRing(px + 0.5, py + 0.5)) canvas.data[canvas.offset(px, py)] = colour;
    }
  }
}

function drawFrame(canvas: IndexedCanvas, layout: QrLayout): void {
  const { design, band, code, module } = layout;
  if (!design.frame || !band) return;
  const colour = Colour.Frame;
  if (design.frame.style === 'box') drawBox(canvas, code, module, colour);
  canvas.fill(band.x, band.y, band.width, band.height, colour);
  const bandLeft = Math.round(band.x);
  const text = frameTextCoverage(design.frame.text, Math.round(band.x + band.width) - bandLeft, band.height);
  if (!text) return;
  const { width, coverage } = text;
  const left = bandLeft + text.left;
  const top = Math.round(band.y) + text.top;
  for (let y = Math.max(0, top); y < Math.min(canvas.height, top + text.height); y++) {
    for (let x = Math.max(0, left); x < Math.min(canvas.width, left + width); x++) {
      const shade = Math.round(Math.min(1, coverage[(y - top) * width + (x - left)]!) * (TEXT_SHADES + 1));
      if (shade > 0) canvas.data[canvas.offset(x, y)] = shade > TEXT_SHADES ? Colour.Text : Colour.TextShade + shade - 1;
    }
  }
}

/** The largest side renderQrPng draws, as the design contract allows: a bound on memory per request. */
const MAX_SIDE = 4096;

/**
 * The code as a PNG, drawn module by module straight into a pixel buffer: several times faster than
 * rasterising the SVG (DESIGN.md §11). `size`, when given, is the
 * longer side in pixels; the other side keeps the design's proportions.
 */
export function renderQrPng(text: string, design: QrDesign, logo?: PngImage, size?: number): Buffer {
  return drawn(layoutOf(text, size === undefined ? design : scaledTo(design, size)), logo).toPng();
}

function scaledTo(design: QrDesign, size: number): QrDesign {
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIDE) throw new RangeError(`A PNG's size is a whole number of pixels from 1 to ${MAX_SIDE}.`);
  const factor = size / Math.max(design.width, design.height);
  return { ...design, width: Math.max(1, Math.round(design.width * factor)), height: Math.max(1, Math.round(design.height * factor)) };
}

/** The code drawn as renderQrPng draws it, as pixels for the decoders: the save-time check skips the PNG. */
export function renderQrPixels(text: string, design: QrDesign, logo?: PngImage, size?: number): RgbaPixels {
  return drawn(layoutOf(text, size === undefined ? design : scaledTo(design, size)), logo).toRgba();
}

function drawn(layout: QrLayout, logo: PngImage | undefined): IndexedCanvas | RgbCanvas {
  const { design } = layout;
  const canvas = new IndexedCanvas(layout.width, layout.height);
  canvas.setColour(Colour.Background, rgbOf(design.background));
  canvas.setColour(Colour.Eye, rgbOf(design.eye_colour ?? design.foreground));
  const [frame, text] = [rgbOf(design.frame?.colour ?? design.foreground), rgbOf(design.frame?.text_colour ?? design.background)];
  canvas.setColour(Colour.Frame, frame);
  canvas.setColour(Colour.Text, text);
  for (let shade = 1; shade <= TEXT_SHADES; shade++) canvas.setColour(Colour.TextShade + shade - 1, mixRgb(frame, text, shade / (TEXT_SHADES + 1)));
  const paint = paintOf(layout);
  canvas.palette.set(paint.ramp, Colour.Ramp * 3);
  drawFrame(canvas, layout);
  drawCode(canvas, layout, paint);
  if (!logo || !layout.logo) return canvas;
  // A logo brings colours of its own, more than a palette holds.
  const rgb = canvas.toRgb();
  drawLogo(rgb, layout, logo);
  return rgb;
}

/** Reads a PNG file (an uploaded logo) into the form the renderers take. */
export function readPng(file: Uint8Array): PngImage {
  const decoded = PNG.sync.read(Buffer.from(file));
  return { width: decoded.width, height: decoded.height, png: file, rgba: decoded.data };
}
