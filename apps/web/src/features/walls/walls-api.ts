import {
  WallEmbedView,
  WallListView,
  WallPhotoListView,
  WallPhotoView,
  WallView,
  type CreateWallBody,
  type ReviewWallPhotoBody,
  type UpdateWallBody,
  type WallPhotoStatus,
} from '@qr/contracts';
import { call, NoContent } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';

export const wallKeys = {
  all: ['walls'] as const,
  ofOrg: (orgId: string) => [...wallKeys.all, 'org', orgId] as const,
  wall: (wallId: string) => [...wallKeys.all, 'wall', wallId] as const,
  photos: (wallId: string, status: WallPhotoStatus, page: number) => [...wallKeys.wall(wallId), 'photos', status, page] as const,
};

/** The walls of an organisation on one page: an organisation runs a few at a time, not hundreds. */
export const WALLS_PAGE_SIZE = 100;
export const WALL_PHOTOS_PAGE_SIZE = 24;

const walls = '/api/v1/walls';
const wallPath = (wallId: string) => `${walls}/${encodeURIComponent(wallId)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const wallsApi = {
  list: (orgId: string) => call(WallListView, `${walls}?${new URLSearchParams({ org_id: orgId, page: '1', per_page: String(WALLS_PAGE_SIZE) })}`),
  get: (wallId: string) => call(WallView, wallPath(wallId)),
  create: (body: CreateWallBody) => call(WallView, walls, json('POST', body)),
  update: (wallId: string, body: UpdateWallBody) => call(WallView, wallPath(wallId), json('PUT', body)),
  remove: (wallId: string) => call(NoContent, wallPath(wallId), { method: 'DELETE' }),
  /** Spec §7 "selfie wall embed creation": the site may frame the wall, and the answer is the iframe to paste. */
  addEmbed: (wallId: string, origin: string) => call(WallEmbedView, `${wallPath(wallId)}/embeds`, json('POST', { origin })),
  removeEmbed: (wallId: string, origin: string) => call(NoContent, `${wallPath(wallId)}/embeds?${new URLSearchParams({ origin })}`, { method: 'DELETE' }),
  photos: (wallId: string, status: WallPhotoStatus, page: number) =>
    call(WallPhotoListView, `${wallPath(wallId)}/photos?${new URLSearchParams({ status, page: String(page), per_page: String(WALL_PHOTOS_PAGE_SIZE) })}`),
  review: (wallId: string, photoId: string, decision: ReviewWallPhotoBody['decision']) =>
    call(WallPhotoView, `${wallPath(wallId)}/photos/${encodeURIComponent(photoId)}/review`, json('POST', { decision })),
  /** The photos and their captions as a zip; fetched rather than linked, since it needs the bearer token. */
  exportZip: async (wallId: string): Promise<Blob> => {
    const response = await apiFetch(`${wallPath(wallId)}/export`);
    if (!response.ok) throw await problem(response);
    return response.blob();
  },
};
