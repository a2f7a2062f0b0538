import sharp from 'sharp';
import { pixelsOf, type RgbaPixels } from './qr-readers';

/**
 * What a phone camera does to a printed code, as the save-time check and the interop bench apply it
 * to an exported file: seen at CAMERA.side pixels whatever the file's own (a small file's pixels
 * enlarged, a large one's averaged by the lens), out of focus, a dull print in dim light, sensor
 * noise, held at an angle, and compressed like a camera frame. Noise comes from a fixed seed, so a
 * design is judged the same on every save.
 */
export const CAMERA = {
  /** The longer side of the code in the picture, in pixels. */
  side: 400,
  blurSigma: 1,
  /** The share of the render's contrast that is left, around mid-grey. */
  contrast: 0.6,
  /** The noise's standard deviation, in levels of 255. */
  noise: 6,
  jpegQuality: 50,
  /** Degrees. */
  rotation: 10,
} as const;

const NOISE_SEED = 2026;
/** Enough noise for the largest render the check makes (a tall design at CAMERA.side), reused from the start. */
let noise: Int8Array = new Int8Array(0);

function noiseFor(length: number): Int8Array {
  if (noise.length >= length) return noise;
  let state = NOISE_SEED;
  const next = () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
  noise = new Int8Array(length);
  // The sum of three uniform draws is near enough to a normal distribution for sensor noise.
  const scale = CAMERA.noise * 2;
  for (let i = 0; i < length; i++) noise[i] = Math.round((next() + next() + next() - 1.5) * scale);
  return noise;
}

/** The picture a phone would take of a print of `image`, as the decoders take it. */
export async function photographed(image: RgbaPixels): Promise<RgbaPixels> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .resize(CAMERA.side, CAMERA.side, { fit: 'inside' })
    .greyscale()
    .blur(CAMERA.blurSigma)
    .linear(CAMERA.contrast, 128 * (1 - CAMERA.contrast))
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The paper beyond the render is the design's background, as the top row shows it.
  let paper = 0;
  for (let x = 0; x < info.width; x++) paper += data[x]!;
  paper = Math.round(paper / info.width);
  const grain = noiseFor(data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(255, Math.max(0, data[i]! + grain[i]!));
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .rotate(CAMERA.rotation, { background: { r: paper, g: paper, b: paper } })
    .jpeg({ quality: CAMERA.jpegQuality })
    .toBuffer();
  return pixelsOf(jpeg);
}
