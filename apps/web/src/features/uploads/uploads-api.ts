import { MAX_UPLOAD_BYTES, type UploadedImageView } from '@qr/contracts';
import { apiFetch } from '../../api/api-fetch';

/** What the upload refuses before sending, in the words the server would use. */
export const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

/** Uploads an image (logo, card photo, page image) for the organisation; multipart, so the body is not JSON. */
export async function uploadImage(orgId: string, file: File): Promise<UploadedImageView> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(TOO_LARGE);
  const body = new FormData();
  body.append('file', file);
  const response = await apiFetch(`/api/v1/uploads?${new URLSearchParams({ org_id: orgId })}`, { method: 'POST', body });
  const answer = (await response.json().catch(() => ({}))) as UploadedImageView & { detail?: string };
  if (!response.ok) throw new Error(answer.detail ?? `The image could not be uploaded (${response.status}).`);
  return answer;
}
