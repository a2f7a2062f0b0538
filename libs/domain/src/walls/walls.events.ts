import type { NsfwCheckView, WallTerms } from '@qr/contracts';

/**
 * A selfie wall's settings live on `wall-<id>`; each photo on its own stream `wall-photo-<id>`, so
 * that a room posting at once never contends on one stream, and a review decides on the photo alone.
 */

interface Event<Type extends string, Data> {
  type: Type;
  data: Data;
}

export type WallCreated = Event<'WallCreated', { wall_id: string; org_id: string; code_id: string; terms: WallTerms; created_by: string; at: string }>;
/** Carries all the terms after the change. */
export type WallUpdated = Event<'WallUpdated', { terms: WallTerms; updated_by: string; at: string }>;
export type WallEmbedAdded = Event<'WallEmbedAdded', { origin: string; by: string; at: string }>;
export type WallEmbedRemoved = Event<'WallEmbedRemoved', { origin: string; by: string; at: string }>;
export type WallDeleted = Event<'WallDeleted', { by: string; at: string }>;
export type WallEvent = WallCreated | WallUpdated | WallEmbedAdded | WallEmbedRemoved | WallDeleted;

/** The model's verdict as recorded: its scores, never the image. */
export type RecordedNsfwCheck = Omit<NsfwCheckView, 'ms'>;

/**
 * A visitor's photo, stored and checked before this is appended; `status` is `approved` when the
 * wall approves what the check passes, `pending` otherwise. `submitter` is the visitor's daily hash.
 */
export type WallPhotoSubmitted = Event<
  'WallPhotoSubmitted',
  {
    photo_id: string;
    wall_id: string;
    org_id: string;
    code_id: string;
    blob_id: string;
    width: number;
    height: number;
    caption: string;
    nsfw: RecordedNsfwCheck;
    flagged: boolean;
    status: 'pending' | 'approved';
    submitter: string;
    at: string;
  }
>;
export type WallPhotoApproved = Event<'WallPhotoApproved', { by: string; at: string }>;
export type WallPhotoRejected = Event<'WallPhotoRejected', { by: string; at: string }>;
export type WallPhotoEvent = WallPhotoSubmitted | WallPhotoApproved | WallPhotoRejected;

export const wallStreamId = (wallId: string): string => `wall-${wallId}`;
export const wallPhotoStreamId = (photoId: string): string => `wall-photo-${photoId}`;
