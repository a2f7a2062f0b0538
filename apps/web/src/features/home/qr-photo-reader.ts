import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The reader's WebAssembly comes from this server, as built, rather than from the library's default CDN.
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasm : prefix + path) } });

/** The text of the first QR code in a photo, if it holds one. Loaded only when a visitor scans. */
export async function readQrCode(photo: Blob): Promise<string | undefined> {
  const [found] = await readBarcodes(photo, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return found?.text || undefined;
}
