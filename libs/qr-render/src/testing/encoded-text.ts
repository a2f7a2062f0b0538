import { readFileSync } from 'node:fs';
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import { pixelsOf } from '../qr-readers';

/**
 * Text in the scripts people type into codes, beyond ASCII: what the UTF-8 ECI must carry intact.
 * The emoji are written as code points so the skin tone modifier and the zero-width joiners show.
 */
export const SCRIPT_SAMPLES = {
  accented: 'Café über ñandú',
  cyrillic: 'Съешь же ещё этих булок',
  hebrew: 'שלום עולם',
  arabic: 'مرحبا بالعالم',
  cjk: '日本語 中文 한국어',
  // A thumbs up with a skin tone; a family of four joined by ZWJ.
  emoji: '\u{1F44D}\u{1F3FD} \u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
} as const;

let zxingReady = false;

/**
 * The symbol's content as a scanner transmits it (ISO/IEC 15424), one character per byte: the
 * symbology identifier (`]Q2` when the symbol has an ECI, `]Q1` without) and each ECI designator as
 * `\` and six digits where the symbol switches to it. The decoders' text cannot show a missing ECI:
 * zxing guesses UTF-8, and zbar's WebAssembly build, without iconv, passes the bytes through, while
 * zbar built natively reads them as Shift JIS.
 */
export async function transmissionOf(png: Uint8Array): Promise<string> {
  if (!zxingReady) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    setZXingModuleOverrides({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
    zxingReady = true;
  }
  const { width, height, data } = await pixelsOf(png);
  const symbols = await readBarcodes({ width, height, data: new Uint8ClampedArray(data), colorSpace: 'srgb' }, { formats: ['QRCode'] });
  if (symbols.length !== 1) throw new Error(`Expected one QR code, found ${symbols.length}.`);
  return Buffer.from(symbols[0]!.bytesECI).toString('latin1');
}

/**
 * How a scanner receives `text` carried as UTF-8 behind the ECI designator, as transmissionOf gives
 * it: under the ECI protocol a backslash in the data is sent twice, so it is not read as a designator.
 */
export const utf8EciTransmission = (text: string): string => `]Q2\\000026${Buffer.from(text.replaceAll('\\', '\\\\'), 'utf8').toString('latin1')}`;
