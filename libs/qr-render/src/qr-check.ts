import { readFileSync } from 'node:fs';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import { contrastRatio, relativeLuminance, type QrDesign } from '@qr/contracts';
import { ContentTooLong, errorCorrectionOf, fitsInQrCode, layoutOf, type ErrorCorrection, type PngImage } from './qr-layout';
import { pngOf } from './qr-png';

export type QrCheck = { ok: true } | { ok: false; reason: string };

/**
 * The least WCAG contrast ratio between every module colour and the background. A decoder reads a
 * clean render at much less (the tests show one at 2.5:1), but a phone sees the print through glare,
 * dim light and a cheap lens. 3:1 is WCAG's floor for graphical objects; against white it means
 * modules reflecting at most about 30 % of the light, a symbol contrast of about 70 %, which print
 * quality grading (ISO/IEC 15415) rates A. Plain black on white is 21:1.
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

/** Rules a clean render can pass while real phones fail: said before anything is decoded. */
function colourProblem(design: QrDesign): string | null {
  const inks = [...(design.gradient ? [design.gradient.from, design.gradient.to] : [design.foreground]), ...(design.eye_colour ? [design.eye_colour] : [])];
  const background = relativeLuminance(design.background);
  if (inks.some((ink) => relativeLuminance(ink) >= background)) {
    return 'The modules are lighter than the background. Many phone cameras cannot read such inverted codes: use dark modules on a light background.';
  }
  const weakest = Math.min(...inks.map((ink) => contrastRatio(ink, design.background)));
  if (weakest < MIN_CONTRAST) {
    return `The contrast between the code and its background is too low (${weakest.toFixed(1)}:1, at least ${MIN_CONTRAST}:1 is needed). Use darker modules or a lighter background.`;
  }
  return null;
}

/** Error correction levels, the most data first. */
const LEVELS: readonly ErrorCorrection[] = ['L', 'M', 'Q', 'H'];

/** Why `text`, which fits in no QR code of the design's error correction, does not: naming the highest level it fits at. */
function capacityProblem(text: string, design: QrDesign): string {
  const level = errorCorrectionOf(design);
  const fitsAt = LEVELS.slice(0, LEVELS.indexOf(level))
    .reverse()
    .find((lower) => fitsInQrCode(text, lower));
  const instead = "shorten it, or print the code's link instead";
  if (!fitsAt) return `The content is too long for even the largest QR code: ${instead}.`;
  if (design.logo) {
    return `The content is too long for a QR code with a logo, which needs error correction H: leave the logo out and choose error correction ${fitsAt}, ${instead}.`;
  }
  return `The content is too long for a QR code at error correction ${level}: choose error correction ${fitsAt}, ${instead}.`;
}

/** What scanners want around a code (ISO/IEC 18004): four modules of background on every side. */
const SAFE_MARGIN = 4;
/** Logo shares offered when a logo is too large, largest first. */
const SMALLER_LOGOS = [0.3, 0.25, 0.2, 0.15, 0.1];
/** Below this side, a code of many modules has modules of only a few pixels. */
const COMFORTABLE_SIDE = 512;

/**
 * Why a design that passed the colour rules does not read: each likely cause is undone in turn,
 * and the first whose undoing makes the code read is named, so the message is measured, not guessed.
 */
async function whyItDoesNotRead(text: string, design: QrDesign, logo: PngImage | undefined): Promise<string> {
  if (design.logo) {
    const share = design.logo.size;
    for (const smaller of SMALLER_LOGOS.filter((candidate) => candidate < share)) {
      if (await reads(text, { ...design, logo: { ...design.logo, size: smaller } }, logo)) {
        return `The logo covers more of the code than its error correction (level H, the highest) can make up for. Make the logo at most ${Math.round(smaller * 100)} % of the code's width.`;
      }
    }
    if (await reads(text, { ...design, logo: null }, undefined))
      return 'The code does not read with a logo in the middle at this size: leave the logo out or make the code larger.';
  }
  if (design.margin < SAFE_MARGIN && (await reads(text, { ...design, margin: SAFE_MARGIN }, logo))) {
    return `The quiet zone around the code is too narrow for scanners to find it: give it a margin of ${SAFE_MARGIN} modules.`;
  }
  if (design.module_shape !== 'square' && (await reads(text, { ...design, module_shape: 'square' }, logo))) {
    return `The code does not read with ${design.module_shape} modules at this size: make it larger or use square modules.`;
  }
  if (design.eye_style !== 'square' && (await reads(text, { ...design, eye_style: 'square' }, logo))) {
    return `The code does not read with ${design.eye_style} corner squares at this size: make it larger or use square ones.`;
  }
  const side = Math.min(design.width, design.height);
  if (side < COMFORTABLE_SIDE && (await reads(text, { ...design, width: COMFORTABLE_SIDE, height: COMFORTABLE_SIDE }, logo))) {
    return `The code is too small for its number of modules to be read: make it at least ${COMFORTABLE_SIDE} pixels wide and high.`;
  }
  return 'The code does not read with this design: try stronger contrast, a larger size, square modules or a smaller logo.';
}

/** Decodes a PNG as a phone would, without trying inverted colours; the texts of the codes found. */
export async function readQrCodes(png: Uint8Array): Promise<string[]> {
  prepareReader();
  const results = await readBarcodes(png, { formats: ['QRCode'], tryHarder: true, tryInvert: false });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** The PNG at the design's size (capped: larger renders only cost time) reads back as `text`. */
async function reads(text: string, design: QrDesign, logo: PngImage | undefined): Promise<boolean> {
  const shrink = Math.min(1, MAX_CHECK_SIDE / Math.max(design.width, design.height));
  const sized = { ...design, width: Math.round(design.width * shrink), height: Math.round(design.height * shrink) };
  return (await readQrCodes(pngOf(layoutOf(text, sized), logo))).includes(text);
}

/**
 * Whether a design reads back as `text`: the colour rules first (a clean render can pass them while
 * phones fail), then the rendered PNG is decoded with zxing; when it does not read, why.
 */
export async function checkQrDesign(text: string, design: QrDesign, logo?: PngImage): Promise<QrCheck> {
  const colours = colourProblem(design);
  if (colours) return { ok: false, reason: colours };
  try {
    if (await reads(text, design, logo)) return { ok: true };
  } catch (error) {
    // Known only once the code is laid out: asking beforehand would encode the text twice on every check.
    if (error instanceof ContentTooLong) return { ok: false, reason: capacityProblem(text, design) };
    throw error;
  }
  return { ok: false, reason: await whyItDoesNotRead(text, design, logo) };
}
