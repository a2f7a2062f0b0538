import { contrastRatio, relativeLuminance, type QR_DESIGNER_OFFERS, type QrDesign } from '@qr/contracts';
import { CAMERA, photographed } from './camera-degradation';
import { ContentTooLong, errorCorrectionOf, fitsInQrCode, type ErrorCorrection, type PngImage } from './qr-layout';
import { renderQrPixels } from './qr-png';
import { readQrWith, type QrDecoder, type RgbaPixels } from './qr-readers';

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

type RetiredEyeStyle = Exclude<QrDesign['eye_style'], (typeof QR_DESIGNER_OFFERS.eye_style)[number]>;

/** Eye styles the designer no longer offers, as codes saved before may still hold them: refused whether or not one render reads. */
const RETIRED_EYE_STYLES: Record<RetiredEyeStyle, string> = {
  circle: 'Circle eyes are not read by every phone camera: use square or rounded eyes.',
};

function styleProblem(design: QrDesign): string | null {
  const retired: Partial<Record<QrDesign['eye_style'], string>> = RETIRED_EYE_STYLES;
  return retired[design.eye_style] ?? null;
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

/** A print rasterised with smooth edges: twice the camera's pixels, averaged down by the lens. */
const PRINT_SIDE = 2 * CAMERA.side;

/**
 * A decoder reading the file itself, or a phone's picture (camera-degradation.ts) of a print: of
 * the code drawn with smooth edges, as the SVG and PDF print and a large PNG is averaged down, and,
 * when the file is smaller than the camera sees it, of its own enlarged pixels. A borderline design
 * reads in one picture and not in the other.
 */
interface Reading {
  decoder: QrDecoder;
  picture: 'file' | 'photo of a print' | 'photo of the small file';
}

/** Every reading a design must pass, cheapest first, so a design that fails is told so soonest. */
const READINGS: readonly Reading[] = [
  { decoder: 'zxing', picture: 'file' },
  { decoder: 'zbar', picture: 'file' },
  { decoder: 'zxing', picture: 'photo of a print' },
  { decoder: 'zbar', picture: 'photo of a print' },
  { decoder: 'zxing', picture: 'photo of the small file' },
  { decoder: 'zbar', picture: 'photo of the small file' },
];

/** The decoder families in a user's words: which phones a failure stands for. */
const CAMERAS: Record<QrDecoder, string> = { zxing: 'Many phone cameras (zxing)', zbar: 'Some phone cameras (zbar)' };

function failureOf(reading: Reading): string {
  return `${CAMERAS[reading.decoder]} cannot read this code ${reading.picture === 'file' ? 'even printed sharp and held straight' : 'when it is photographed at an angle in dim light'}.`;
}

/** The first reading of the design that does not give back `text`, or null when every one does. */
async function firstFailure(text: string, design: QrDesign, logo: PngImage | undefined, order: readonly Reading[]): Promise<Reading | null> {
  let file: RgbaPixels | undefined;
  const pictures = new Map<Reading['picture'], RgbaPixels>();
  const pictureOf = async (picture: Reading['picture']): Promise<RgbaPixels> => {
    file ??= cleanRender(text, design, logo);
    switch (picture) {
      case 'file':
        return file;
      case 'photo of a print':
        return photographed(renderQrPixels(text, design, logo, PRINT_SIDE));
      case 'photo of the small file':
        return photographed(file);
    }
  };
  const small = Math.max(design.width, design.height) < CAMERA.side;
  for (const reading of order) {
    if (reading.picture === 'photo of the small file' && !small) continue;
    const pixels = pictures.get(reading.picture) ?? (await pictureOf(reading.picture));
    pictures.set(reading.picture, pixels);
    if (!(await readQrWith(reading.decoder, pixels)).includes(text)) return reading;
  }
  return null;
}

/** The code at the design's size, capped: larger renders only cost time. */
const cleanRender = (text: string, design: QrDesign, logo: PngImage | undefined): RgbaPixels =>
  renderQrPixels(text, design, logo, Math.min(MAX_CHECK_SIDE, Math.max(design.width, design.height)));

/**
 * Why a design that passed the rules does not read, after `failed` did not: each likely cause is
 * undone in turn, and the first whose undoing makes every reading pass (the failed one tried first)
 * is named, so the message is measured, not guessed.
 */
async function whyItDoesNotRead(text: string, design: QrDesign, logo: PngImage | undefined, failed: Reading): Promise<string> {
  const failedFirst = [failed, ...READINGS.filter((reading) => reading !== failed)];
  const reads = async (changed: QrDesign, changedLogo: PngImage | undefined) => (await firstFailure(text, changed, changedLogo, failedFirst)) === null;
  const because = (cause: string) => `${failureOf(failed)} ${cause}`;
  if (design.logo) {
    const share = design.logo.size;
    for (const smaller of SMALLER_LOGOS.filter((candidate) => candidate < share)) {
      if (await reads({ ...design, logo: { ...design.logo, size: smaller } }, logo)) {
        return because(
          `The logo covers more of the code than its error correction (level H, the highest) can make up for. Make the logo at most ${Math.round(smaller * 100)} % of the code's width.`,
        );
      }
    }
    if (await reads({ ...design, logo: null }, undefined)) return because('The code does not read with a logo in the middle: leave the logo out.');
  }
  if (design.margin < SAFE_MARGIN && (await reads({ ...design, margin: SAFE_MARGIN }, logo))) {
    return because(`The quiet zone around the code is too narrow for scanners to find it: give it a margin of ${SAFE_MARGIN} modules.`);
  }
  if (design.eye_style !== 'square' && (await reads({ ...design, eye_style: 'square' }, logo))) {
    return because(`The code does not read with ${design.eye_style} corner squares: use square ones.`);
  }
  if (design.module_shape !== 'square' && (await reads({ ...design, module_shape: 'square' }, logo))) {
    return because(`The code does not read with ${design.module_shape} modules: use square modules.`);
  }
  const side = Math.min(design.width, design.height);
  if (side < COMFORTABLE_SIDE && (await reads({ ...design, width: COMFORTABLE_SIDE, height: COMFORTABLE_SIDE }, logo))) {
    return because(`The code is too small for its number of modules to be read: make it at least ${COMFORTABLE_SIDE} pixels wide and high.`);
  }
  return because('Try stronger contrast, a larger size, square modules or a smaller logo.');
}

/**
 * Whether a design reads back as `text`: the colour and style rules first (a clean render can pass
 * them while phones fail), then zxing and zbar decode the render and a phone's picture of it; when
 * one does not read, what failed and what to change.
 */
export async function checkQrDesign(text: string, design: QrDesign, logo?: PngImage): Promise<QrCheck> {
  const rule = colourProblem(design) ?? styleProblem(design);
  if (rule) return { ok: false, reason: rule };
  let failed: Reading | null;
  try {
    failed = await firstFailure(text, design, logo, READINGS);
  } catch (error) {
    // Known only once the code is laid out: asking beforehand would encode the text twice on every check.
    if (error instanceof ContentTooLong) return { ok: false, reason: capacityProblem(text, design) };
    throw error;
  }
  return failed ? { ok: false, reason: await whyItDoesNotRead(text, design, logo, failed) } : { ok: true };
}
