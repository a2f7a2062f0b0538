import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';
import { orNull } from './openapi-shapes';
import { PublicOrganization } from './public-codes';
import { DEFAULT_NSFW_THRESHOLD, NsfwCheckView } from './uploads';

/**
 * Selfie walls, the engagement context's walls (spec §1, §2 `/wall/{id}` and `/wall-embed/{id}`, §7
 * "create selfie wall and selfie wall embed creation"): visitors post photos with a caption, each
 * goes through the upload checks and the NSFW model, staff approve or reject (or the wall approves
 * what the model passes), and every screen showing the wall hears what was approved, live.
 */

export const WallLayout = z.enum(['masonry', 'slideshow']).meta({ id: 'WallLayout' });
export type WallLayout = z.infer<typeof WallLayout>;

export const WALL_PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const WallPhotoStatus = z.enum(WALL_PHOTO_STATUSES).meta({ id: 'WallPhotoStatus' });
export type WallPhotoStatus = z.infer<typeof WallPhotoStatus>;

export const MAX_WALL_TITLE = 120;
export const MAX_WALL_PROMPT = 300;
export const MAX_CAPTION = 140;
/** Sites one wall may be embedded in. */
export const MAX_WALL_EMBEDS = 10;
/** The approved photos a wall screen holds: the newest. */
export const WALL_SCREEN_PHOTOS = 100;

export const WallId = z.uuid({ error: 'A wall id is a UUID.' }).meta({ id: 'WallId' });
export const WallPhotoId = z.uuid({ error: 'A photo id is a UUID.' }).meta({ id: 'WallPhotoId' });

export const WallTerms = z
  .strictObject({
    title: z.string().trim().min(1, { error: 'Give the wall a title.' }).max(MAX_WALL_TITLE),
    prompt: z.string().trim().max(MAX_WALL_PROMPT).default('').meta({ description: 'What the upload form asks visitors, such as “Show us your team!”.' }),
    layout: WallLayout.default('masonry'),
    slideshow_seconds: z.number().int().min(3).max(60).default(6),
    captions: z.boolean().default(true).meta({ description: 'Whether visitors may add a caption.' }),
    auto_approve: z.boolean().default(false).meta({ description: 'Approve at once what the NSFW check passes; everything else waits in the review queue.' }),
    nsfw_threshold: z
      .number()
      .min(0.05)
      .max(0.99)
      .default(DEFAULT_NSFW_THRESHOLD)
      .meta({ description: 'A photo whose `nsfw` score reaches this is flagged and never approved without staff.' }),
  })
  .meta({ id: 'WallTerms' });
export type WallTerms = z.infer<typeof WallTerms>;

export const CreateWallBody = WallTerms.extend({ org_id: z.uuid(), code_id: CodeId }).meta({ id: 'CreateWallBody' });
export type CreateWallBody = z.infer<typeof CreateWallBody>;
export const UpdateWallBody = WallTerms.meta({ id: 'UpdateWallBody' });
export type UpdateWallBody = z.infer<typeof UpdateWallBody>;

export const WallPath = z.strictObject({ wall_id: WallId });
export type WallPath = z.infer<typeof WallPath>;
export const WallPhotoPath = z.strictObject({ wall_id: WallId, photo_id: WallPhotoId });
export type WallPhotoPath = z.infer<typeof WallPhotoPath>;

/** A site a wall may be framed by: scheme, host and port only, as the browser compares them. */
export const EmbedOrigin = z
  .url({ protocol: /^https?$/, error: 'Give the site’s address, such as https://www.example.com.' })
  .transform((url) => new URL(url).origin)
  .meta({ id: 'EmbedOrigin' });

export const CreateWallEmbedBody = z.strictObject({ origin: EmbedOrigin }).meta({ id: 'CreateWallEmbedBody' });
export type CreateWallEmbedBody = z.infer<typeof CreateWallEmbedBody>;
export const WallEmbedQuery = z.strictObject({ origin: EmbedOrigin }).meta({ id: 'WallEmbedQuery' });
export type WallEmbedQuery = z.infer<typeof WallEmbedQuery>;

export const WallEmbedView = z
  .object({
    origin: z.string(),
    url: z.string().meta({ description: '`/wall-embed/{wall_id}`, relative to the site.' }),
    snippet: z.string().meta({ description: 'The iframe to paste into the site’s HTML.' }),
  })
  .meta({ id: 'WallEmbed' });
export type WallEmbedView = z.infer<typeof WallEmbedView>;

