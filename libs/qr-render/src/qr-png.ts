import { PNG } from 'pngjs';
import type { QrDesign } from '@qr/contracts';
import { encodeRgbPng } from './png-file';
import { glyphPixel, GLYPH_GAP, GLYPH_HEIGHT, GLYPH_WIDTH } from './bitmap-font';
import { eyeOrigin, layoutOf, ModuleKind, paintOf, RAMP_STEPS, rgbOf, type PngImage, type QrLayout, type Rgb } from './qr-layout';

/** Whether (px, py) lies in the rectangle [x, x+w] × [y, y+h] with corner radius r. */
function inRoundedRect(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const dx = Math.max(x + r - px, 0, px - (x + w - r));
  const dy = Math.max(y + r - py, 0, py - (y + h - r));
  return dx * dx + dy * dy <= r * r;
}

/** The same shapes as qr-shapes.ts, as point tests in module units. */
function inModule(shape: QrDesign['module_shape'], u: number, v: number): boolean {
  switch (shape) {
    case 'square':
      return true;
    case 'dots':
      return (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.45 ** 2;
    case 'rounded':
      return inRoundedRect(u, v, 0.05, 0.05, 0.9, 0.9, 0.3);
  }
}

/** (ex, ey) in an eye's own module units, 0..7: on the ring or the pupil. */
function inEye(style: QrDesign['eye_style'], ex: number, ey: number): boolean {
  switch (style) {
    case 'square':
      return !(ex >= 1 && ex < 6 && ey >= 1 && ey < 6) || (ex >= 2 && ex < 5 && ey >= 2 && ey < 5);
    case 'rounded':
      return (inRoundedRect(ex, ey, 0, 0, 7, 7, 2) && !inRoundedRect(ex, ey, 1, 1, 5, 5, 1.4)) || inRoundedRect(ex, ey, 2, 2, 3, 3, 0.9);
    case 'circle': {
      const d = Math.hypot(ex - 3.5, ey - 3.5);
      return d <= 3.5 && (d > 2.5 || d <= 1.5);
    }
  }
}

/**
 * RGB pixels laid out as PNG's filtered rows: each row starts with its filter byte, 0 ("none"),
 * which Buffer.alloc already wrote, so the buffer goes to deflate as it is.
 */
class RgbCanvas {
  readonly data: Buffer;
  readonly stride: number;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.stride = width * 3 + 1;
    this.data = Buffer.alloc(this.stride * height);
    const row = Buffer.alloc(width * 3).fill(Buffer.from(background));
    for (let y = 0; y < height; y++) row.copy(this.data, y * this.stride + 1);
  }
  offset(x: number, y: number): number {
    return y * this.stride + 1 + x * 3;
  }
  set(offset: number, [r, g, b]: Rgb): void {
    this.data[offset] = r;
    this.data[offset + 1] = g;
    this.data[offset + 2] = b;
  }
  fill(x: number, y: number, w: number, h: number, colour: Rgb): void {
    for (let py = Math.max(0, Math.round(y)); py < Math.min(this.height, Math.round(y + h)); py++) {
      for (let px = Math.max(0, Math.round(x)); px < Math.min(this.width, Math.round(x + w)); px++) this.set(this.offset(px, py), colour);
    }
  }
}

/**
 * Each pixel of the code square is tested once against its module's shape. Column lookups are
 * computed once per image and colours come from a ramp, so the inner loop only does arithmetic:
 * this is what makes PNG output several times faster than rasterising SVG.
 */
function drawCode(canvas: RgbCanvas, layout: QrLayout): void {
  const { design, size, x0, y0, module, kinds } = layout;
  const { ramp, position } = paintOf(layout);
  // Imported constants are read through getters in the compiled modules: copy them out of the loop.
  const [dataDark, eye, steps] = [ModuleKind.DataDark, ModuleKind.Eye, RAMP_STEPS];
  const eyeColour = design.eye_colour ? rgbOf(design.eye_colour) : null;
  const flat = design.gradient === null;
  const left = Math.max(0, Math.floor(x0));
  const right = Math.min(canvas.width, Math.ceil(x0 + size * module));
  const columns = new Int32Array(right - left);
  const us = new Float64Array(right - left);
  for (let px = left; px < right; px++) {
    const mx = (px + 0.5 - x0) / module;
    columns[px - left] = Math.floor(mx);
    us[px - left] = mx - Math.floor(mx);
  }
  const { data } = canvas;
  const bottom = Math.min(canvas.height, Math.ceil(y0 + size * module));
  for (let py = Math.max(0, Math.floor(y0)); py < bottom; py++) {
    const my = (py + 0.5 - y0) / module;
    const row = Math.floor(my);
    if (row < 0 || row >= size) continue;
    const v = my - row;
    for (let i = 0; i < columns.length; i++) {
      const col = columns[i]!;
      if (col < 0 || col >= size) continue;
      const kind = kinds[row * size + col];
      let inked = false;
      if (kind === dataDark) inked = inModule(design.module_shape, us[i]!, v);
      else if (kind === eye) {
        const [er, ec] = eyeOrigin(size, row, col);
        inked = inEye(design.eye_style, col - ec + us[i]!, row - er + v);
        if (inked && eyeColour) {
          canvas.set(canvas.offset(left + i, py), eyeColour);
          continue;
        }
      }
      if (!inked) continue;
      const step = flat ? 0 : Math.min(steps - 1, Math.max(0, Math.round(position(left + i + 0.5, py + 0.5) * (steps - 1))));
      const offset = canvas.offset(left + i, py);
      data[offset] = ramp[step * 3]!;
      data[offset + 1] = ramp[step * 3 + 1]!;
      data[offset + 2] = ramp[step * 3 + 2]!;
    }
  }
}

