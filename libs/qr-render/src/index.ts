export { checkQrDesign, MIN_CONTRAST, readQrCodes, type QrCheck } from './qr-check';
export { charactersWithoutGlyph, useFallbackFonts, type FontFile } from './frame-text';
export type { PngImage } from './qr-layout';
export { drawQrOnSheet, renderQrPdf, saveQrPdf, type EmbeddedLogo, type PdfPlacement } from './qr-pdf';
export { readPng, renderQrPng } from './qr-png';
export { renderQrSvg } from './qr-svg';
