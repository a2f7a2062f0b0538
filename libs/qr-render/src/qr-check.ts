import { readFileSync } from 'node:fs';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import type { QrDesign } from '@qr/contracts';
import { layoutOf, rgbOf, type PngImage, type Rgb } from './qr-layout';
import { pngOf } from './qr-png';

export type QrCheck = { ok: true } | { ok: false; reason: string };

/**
 * Below this WCAG contrast ratio between modules and background, phone cameras in poor light stop
 * reading codes reliably even when a decoder reads the clean render; 3:1 is WCAG's floor for
 * graphical objects, and a plain black-on-white code has 21:1.
 */
export const MIN_CONTRAST = 3;
/** Checking larger renders only costs time: module edges are as sharp at this size. */
const MAX_CHECK_SIDE = 1024;

let readerReady = false;

/** zxing-wasm would fetch its .wasm from the network; offline installs load the packaged file (DESIGN.md §11). */
function prepareReader(): void {
  if (readerReady) return;
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  setZXingModuleOverrides({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
  readerReady = true;
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(rgbOf(a)), luminance(rgbOf(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Rules a clean render can pass while real phones fail: said before anything is decoded. */
function colourProblem(design: QrDesign): string | null {
  const inks = [...(design.gradient ? [design.gradient.from, design.gradient.to] : [design.foreground]), ...(design.eye_colour ? [design.eye_colour] : [])];
  const background = luminance(rgbOf(design.background));
  if (inks.some((ink) => luminance(rgbOf(ink)) >= background)) {
    return 'The modules are lighter than the background. Many phone cameras can not read such inverted codes: use dark modules on a light background.';
  }
  const weakest = Math.min(...inks.map((ink) => contrastRatio(ink, design.background)));
  if (weakest < MIN_CONTRAST) {
    return `The contrast between the code and its background is too low (${weakest.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 is needed). Use darker modules or a lighter background.`;
  }
  return null;
}

function failureReason(design: QrDesign): string {
  if (design.logo) {
    return `The logo covers too much of the code for it to be read, even with the highest error correction (H). Make the logo smaller than ${Math.round(design.logo.size * 100)} % of the width.`;
  }
  if (design.margin < 2) return 'The quiet zone around the code is too narrow to be read: give it a margin of at least 2 modules (4 is safest).';
  if (design.module_shape !== 'square') return `The code does not read with ${design.module_shape} modules at this size: make it larger or use square modules.`;
  return 'The code does not read with this design: try stronger contrast, a larger size or simpler shapes.';
}

/**
 * Whether a design reads back as `text`: the colour rules first, then the PNG rendered at the
 * design's size (capped) is decoded with zxing, as a phone would, without trying inverted colours.
 */
export async function checkQrDesign(text: string, design: QrDesign, logo?: PngImage): Promise<QrCheck> {
  const colours = colourProblem(design);
  if (colours) return { ok: false, reason: colours };
  const shrink = Math.min(1, MAX_CHECK_SIDE / Math.max(design.width, design.height));
  const sized = { ...design, width: Math.round(design.width * shrink), height: Math.round(design.height * shrink) };
  prepareReader();
  const results = await readBarcodes(new Uint8Array(pngOf(layoutOf(text, sized), logo)), { formats: ['QRCode'], tryHarder: true, tryInvert: false });
  return results.some((result) => result.isValid && result.text === text) ? { ok: true } : { ok: false, reason: failureReason(design) };
}
