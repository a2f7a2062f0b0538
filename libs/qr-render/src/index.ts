export { checkQrDesign, MIN_CONTRAST, type QrCheck } from './qr-check';
export { charactersWithoutGlyph, useFallbackFonts, type FontFile } from './frame-text';
export type { PngImage } from './qr-layout';
export { drawQrOnSheet, renderQrPdf, saveQrPdf, type EmbeddedLogo, type PdfPlacement } from './qr-pdf';
export { readPng, renderQrPng } from './qr-png';
export { pixelsOf, QR_DECODERS, readQrCodes, readQrWith, type QrDecoder, type RgbaPixels } from './qr-readers';
export { renderQrSvg } from './qr-svg';
