import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES, PublicWallView, SubmittedWallPhotoView, WallLiveView, type PublicWallPhoto } from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { operationOf, readAnswer } from '../../../api/api-call';
import { publicFetch } from '../../../api/api-fetch';
import { problem } from '../../../api/api-problem';

/**
 * The visitor's side of selfie walls (`/api/v1/public/walls`), without sign-in. Answers are parsed
 * with the contracts, as the loyalty card page's are: the wall is a lazy chunk of its own and the
 * app's entry holds the contracts already.
 */
const BASE = '/api/v1/public/walls';
const wallPath = (wallId: string) => `${BASE}/${encodeURIComponent(wallId)}`;
const MAX_MEGABYTES = MAX_UPLOAD_BYTES / 1024 / 1024;

/** What a photo may be, said before a visitor picks one. */
export const PHOTO_LIMITS = `A PNG, JPEG, WebP or GIF photo up to ${MAX_MEGABYTES} MB.`;

export const publicWallKeys = { wall: (wallId: string) => ['public-wall', wallId] as const };

/** The wall is unknown, deleted, or the address is not a wall's. */
export class WallUnavailable extends Error {}

export async function fetchPublicWall(wallId: string): Promise<PublicWallView> {
  const path = wallPath(wallId);
  const response = await publicFetch(path);
  if (response.ok) return readAnswer(PublicWallView, response, operationOf(path));
  if (response.status === 404 || response.status === 400) throw new WallUnavailable();
  throw new Error(`The wall could not be loaded (${response.status}). Please try again.`);
}

export const usePublicWall = (wallId: string) =>
  useQuery({
    queryKey: publicWallKeys.wall(wallId),
    queryFn: () => fetchPublicWall(wallId),
    retry: (count, error) => !(error instanceof WallUnavailable) && count < 3,
  });

/** Why a photo was not taken, in a visitor's words; the server's own detail where it says more than a status. */
function refusalInWords(status: number, code: string | undefined, detail: string | undefined, retryAfter: string | null): string {
  if (status === 413 || code === 'upload_too_large')
    return `The photo is larger than ${MAX_MEGABYTES} MB. Pick a smaller one, or take it at a lower resolution.`;
  if (code === 'unsupported_image_type') return 'That file is not a photo we can show: pick a PNG, JPEG, WebP or GIF image.';
  if (code === 'image_dimensions_too_large') return `The photo is too large: at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels.`;
  if (code === 'image_unreadable') return 'The photo could not be read. It may be damaged: try another one.';
  if (status === 429) {
    const seconds = Number(retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? `in ${Math.ceil(seconds)} seconds` : 'in a minute';
    return `Too many photos from here just now. Please try again ${wait}.`;
  }
  if (status === 404 || code === 'wall_not_found') return 'This wall is no longer taking photos.';
  if (status === 400) return detail ?? 'The photo was refused. Please try another one.';
  return `The photo could not be sent (${status}). Please try again.`;
}

/** Spec §7 "upload image" for a wall: multipart, so the body is not JSON. A refusal is thrown in words. */
export async function submitWallPhoto(wallId: string, file: File, caption: string): Promise<SubmittedWallPhotoView> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(refusalInWords(413, 'upload_too_large', undefined, null));
  const body = new FormData();
  body.append('file', file);
  if (caption !== '') body.append('caption', caption);
  const path = `${wallPath(wallId)}/photos`;
  const response = await publicFetch(path, { method: 'POST', body });
  if (response.ok) return readAnswer(SubmittedWallPhotoView, response, operationOf(path, 'POST'));
  const refusal = await problem(response);
  throw new Error(refusalInWords(response.status, refusal.code, refusal.detail, response.headers.get('Retry-After')));
}

/**
 * The wall's approved photos, live: the page's photos first, then each message of the wall's event
 * stream, which carries the whole screen's photos (a rejection takes one off). EventSource
 * reconnects by itself after a dropped connection; a message that does not fit the contract is
 * skipped rather than blanking the screen.
 */
export function useLiveWallPhotos(wallId: string, initial: readonly PublicWallPhoto[]): readonly PublicWallPhoto[] {
  const [live, setLive] = useState<readonly PublicWallPhoto[] | null>(null);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`${wallPath(wallId)}/live`);
    source.onmessage = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = WallLiveView.safeParse(data);
      if (parsed.success) setLive(parsed.data.photos);
    };
    return () => source.close();
  }, [wallId]);
  return live ?? initial;
}
