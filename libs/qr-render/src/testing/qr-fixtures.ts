import { PNG } from 'pngjs';
import { QrDesign, type QrDesignInput } from '@qr/contracts';
import { readPng } from '../qr-png';
import type { PngImage } from '../qr-layout';

/** What a printed code carries: a 40-odd character short link. */
export const TEXT = 'https://qr.example.com/AbCdEf1234?ref=flyer';

export const design = (input: QrDesignInput): QrDesign => QrDesign.parse(input);

/** What a user typically saves: rounded modules and eyes, a gradient, eyes of their own colour, a call to action. */
export const STYLED_DESIGN = design({
  module_shape: 'rounded',
  eye_style: 'rounded',
  eye_colour: '#c2185b',
  gradient: { type: 'linear', from: '#0b3d91', to: '#087f8c', rotation: 45 },
  frame: { style: 'banner', text: 'Scan me' },
  width: 512,
  height: 512,
});

/** A seeded generator (LCG), so a random grid is the same on every run and a failure can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** A logo like most uploads: an opaque mark on a transparent square. */
export function redDiscLogo(): PngImage {
  const png = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < png.data.length; i += 4) {
    const inDisc = Math.hypot(((i / 4) % 64) - 32, Math.floor(i / 4 / 64) - 32) < 30;
    png.data.set(inDisc ? [220, 40, 60, 255] : [0, 0, 0, 0], i);
  }
  return readPng(PNG.sync.write(png));
}
