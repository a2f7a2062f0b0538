import { correction, generate, mode } from 'lean-qr';
import QRCode from 'qrcode';
import { needsUtf8Eci, UTF8_ECI, type QrDesign } from '@qr/contracts';

/** A decoded PNG (uploads re-encode every image to PNG): RGBA pixels, row by row. */
export interface PngImage {
  width: number;
  height: number;
  /** The PNG file itself, embedded as is in SVG and PDF output. */
  png: Uint8Array;
  /** width × height × 4 bytes of RGBA, for drawing into PNG output. */
  rgba: Uint8Array;
}

export interface Rect {
  x: number;
  y: number;
  size: number;
}

/**
 * Where everything goes on the canvas, in pixels, shared by the SVG, PNG and PDF renderers so the
 * three look alike. Module (row, col) covers [x0 + col·m, x0 + (col+1)·m) × [y0 + row·m, …).
 */
export interface QrLayout {
  design: QrDesign;
  width: number;
  height: number;
  /** Modules per side, without the quiet zone. */
  size: number;
  /** What each module is, row by row (`kinds[row * size + col]`): see ModuleKind. */
  kinds: Uint8Array;
  /** Left and top of module (0, 0), and the module's size. */
  x0: number;
  y0: number;
  module: number;
  /** The square the code and its quiet zone fill. */
  code: Rect;
  /** The logo's square; the modules under it (with a one-module collar) are ModuleKind.Hidden. */
  logo: Rect | null;
  /** The call-to-action band under the code, when there is a frame: as wide as a box frame's box, or the whole image for a banner. */
  band: { x: number; y: number; width: number; height: number } | null;
  /** The top-left corners of the three eyes, in modules. */
  eyes: readonly [number, number][];
}

/** Renderers draw DataDark modules in their shape and Eye modules as part of the eye they belong to. */
export const ModuleKind = { Light: 0, DataDark: 1, Eye: 2, Hidden: 3 } as const;

/** The band holds the frame's text: a fifth of the code's side. */
const BAND_SHARE = 0.2;

export type ErrorCorrection = QrDesign['error_correction'];

/** A logo hides modules: only error correction H (30 % of codewords) leaves room for that. */
export const errorCorrectionOf = (design: QrDesign): ErrorCorrection => (design.logo ? 'H' : design.error_correction);

/** The text does not fit in the largest QR code (version 40) at the error correction asked for. */
export class ContentTooLong extends Error {}

/** A QR code's modules without the quiet zone: `data[row * size + col]` is 1 when dark. */
interface Modules {
  size: number;
  data: Uint8Array;
}

/** lean-qr's error code for a text that fits in no version at the level asked for (lean-qr/extras/errors). */
const LEAN_QR_TOO_MUCH_DATA = 4;

/** The text's modules: 7-bit ASCII as it always was, anything else behind the UTF-8 ECI (needsUtf8Eci says why). */
function modulesOf(text: string, level: ErrorCorrection): Modules {
  return needsUtf8Eci(text) ? utf8Modules(text, level) : asciiModules(text, level);
}

/** node-qrcode, as every print made before the UTF-8 ECI was: the same text keeps the same modules. */
function asciiModules(text: string, level: ErrorCorrection): Modules {
  try {
    return QRCode.create(text, { errorCorrectionLevel: level }).modules;
  } catch (error) {
    // qrcode says so with a plain Error; anything else is not about the text's length.
    if (error instanceof Error && error.message.includes('too big')) throw new ContentTooLong(error.message);
    throw error;
  }
}

/** lean-qr, since node-qrcode writes no ECI: the UTF-8 designator first, then the text's bytes as one segment. */
function utf8Modules(text: string, level: ErrorCorrection): Modules {
  try {
    const segments = mode.multi(mode.eci(UTF8_ECI), mode.bytes(new TextEncoder().encode(text)));
    const code = generate(segments, { minCorrectionLevel: correction[level], maxCorrectionLevel: correction[level] });
    const data = new Uint8Array(code.size * code.size);
    for (let row = 0; row < code.size; row++) for (let col = 0; col < code.size; col++) data[row * code.size + col] = code.get(col, row) ? 1 : 0;
    return { size: code.size, data };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === LEAN_QR_TOO_MUCH_DATA) throw new ContentTooLong(error.message);
    throw error;
  }
}

/** Whether `text` fits in the largest QR code (version 40) at `level`. */
export function fitsInQrCode(text: string, level: ErrorCorrection): boolean {
  try {
    modulesOf(text, level);
    return true;
  } catch (error) {
    if (error instanceof ContentTooLong) return false;
    throw error;
  }
}

