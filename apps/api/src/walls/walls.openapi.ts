import {
  CreateWallBody,
  CreateWallEmbedBody,
  ListWallPhotosQuery,
  ListWallsQuery,
  PublicWallView,
  ReviewWallPhotoBody,
  SubmittedWallPhotoView,
  SubmitWallPhotoBody,
  UpdateWallBody,
  WallEmbedQuery,
  WallEmbedView,
  WallListView,
  WallLiveView,
  WallPath,
  WallPhotoListView,
  WallPhotoPath,
  WallPhotoView,
  WallView,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

const binary = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
});

/** Selfie walls (issue 57): staff's walls, review queue and export; visitors' screen, photo form and live stream. */
export function registerWallsPaths({ signedIn, open, problem }: ApiPaths): void {
  const staff = signedIn('walls', '/api/v1/walls');
  staff('post', '', 'Create a selfie wall on a code (owner, admin, editor)', { 201: json('Created', WallView) }, { body: body(CreateWallBody) });
  staff('get', '', 'The organisation’s selfie walls, newest first', { 200: json('Walls', WallListView) }, { query: ListWallsQuery });
  staff('get', '/{wall_id}', 'One selfie wall', { 200: json('Wall', WallView) }, { params: WallPath });
  staff('put', '/{wall_id}', 'Replace a wall’s settings', { 200: json('Updated', WallView) }, { params: WallPath, body: body(UpdateWallBody) });
  staff('delete', '/{wall_id}', 'Delete a wall: its screen and form answer 404 from then on', { 204: { description: 'Deleted' } }, { params: WallPath });
  staff(
    'post',
    '/{wall_id}/embeds',
    'Allow a site to frame /wall-embed/{wall_id}, and get the iframe to paste there (spec §7 “selfie wall embed creation”)',
    { 201: json('Allowed', WallEmbedView) },
    { params: WallPath, body: body(CreateWallEmbedBody) },
  );
  staff(
    'delete',
    '/{wall_id}/embeds',
    'No longer allow a site to frame the wall',
    { 204: { description: 'Removed' } },
    { params: WallPath, query: WallEmbedQuery },
  );
  staff(
    'get',
    '/{wall_id}/photos',
    'The review queue: photos with the NSFW model’s verdict, newest first',
    { 200: json('Photos', WallPhotoListView) },
    {
      params: WallPath,
      query: ListWallPhotosQuery,
    },
  );
  staff(
    'post',
    '/{wall_id}/photos/{photo_id}/review',
    'Approve or reject a photo',
    { 200: json('Reviewed', WallPhotoView) },
    {
      params: WallPhotoPath,
      body: body(ReviewWallPhotoBody),
    },
  );
  staff(
    'get',
    '/{wall_id}/export',
    'The approved photos and photos.csv of every photo, as a zip',
    { 200: binary('The zip', ['application/zip']) },
    {
      params: WallPath,
    },
  );

  const visitor = open('walls', '/api/v1/public/walls', [400, 404, 500]);
  visitor(
    'get',
    '/{wall_id}',
    'A wall screen: its settings, the newest approved photos and the organisation’s brand',
    { 200: json('Wall', PublicWallView) },
    {
      params: WallPath,
    },
  );
  visitor(
    'post',
    '/{wall_id}/photos',
    'Post a photo to the wall (PNG, JPEG, WebP or GIF by its bytes, at most 5 MB); it waits for review unless the wall approves what the NSFW check passes',
    { 201: json('Submitted', SubmittedWallPhotoView), 413: problem, 415: problem },
    { params: WallPath, body: { content: { 'multipart/form-data': { schema: SubmitWallPhotoBody } } } },
  );
  visitor('get', '/{wall_id}/photos/{photo_id}', 'An approved photo', { 200: binary('The photo', ['image/jpeg', 'image/png']) }, { params: WallPhotoPath });
  visitor(
    'get',
    '/{wall_id}/live',
    'Server-sent events: a WallLive message with the approved photos now, then again whenever they change',
    { 200: { description: 'An event stream of WallLive messages', content: { 'text/event-stream': { schema: WallLiveView } } } },
    { params: WallPath },
  );
}
