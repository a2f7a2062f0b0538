import { DomainError, MAX_IMAGE_SIDE, UPLOAD_IMAGE_TYPES, type StoredImageType } from '@qr/contracts';
import sharp from 'sharp';

export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

export interface ReencodedImage {
  bytes: Buffer;
  contentType: StoredImageType;
  width: number;
  height: number;
  originalType: UploadImageType;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Each allowed type by its first bytes, and the name sharp gives the same format. */
const SIGNATURES: { type: UploadImageType; sharpFormat: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: 'image/png', sharpFormat: 'png', matches: (b) => b.subarray(0, 8).equals(PNG_SIGNATURE) },
  { type: 'image/jpeg', sharpFormat: 'jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', sharpFormat: 'gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6)) },
  { type: 'image/webp', sharpFormat: 'webp', matches: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
];

const NOT_AN_IMAGE = 'The file is not a PNG, JPEG, WebP or GIF image. SVG is not accepted: it can carry script.';
const TOO_LARGE = `The image is larger than ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels.`;

/** Visually the same as a phone's own JPEG, at about a tenth of the bytes PNG takes for a photo. */
const JPEG_QUALITY = 85;

/**
 * Checks what an upload really is from its bytes (the file name and declared type are the
 * client's word), refuses sizes that would exhaust memory when decoded, and re-encodes it: only
 * pixels survive, so metadata (EXIF location), trailing data and polyglot payloads are gone. A JPEG
 * is a photo and stays a JPEG (as PNG a 1 MB photo became 15 MB, for every visitor to download);
 * anything else becomes a lossless PNG, which keeps a logo's edges and transparency. A phone
 * photo's EXIF orientation is applied first, since the metadata that carries it is dropped.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const signature = SIGNATURES.find((s) => s.matches(bytes));
  if (!signature) throw new DomainError('unsupported_image_type', NOT_AN_IMAGE);

  // libvips refuses to decode past this many pixels per frame, whatever the header claimed.
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE });
  const metadata = await image.metadata().catch((error: unknown) => {
    throw refusalOf(error);
  });
  // A file whose first bytes say one format and whose body decodes as another is not what it claims.
  if (metadata.format !== signature.sharpFormat) throw new DomainError('unsupported_image_type', NOT_AN_IMAGE);
  if (metadata.width > MAX_IMAGE_SIDE || metadata.height > MAX_IMAGE_SIDE) throw new DomainError('image_dimensions_too_large', TOO_LARGE);

  try {
    const contentType: StoredImageType = signature.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const upright = image.rotate();
    const encoded = contentType === 'image/jpeg' ? upright.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }) : upright.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, width: info.width, height: info.height, originalType: signature.type };
  } catch (error) {
    throw refusalOf(error);
  }
}

/** libvips says which limit it hit only in its message; anything else is a file it could not decode. */
function refusalOf(error: unknown): DomainError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return new DomainError('image_dimensions_too_large', TOO_LARGE);
  return new DomainError('image_unreadable', 'The image could not be decoded: it may be damaged or cut short.');
}