export const ListWallsQuery = paginatedQuery({ org_id: z.uuid(), code_id: CodeId.optional() }).meta({ id: 'ListWallsQuery' });
export type ListWallsQuery = z.infer<typeof ListWallsQuery>;

export const WallView = WallTerms.extend({
  wall_id: WallId,
  org_id: z.uuid(),
  code_id: CodeId,
  embed_origins: z.array(z.string()),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  wall_url: z.string().meta({ description: '`/wall/{wall_id}`, relative to the site.' }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
}).meta({ id: 'Wall' });
export type WallView = z.infer<typeof WallView>;
export const WallListView = paginatedList(WallView).meta({ id: 'WallList' });
export type WallListView = z.infer<typeof WallListView>;

/** A photo as staff's review queue shows it, with the model's verdict. */
export const WallPhotoView = z
  .object({
    photo_id: WallPhotoId,
    wall_id: WallId,
    status: WallPhotoStatus,
    caption: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    url: z.string().meta({ description: 'Staff: a link that works for an hour; public: the approved photo’s own address.' }),
    nsfw: NsfwCheckView.omit({ ms: true }),
    flagged: z.boolean().meta({ description: 'The NSFW score reached the wall’s threshold.' }),
    submitted_at: z.iso.datetime(),
    decided_at: orNull(z.iso.datetime()),
  })
  .meta({ id: 'WallPhoto' });
export type WallPhotoView = z.infer<typeof WallPhotoView>;

export const ListWallPhotosQuery = paginatedQuery({ status: WallPhotoStatus.optional() }).meta({ id: 'ListWallPhotosQuery' });
export type ListWallPhotosQuery = z.infer<typeof ListWallPhotosQuery>;
export const WallPhotoListView = paginatedList(WallPhotoView).meta({ id: 'WallPhotoList' });
export type WallPhotoListView = z.infer<typeof WallPhotoListView>;

export const ReviewWallPhotoBody = z.strictObject({ decision: z.enum(['approve', 'reject']) }).meta({ id: 'ReviewWallPhotoBody' });
export type ReviewWallPhotoBody = z.infer<typeof ReviewWallPhotoBody>;

/** An approved photo as the wall screen shows it. */
export const PublicWallPhoto = z
  .object({ photo_id: WallPhotoId, caption: z.string(), width: z.number().int(), height: z.number().int(), url: z.string(), approved_at: z.iso.datetime() })
  .meta({ id: 'PublicWallPhoto' });
export type PublicWallPhoto = z.infer<typeof PublicWallPhoto>;

/** The wall screen: its settings, the newest approved photos, and the brand it is drawn in. */
export const PublicWallView = z
  .object({
    wall_id: WallId,
    code_id: CodeId,
    title: z.string(),
    prompt: z.string(),
    layout: WallLayout,
    slideshow_seconds: z.number().int(),
    captions: z.boolean(),
    photos: z.array(PublicWallPhoto).meta({ description: `The newest ${WALL_SCREEN_PHOTOS} approved, newest first.` }),
    owner: PublicOrganization,
  })
  .meta({ id: 'PublicWall' });
export type PublicWallView = z.infer<typeof PublicWallView>;

/** A live wall's message: the newest approved photos, whole each time (a rejection takes one off the screen). */
export const WallLiveView = z.object({ wall_id: WallId, photos: z.array(PublicWallPhoto), position: z.string() }).meta({ id: 'WallLive' });
export type WallLiveView = z.infer<typeof WallLiveView>;

/** What a visitor hears after posting: held for review, or on the wall. */
export const SubmittedWallPhotoView = z
  .object({ photo_id: WallPhotoId, status: WallPhotoStatus.exclude(['rejected']), message: z.string() })
  .meta({ id: 'SubmittedWallPhoto' });
export type SubmittedWallPhotoView = z.infer<typeof SubmittedWallPhotoView>;

/** The multipart form a visitor posts: the photo as `file`, the caption as a field. */
export const SubmitWallPhotoBody = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'A PNG, JPEG, WebP or GIF photo.' }),
    caption: z.string().max(MAX_CAPTION).optional(),
  })
  .meta({ id: 'SubmitWallPhotoBody' });
export const WallCaption = z
  .string()
  .trim()
  .max(MAX_CAPTION, { error: `A caption is at most ${MAX_CAPTION} characters.` });

export const wallScreenPath = (wallId: string): string => `/wall/${wallId}`;
export const wallEmbedPath = (wallId: string): string => `/wall-embed/${wallId}`;