export function layoutOf(text: string, design: QrDesign): QrLayout {
  const modules = modulesOf(text, errorCorrectionOf(design));
  const size = modules.size;
  const { width, height, margin } = design;

  const bandHeight = design.frame ? Math.round(Math.min(width, height) * BAND_SHARE) : 0;
  const side = Math.min(width, height - bandHeight);
  const module = side / (size + 2 * margin);
  const code = { x: (width - side) / 2, y: (height - bandHeight - side) / 2, size: side };
  const x0 = code.x + margin * module;
  const y0 = code.y + margin * module;

  const eyes: [number, number][] = [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ];
  const logo = design.logo ? logoArea(size, design.logo.size, x0, y0, module) : null;
  return {
    design,
    width,
    height,
    size,
    kinds: kindsOf(modules.data, size, logo?.modules ?? null),
    x0,
    y0,
    module,
    code,
    logo: logo?.rect ?? null,
    band: design.frame ? bandOf(design.frame.style, code, width, height, bandHeight) : null,
    eyes,
  };
}

function bandOf(style: 'box' | 'banner', code: Rect, width: number, height: number, bandHeight: number): NonNullable<QrLayout['band']> {
  const [x, bandWidth] = style === 'box' ? [code.x, code.size] : [0, width];
  return { x, y: height - bandHeight, width: bandWidth, height: bandHeight };
}

/** Modules first..last (inclusive, on both axes) are hidden under the logo. */
interface HiddenSpan {
  first: number;
  last: number;
}

function logoArea(size: number, share: number, x0: number, y0: number, module: number): { rect: Rect; modules: HiddenSpan } {
  // Whole modules, odd count, so the logo sits centred on the module grid.
  let span = Math.max(1, Math.round(size * share));
  if (span % 2 === 0) span += 1;
  const first = (size - span) / 2;
  // A one-module collar of light modules keeps the logo's edge from blurring into the code.
  return { rect: { x: x0 + first * module, y: y0 + first * module, size: span * module }, modules: { first: first - 1, last: first + span } };
}

/** `data` is the module matrix (1 dark, row by row); the result is ModuleKind per module. */
function kindsOf(data: Uint8Array, size: number, hidden: HiddenSpan | null): Uint8Array {
  const kinds = new Uint8Array(size * size);
  const [first, last] = hidden ? [hidden.first, hidden.last] : [size, -1];
  const eyeEnd = size - 7;
  for (let row = 0; row < size; row++) {
    const eyeRow = row < 7 || row >= eyeEnd;
    const hiddenRow = row >= first && row <= last;
    for (let col = 0; col < size; col++) {
      const i = row * size + col;
      if (eyeRow && (col < 7 || (row < 7 && col >= eyeEnd))) kinds[i] = ModuleKind.Eye;
      else if (hiddenRow && col >= first && col <= last) kinds[i] = ModuleKind.Hidden;
      // The matrix holds 1 for dark and 0 for light, the values of ModuleKind.DataDark and Light.
      else kinds[i] = data[i]!;
    }
  }
  return kinds;
}
export type Rgb = readonly [number, number, number];

export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour `k` (0..1) of the way from `from` to `to`. */
export function mixRgb(from: Rgb, to: Rgb, k: number): Rgb {
  return [Math.round(from[0] + (to[0] - from[0]) * k), Math.round(from[1] + (to[1] - from[1]) * k), Math.round(from[2] + (to[2] - from[2]) * k)];
}

/**
 * Steps of a gradient's colour ramp: finer than the eye tells apart on a module, and few enough to
 * fit a PNG palette beside four fixed colours and the frame text's twelve shades (qr-png.ts).
 */
export const RAMP_STEPS = 240;

/**
 * The modules' paint, as the SVG gradient lays it out: `ramp` holds RAMP_STEPS colours (RGB) from
 * `from` to `to`. How far along the ramp pixel (x, y) is, 0..1, is `across(x) + down(y)` for a
 * linear gradient (along `rotation` degrees across the code square) and the square root of that
 * sum for a radial one (outwards from the centre). Split by axis so a renderer computes each
 * column's and each row's term once. No gradient: one colour, position 0.
 */
export interface Paint {
  ramp: Uint8Array;
  radial: boolean;
  across: (x: number) => number;
  down: (y: number) => number;
}

export function paintOf(layout: QrLayout): Paint {
  const { design, code } = layout;
  const gradient = design.gradient;
  const [from, to] = gradient ? [rgbOf(gradient.from), rgbOf(gradient.to)] : [rgbOf(design.foreground), rgbOf(design.foreground)];
  const ramp = new Uint8Array(RAMP_STEPS * 3);
  for (let i = 0; i < RAMP_STEPS; i++) ramp.set(mixRgb(from, to, i / (RAMP_STEPS - 1)), i * 3);
  const cx = code.x + code.size / 2;
  const cy = code.y + code.size / 2;
  if (!gradient) return { ramp, radial: false, across: () => 0, down: () => 0 };
  if (gradient.type === 'radial') {
    const radius = code.size / 2;
    return { ramp, radial: true, across: (x) => ((x - cx) / radius) ** 2, down: (y) => ((y - cy) / radius) ** 2 };
  }
  const angle = (gradient.rotation * Math.PI) / 180;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  // Projected onto the direction and scaled so the code square's extent maps to 0..1.
  const half = (Math.abs(dx) + Math.abs(dy)) * (code.size / 2);
  return { ramp, radial: false, across: (x) => ((x - cx) * dx) / (2 * half), down: (y) => ((y - cy) * dy + half) / (2 * half) };
}
