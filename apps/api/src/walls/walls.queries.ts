import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DEFAULT_LINK_SECONDS,
  WALL_SCREEN_PHOTOS,
  type ListWallPhotosQuery,
  type ListWallsQuery,
  type PublicWallView,
  type StoredImageType,
  type WallListView,
  type WallPhotoListView,
  type WallPhotoView,
  type WallView,
} from '@qr/contracts';
import { wallNotFound, wallPhotoNotFound } from '@qr/domain';
import { type Caller, OrganizationReads, TenancyGate } from '../identity';
import { UploadedImages } from '../uploads';
import { WallAccess } from './wall-access';
import { toPublicWallPhoto, toWallView, WallReads, type WallPhotoRow } from './wall-reads';

export class ListWalls extends Query<WallListView> {
  constructor(
    readonly caller: Caller,
    readonly query: ListWallsQuery,
  ) {
    super();
  }
}

export class GetWall extends Query<WallView> {
  constructor(
    readonly caller: Caller,
    readonly wallId: string,
  ) {
    super();
  }
}

/** The review queue: each photo with the model's verdict and a link staff can open for an hour. */
export class ListWallPhotos extends Query<WallPhotoListView> {
  constructor(
    readonly caller: Caller,
    readonly wallId: string,
    readonly query: ListWallPhotosQuery,
  ) {
    super();
  }
}

export class GetWallPhoto extends Query<WallPhotoView> {
  constructor(
    readonly caller: Caller,
    readonly wallId: string,
    readonly photoId: string,
  ) {
    super();
  }
}

/** The wall screen, no sign-in. */
export class GetPublicWall extends Query<PublicWallView> {
  constructor(readonly wallId: string) {
    super();
  }
}

/** An approved photo's bytes for a wall screen; any other photo is not found. */
export class GetApprovedWallPhoto extends Query<{ bytes: Buffer; contentType: StoredImageType }> {
  constructor(
    readonly wallId: string,
    readonly photoId: string,
  ) {
    super();
  }
}

@QueryHandler(ListWalls)
export class ListWallsHandler implements IQueryHandler<ListWalls> {
  constructor(
    private readonly gate: TenancyGate,
    private readonly walls: WallReads,
  ) {}

  async execute({ caller, query }: ListWalls): Promise<WallListView> {
    await this.gate.roleIn(caller, query.org_id);
    const { rows, total } = await this.walls.page(query.org_id, query.code_id, query.page, query.per_page);
    return { items: rows.map(toWallView), page: query.page, per_page: query.per_page, total };
  }
}

@QueryHandler(GetWall)
export class GetWallHandler implements IQueryHandler<GetWall> {
  constructor(private readonly access: WallAccess) {}

  async execute({ caller, wallId }: GetWall): Promise<WallView> {
    return toWallView((await this.access.visible(caller, wallId)).wall);
  }
}

/** A photo as staff see it, with a link to it that works for an hour. */
async function photoViewOf(images: UploadedImages, row: WallPhotoRow): Promise<WallPhotoView> {
  // Photos in the read model were stored before they were recorded: no look-up in the store first.
  const { url } = await images.linkToStored({ orgId: row.org_id, blobId: row.blob_id }, DEFAULT_LINK_SECONDS);
  return {
    photo_id: row.photo_id,
    wall_id: row.wall_id,
    status: row.status,
    caption: row.caption,
    width: row.width,
    height: row.height,
    url,
    nsfw: row.nsfw,
    flagged: row.flagged,
    submitted_at: new Date(row.submitted_at).toISOString(),
    decided_at: row.decided_at && new Date(row.decided_at).toISOString(),
  };
}

@QueryHandler(ListWallPhotos)
export class ListWallPhotosHandler implements IQueryHandler<ListWallPhotos> {
  constructor(
    private readonly access: WallAccess,
    private readonly walls: WallReads,
    private readonly images: UploadedImages,
  ) {}

  async execute({ caller, wallId, query }: ListWallPhotos): Promise<WallPhotoListView> {
    await this.access.visible(caller, wallId);
    const { rows, total } = await this.walls.photoPage(wallId, query.status, query.page, query.per_page);
    const items = await Promise.all(rows.map((row) => photoViewOf(this.images, row)));
    return { items, page: query.page, per_page: query.per_page, total };
  }
}

@QueryHandler(GetWallPhoto)
export class GetWallPhotoHandler implements IQueryHandler<GetWallPhoto> {
  constructor(
    private readonly access: WallAccess,
    private readonly walls: WallReads,
    private readonly images: UploadedImages,
  ) {}

  async execute({ caller, wallId, photoId }: GetWallPhoto): Promise<WallPhotoView> {
    await this.access.visible(caller, wallId);
    const row = await this.walls.photo(wallId, photoId);
    if (!row) throw wallPhotoNotFound();
    return photoViewOf(this.images, row);
  }
}

@QueryHandler(GetPublicWall)
export class GetPublicWallHandler implements IQueryHandler<GetPublicWall> {
  constructor(
    private readonly walls: WallReads,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ wallId }: GetPublicWall): Promise<PublicWallView> {
    const wall = await this.walls.live(wallId);
    const owner = wall && (await this.organizations.publicProfileOf(wall.org_id));
    if (!wall || !owner) throw wallNotFound();
    const photos = (await this.walls.screens([wallId], WALL_SCREEN_PHOTOS)).get(wallId) ?? [];
    const { title, prompt, layout, slideshow_seconds, captions } = wall.terms;
    return { wall_id: wallId, code_id: wall.code_id, title, prompt, layout, slideshow_seconds, captions, photos: photos.map(toPublicWallPhoto), owner };
  }
}

@QueryHandler(GetApprovedWallPhoto)
export class GetApprovedWallPhotoHandler implements IQueryHandler<GetApprovedWallPhoto> {
  constructor(
    private readonly walls: WallReads,
    private readonly images: UploadedImages,
  ) {}

  async execute({ wallId, photoId }: GetApprovedWallPhoto): Promise<{ bytes: Buffer; contentType: StoredImageType }> {
    const [wall, photo] = await Promise.all([this.walls.live(wallId), this.walls.photo(wallId, photoId)]);
    if (!wall || photo?.status !== 'approved') throw wallPhotoNotFound();
    return this.images.read(photo.org_id, photo.blob_id);
  }
}
