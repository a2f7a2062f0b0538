import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, UploadedImageView } from '@qr/contracts';
import { operationOf, readAnswer } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';

const MAX_MEGABYTES = MAX_UPLOAD_BYTES / 1024 / 1024;

/** Keyed by the contract's list, so a type the server starts taking fails to compile until it has a name here. */
const IMAGE_TYPE_NAMES: Record<(typeof UPLOAD_IMAGE_TYPES)[number], string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};
const typeNames = UPLOAD_IMAGE_TYPES.map((type) => IMAGE_TYPE_NAMES[type]);

/**
 * What an upload may be, said before a user picks a file: "PNG, JPEG, WebP or GIF up to 5 MB and
 * 4096 × 4096 px." A camera's photo can be larger than that in pixels while well under 5 MB.
 */
export const ACCEPTED_IMAGES = `${typeNames.slice(0, -1).join(', ')} or ${typeNames.at(-1)} up to ${MAX_MEGABYTES} MB and ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} px.`;

/** What the upload refuses before sending, in the words the server would use. */
export const TOO_LARGE = `The image is larger than ${MAX_MEGABYTES} MB.`;

/** Uploads an image (logo, card photo, page image) for the organization; multipart, so the body is not JSON. */
export async function uploadImage(orgId: string, file: File): Promise<UploadedImageView> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(TOO_LARGE);
  const body = new FormData();
  body.append('file', file);
  const path = `/api/v1/uploads?${new URLSearchParams({ org_id: orgId })}`;
  const response = await apiFetch(path, { method: 'POST', body });
  if (response.ok) return readAnswer(UploadedImageView, response, operationOf(path, 'POST'));
  const refusal = (await response.json().catch(() => ({}))) as { detail?: string };
  throw new Error(refusal.detail ?? `The image could not be uploaded (${response.status}).`);
}