function drawLogo(canvas: RgbCanvas, layout: QrLayout, logo: PngImage, background: Rgb): void {
  const box = layout.logo!;
  // Fit the image in the square, keeping its aspect ratio; transparent pixels show the background.
  const scale = Math.min(box.size / logo.width, box.size / logo.height);
  const w = logo.width * scale;
  const h = logo.height * scale;
  const left = box.x + (box.size - w) / 2;
  const top = box.y + (box.size - h) / 2;
  for (let py = Math.max(0, Math.floor(top)); py < Math.min(canvas.height, Math.ceil(top + h)); py++) {
    const sy = Math.min(logo.height - 1, Math.floor((py + 0.5 - top) / scale));
    for (let px = Math.max(0, Math.floor(left)); px < Math.min(canvas.width, Math.ceil(left + w)); px++) {
      const sx = Math.min(logo.width - 1, Math.floor((px + 0.5 - left) / scale));
      const s = (sy * logo.width + sx) * 4;
      const a = logo.rgba[s + 3]! / 255;
      const blend = (i: number) => Math.round(logo.rgba[s + i]! * a + background[i]! * (1 - a));
      canvas.set(canvas.offset(px, py), [blend(0), blend(1), blend(2)]);
    }
  }
}

function drawFrame(canvas: RgbCanvas, layout: QrLayout): void {
  const { design, band, code, module } = layout;
  if (!design.frame || !band) return;
  const colour = rgbOf(design.frame.colour);
  if (design.frame.style === 'box') {
    const edge = module;
    canvas.fill(code.x, code.y, code.size, edge, colour);
    canvas.fill(code.x, code.y + code.size - edge, code.size, edge, colour);
    canvas.fill(code.x, code.y, edge, code.size, colour);
    canvas.fill(code.x + code.size - edge, code.y, edge, code.size, colour);
  }
  canvas.fill(0, band.y, canvas.width, band.height, colour);
  // The largest whole-pixel scale at which the text fits the band, as the SVG's font-size does.
  const text = design.frame.text;
  const columns = text.length * (GLYPH_WIDTH + GLYPH_GAP) - GLYPH_GAP;
  const scale = Math.max(1, Math.min(Math.floor((band.height * 0.42) / GLYPH_HEIGHT), Math.floor((canvas.width * 0.9) / columns)));
  const left = Math.round((canvas.width - columns * scale) / 2);
  const top = Math.round(band.y + (band.height - GLYPH_HEIGHT * scale) / 2);
  const ink = rgbOf(design.frame.text_colour);
  [...text].forEach((char, i) => {
    for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
      for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
        if (glyphPixel(char, gx, gy)) canvas.fill(left + (i * (GLYPH_WIDTH + GLYPH_GAP) + gx) * scale, top + gy * scale, scale, scale, ink);
      }
    }
  });
}

/**
 * The code as a PNG, drawn module by module straight into an RGB buffer: rasterising the SVG runs
 * at about 57 images/s here (DESIGN.md §11), this several times faster.
 */
export function renderQrPng(text: string, design: QrDesign, logo?: PngImage): Buffer {
  return pngOf(layoutOf(text, design), logo);
}

export function pngOf(layout: QrLayout, logo?: PngImage): Buffer {
  const background = rgbOf(layout.design.background);
  const canvas = new RgbCanvas(layout.width, layout.height, background);
  drawFrame(canvas, layout);
  drawCode(canvas, layout);
  if (logo && layout.logo) drawLogo(canvas, layout, logo, background);
  return encodeRgbPng(layout.width, layout.height, canvas.data);
}

/** Reads a PNG file (an uploaded logo) into the form the renderers take. */
export function readPng(file: Uint8Array): PngImage {
  const decoded = PNG.sync.read(Buffer.from(file));
  return { width: decoded.width, height: decoded.height, png: file, rgba: decoded.data };
}
