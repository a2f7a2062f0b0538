import { readFileSync } from 'node:fs';
import { scanRGBABuffer, setModuleArgs, ZBarScanner, ZBarSymbolType } from '@undecaf/zbar-wasm';
import sharp from 'sharp';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';

/**
 * Two QR decoders of independent lineage: zxing (C++, the family behind Android's camera apps and
 * most scanner libraries) and zbar (C, the one many point-of-sale, Linux and iOS-era readers embed).
 * A design one of them cannot read is a design some phones cannot read. Both run as WebAssembly
 * loaded from node_modules: an offline install never fetches a .wasm (DESIGN.md §11).
 */
export const QR_DECODERS = ['zxing', 'zbar'] as const;
export type QrDecoder = (typeof QR_DECODERS)[number];

/** Pixels as the decoders take them: RGBA, row by row, no padding. */
export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

let zxingReady = false;
let zbarReady = false;

function prepareZxing(): void {
  if (zxingReady) return;
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  setZXingModuleOverrides({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
  zxingReady = true;
}

function prepareZbar(): void {
  if (zbarReady) return;
  const wasm = require.resolve('@undecaf/zbar-wasm/dist/zbar.wasm');
  setModuleArgs({ locateFile: () => wasm });
  zbarReady = true;
}

/** zxing as a phone's camera app runs it: trying harder, but not inverted colours, which few apps try. */
async function readWithZxing(image: RgbaPixels): Promise<string[]> {
  prepareZxing();
  const data = new Uint8ClampedArray(image.data);
  const pixels: ImageData = { width: image.width, height: image.height, data, colorSpace: 'srgb' };
  const results = await readBarcodes(pixels, { formats: ['QRCode'], tryHarder: true, tryInvert: false });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/**
 * zbar as readers embed it, turning the bytes into text itself: by the ECI designator, or without
 * one by guessing (UTF-8 "é" becomes Shift JIS "矇"), and handing back UTF-8. The package's default
 * scanner does neither: it hands back raw bytes, and it is shared, while zbar's QR reader draws on
 * a random state that each scan moves on, so one picture read in one scan and not in the next. A
 * scanner of its own per picture (about 45 µs) reads a picture the same way every time.
 */
async function readWithZbar(image: RgbaPixels): Promise<string[]> {
  prepareZbar();
  const scanner = await ZBarScanner.create();
  try {
    const symbols = await scanRGBABuffer(image.data.slice().buffer, image.width, image.height, scanner);
    return symbols.filter((symbol) => symbol.type === ZBarSymbolType.ZBAR_QRCODE).map((symbol) => symbol.decode('utf-8'));
  } finally {
    scanner.destroy();
  }
}

/** The texts of the QR codes `decoder` finds in the picture. */
export function readQrWith(decoder: QrDecoder, image: RgbaPixels): Promise<string[]> {
  return decoder === 'zxing' ? readWithZxing(image) : readWithZbar(image);
}

/** Any image file sharp reads (PNG, JPEG, SVG through librsvg, …) as RGBA pixels on its own background. */
export async function pixelsOf(file: Uint8Array): Promise<RgbaPixels> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The texts of the QR codes `decoder` finds in an image file, as a phone would read a printed file. */
export async function readQrCodes(file: Uint8Array, decoder: QrDecoder = 'zxing'): Promise<string[]> {
  return readQrWith(decoder, await pixelsOf(file));
}
