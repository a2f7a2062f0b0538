import QRCode from 'qrcode';
import type { QrDesign } from '@qr/contracts';

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
  /** The call-to-action band under the code, when there is a frame. */
  band: { y: number; height: number } | null;
  /** The top-left corners of the three eyes, in modules. */
  eyes: readonly [number, number][];
}

/** Renderers draw DataDark modules in their shape and Eye modules as part of the eye they belong to. */
export const ModuleKind = { Light: 0, DataDark: 1, Eye: 2, Hidden: 3 } as const;

/** The top-left module of the eye a module of kind Eye belongs to (eyes sit at three corners). */
export const eyeOrigin = (size: number, row: number, col: number): [number, number] => [row < 7 ? 0 : size - 7, col < 7 ? 0 : size - 7];

/** The band holds the frame's text: a fifth of the code's side. */
const BAND_SHARE = 0.2;

export function layoutOf(text: string, design: QrDesign): QrLayout {
  // A logo hides modules: only error correction H (30 % of codewords) leaves room for that.
  const errorCorrectionLevel = design.logo ? 'H' : design.error_correction;
  const { modules } = QRCode.create(text, { errorCorrectionLevel });
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
  const isEye = (row: number, col: number) => (row < 7 || row >= size - 7) && (col < 7 || col >= size - 7) && (row < 7 || col < 7);

  let logo: Rect | null = null;
  let hidden = (_row: number, _col: number) => false;
  if (design.logo) {
    // Whole modules, odd count, so the logo sits centred on the module grid.
    let span = Math.max(1, Math.round(size * design.logo.size));
    if (span % 2 === 0) span += 1;
    const first = (size - span) / 2;
    logo = { x: x0 + first * module, y: y0 + first * module, size: span * module };
    hidden = (row, col) => row >= first - 1 && row <= first + span && col >= first - 1 && col <= first + span;
  }
  const kinds = new Uint8Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      kinds[row * size + col] = isEye(row, col)
        ? ModuleKind.Eye
        : hidden(row, col)
          ? ModuleKind.Hidden
          : modules.get(row, col) === 1
            ? ModuleKind.DataDark
            : ModuleKind.Light;
    }
  }

  return {
    design,
    width,
    height,
    size,
    kinds,
    x0,
    y0,
    module,
    code,
    logo,
    band: bandHeight > 0 ? { y: height - bandHeight, height: bandHeight } : null,
    eyes,
  };
}

export type Rgb = readonly [number, number, number];

export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Steps of a gradient's colour ramp: finer than the eye tells apart on a module. */
export const RAMP_STEPS = 256;

/**
 * The modules' paint, as the SVG gradient lays it out: `ramp` holds RAMP_STEPS colours (RGB) from
 * `from` to `to`, and `position(x, y)` says how far along it a pixel is, 0..1: along `rotation`
 * degrees across the code square, or outwards from its centre. No gradient: one colour, position 0.
 */
export function paintOf(layout: QrLayout): { ramp: Uint8Array; position: (x: number, y: number) => number } {
  const { design, code } = layout;
  const gradient = design.gradient;
  const [from, to] = gradient ? [rgbOf(gradient.from), rgbOf(gradient.to)] : [rgbOf(design.foreground), rgbOf(design.foreground)];
  const ramp = new Uint8Array(RAMP_STEPS * 3);
  for (let i = 0; i < RAMP_STEPS; i++) {
    const k = i / (RAMP_STEPS - 1);
    for (let c = 0; c < 3; c++) ramp[i * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * k);
  }
  const cx = code.x + code.size / 2;
  const cy = code.y + code.size / 2;
  if (!gradient) return { ramp, position: () => 0 };
  if (gradient.type === 'radial') return { ramp, position: (x, y) => Math.hypot(x - cx, y - cy) / (code.size / 2) };
  const angle = (gradient.rotation * Math.PI) / 180;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  // Projected onto the direction and scaled so the code square's extent maps to 0..1.
  const half = (Math.abs(dx) + Math.abs(dy)) * (code.size / 2);
  return { ramp, position: (x, y) => ((x - cx) * dx + (y - cy) * dy + half) / (2 * half) };
}
