import { z } from 'zod';

/**
 * The uploads context's HTTP contract (spec §7 "upload image", "generate URL and generate signed
 * URL"): images for logos and card photos, re-encoded by the server (a JPEG photo stays a JPEG,
 * everything else becomes PNG), and time-limited links to them. The limits are here so the web app can say them before a user picks a file.
 */

/** Over this an upload is refused with 413 `upload_too_large`. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Wider or taller than this is refused with 400 `image_dimensions_too_large` before it is decoded. */
export const MAX_IMAGE_SIDE = 4096;
/** What an upload may be, by its bytes; SVG is not among them because it can carry script. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** What an upload is stored as: a photo keeps a photo's compression, anything else is lossless. */
export const STORED_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type StoredImageType = (typeof STORED_IMAGE_TYPES)[number];

export const DEFAULT_LINK_SECONDS = 3600;
/** A week: the longest a presigned S3 link may live, so both stores promise the same. */
export const MAX_LINK_SECONDS = 7 * 24 * 3600;

export const BlobId = z.uuid({ error: 'A file id is a UUID.' }).meta({ id: 'BlobId' });

export const UploadQuery = z.strictObject({ org_id: z.uuid() }).meta({ id: 'UploadQuery' });
export type UploadQuery = z.infer<typeof UploadQuery>;

export const UploadBody = z
  .object({ file: z.string().meta({ format: 'binary', description: `A PNG, JPEG, WebP or GIF image, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.` }) })
  .meta({ id: 'UploadBody' });

export const BlobPath = z.strictObject({ blob_id: BlobId });
export type BlobPath = z.infer<typeof BlobPath>;

export const BlobUrlQuery = z
  .strictObject({
    org_id: z.uuid(),
    expires_in: z.coerce.number().int().min(60).max(MAX_LINK_SECONDS).default(DEFAULT_LINK_SECONDS).meta({ description: 'Seconds the link works for.' }),
  })
  .meta({ id: 'BlobUrlQuery' });
export type BlobUrlQuery = z.infer<typeof BlobUrlQuery>;

/** The query of a link the server signed for its local file store; checked, never trusted. */
export const SignedBlobQuery = z
  .strictObject({
    org_id: z.uuid(),
    expires: z.coerce.number().int().positive().meta({ description: 'Unix seconds.' }),
    sig: z.string().max(100),
  })
  .meta({ id: 'SignedBlobQuery' });
export type SignedBlobQuery = z.infer<typeof SignedBlobQuery>;

export const BlobUrlView = z
  .object({
    url: z.url().meta({ description: 'GET it without signing in until it expires.' }),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'BlobUrl' });
export type BlobUrlView = z.infer<typeof BlobUrlView>;

export const UploadedImageView = BlobUrlView.extend({
  blob_id: BlobId,
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().meta({ description: 'Bytes of the stored image.' }),
  content_type: z.enum(STORED_IMAGE_TYPES).meta({ description: 'A JPEG upload is stored as JPEG, any other as PNG.' }),
}).meta({ id: 'UploadedImage' });
export type UploadedImageView = z.infer<typeof UploadedImageView>;

/** Streams are `uploads-<org_id>`: one per organisation, appended with expected version "any". */
export const uploadsStreamId = (orgId: string): string => `uploads-${orgId}`;

/** The fact of an upload, never its bytes (events are kept for ever and go to analysts). */
export interface ImageUploaded {
  type: 'ImageUploaded';
  data: {
    blob_id: string;
    org_id: string;
    content_type: StoredImageType;
    size: number;
    width: number;
    height: number;
    /** What the file was before it was re-encoded, by its bytes. */
    original_type: (typeof UPLOAD_IMAGE_TYPES)[number];
    original_size: number;
    uploaded_by: string;
  };
}

/** The classes of the bundled NSFW model (nsfwjs), in the order of its outputs (spec §7 "NSFW check"). */
export const NSFW_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export const NsfwClass = z.enum(NSFW_CLASSES).meta({ id: 'NsfwClass' });
export type NsfwClass = z.infer<typeof NsfwClass>;

/** A wall's threshold unless it sets its own: at or over it, an image is held back. */
export const DEFAULT_NSFW_THRESHOLD = 0.6;

export const NsfwCheckView = z
  .object({
    scores: z.record(NsfwClass, z.number().min(0).max(1)).meta({ description: 'The model’s probability of each class; they add up to 1.' }),
    nsfw: z.number().min(0).max(1).meta({ description: 'porn + hentai + sexy: what a threshold is compared with.' }),
    model: z.string().meta({ description: 'Which model answered, e.g. nsfwjs MobileNetV2.' }),
    ms: z.number().int().nonnegative().meta({ description: 'Milliseconds the check took, not counting the wait behind other checks.' }),
  })
  .meta({ id: 'NsfwCheck' });
export type NsfwCheckView = z.infer<typeof NsfwCheckView>;
export type NsfwScores = NsfwCheckView['scores'];

/**
 * Drawings are not explicit: only the classes the model learnt from explicit images count. Capped
 * at 1, which single-precision scores that already add up to 1 may pass by a rounding error.
 */
export const nsfwScoreOf = (scores: NsfwScores): number => Math.min(1, scores.porn + scores.hentai + scores.sexy);

export const isNsfw = (check: Pick<NsfwCheckView, 'nsfw'>, threshold: number): boolean => check.nsfw >= threshold;
