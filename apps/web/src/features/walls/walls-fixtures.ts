import { DEFAULT_THEME_STYLE, type PublicWallPhoto, type PublicWallView, type WallPhotoView, type WallView } from '@qr/contracts';
import { ACME_ORG_ID } from '../../testing/fake-api';

/** The walls specs' wall and photos, as the API answers them. */
export const WALL_ID = '0190a6b2-0000-7000-8000-0000000000a1';
export const PHOTO_ID = '0190a6b2-0000-7000-8000-0000000000b1';
export const OTHER_PHOTO_ID = '0190a6b2-0000-7000-8000-0000000000b2';
export const CODE_ID = 'AbCdEf1234';

export const wallView = (extra: Partial<WallView> = {}): WallView => ({
  wall_id: WALL_ID,
  org_id: ACME_ORG_ID,
  code_id: CODE_ID,
  title: 'Summer party',
  prompt: 'Show us your team!',
  layout: 'masonry',
  slideshow_seconds: 6,
  captions: true,
  auto_approve: false,
  nsfw_threshold: 0.6,
  embed_origins: [],
  pending: 2,
  approved: 5,
  rejected: 1,
  wall_url: `/wall/${WALL_ID}`,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
  ...extra,
});

export const photoView = (extra: Partial<WallPhotoView> = {}): WallPhotoView => ({
  photo_id: PHOTO_ID,
  wall_id: WALL_ID,
  status: 'pending',
  caption: 'Team blue',
  width: 800,
  height: 600,
  url: `/api/v1/walls/${WALL_ID}/photos/${PHOTO_ID}/image?sig=x`,
  nsfw: { scores: { drawing: 0.02, hentai: 0.01, neutral: 0.9, porn: 0.03, sexy: 0.04 }, nsfw: 0.08, model: 'MobileNetV2' },
  flagged: false,
  submitted_at: '2026-12-01T11:00:00.000Z',
  decided_at: null,
  ...extra,
});

export const publicPhoto = (photoId: string, caption: string): PublicWallPhoto => ({
  photo_id: photoId,
  caption,
  width: 800,
  height: 600,
  url: `/api/v1/public/walls/${WALL_ID}/photos/${photoId}`,
  approved_at: '2026-12-01T11:05:00.000Z',
});

export const publicWall = (extra: Partial<PublicWallView> = {}): PublicWallView => ({
  wall_id: WALL_ID,
  code_id: CODE_ID,
  title: 'Summer party',
  prompt: 'Show us your team!',
  layout: 'masonry',
  slideshow_seconds: 6,
  captions: true,
  photos: [publicPhoto(PHOTO_ID, 'Team blue')],
  owner: { name: 'Harbour Deli', logo: null, theme: { ...DEFAULT_THEME_STYLE, background: { kind: 'colour' } } },
  ...extra,
});
