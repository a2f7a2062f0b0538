import { Image } from '@mantine/core';
import type { PassBarcodeFormat } from '@qr/contracts';
import { correction, generate } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

const FORMAT_NAMES: Record<PassBarcodeFormat, string> = { qr: 'QR code', pdf417: 'PDF417 barcode', aztec: 'Aztec code', code128: 'Code 128 barcode' };

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The app draws QR codes itself (lean-qr, as a visitor's loyalty card does); for the other formats
 * the preview draws bars or rings of the right shape and size, and the wallet draws the real code.
 */
function standIn(format: Exclude<PassBarcodeFormat, 'qr'>, message: string): { svg: string; width: number; height: number } {
  const codes = [...message].map((char) => char.charCodeAt(0));
  if (format === 'aztec') {
    const rings = [0, 1, 2, 3, 4, 5].map(
      (ring) => `<rect x="${ring * 4}" y="${ring * 4}" width="${48 - ring * 8}" height="${48 - ring * 8}" fill="${ring % 2 ? '#fff' : '#000'}"/>`,
    );
    return { svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${rings.join('')}</svg>`, width: 120, height: 120 };
  }
  const rows = format === 'pdf417' ? 4 : 1;
  const rects: string[] = [];
  let width = 0;
  for (let row = 0; row < rows; row++) {
    let x = 0;
    for (const code of codes) {
      const bar = 1 + ((code + row) % 3);
      rects.push(`<rect x="${x}" y="${row * 10}" width="${bar}" height="10"/>`);
      x += bar + 1 + ((code >> 2) % 2);
    }
    width = Math.max(width, x, 1);
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${rows * 10}" preserveAspectRatio="none">${rects.join('')}</svg>`,
    width: 240,
    height: format === 'pdf417' ? 80 : 60,
  };
}

/** A pass's barcode on white with a quiet zone, as both wallets show it. */
export function PassBarcode({ format, message }: { format: PassBarcodeFormat; message: string }) {
  const drawn = useMemo(() => {
    if (format !== 'qr') {
      const { svg, width, height } = standIn(format, message);
      return { src: svgSource(svg), width, height };
    }
    const svg = toSvgSource(generate(message, { minCorrectionLevel: correction.M }), { pad: 4, on: '#000000', off: '#ffffff' });
    return { src: svgSource(svg), width: 140, height: 140 };
  }, [format, message]);
  return <Image src={drawn.src} alt={`The pass’s ${FORMAT_NAMES[format]}`} w={drawn.width} h={drawn.height} bg="#ffffff" p={4} />;
}
