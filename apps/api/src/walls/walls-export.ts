import { Readable } from 'node:stream';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { csvLine } from '../customers';
import { datedStem } from '../http/named-csv-export';
import { type Caller, OrganizationReads } from '../identity';
import { UploadedImages } from '../uploads';
import { WallAccess } from './wall-access';
import { WallReads } from './wall-reads';
import { zipStream, type ZipEntry } from '../zip-stream';

export const WALL_PHOTOS_CSV_COLUMNS = ['photo_id', 'file', 'caption', 'status', 'nsfw', 'flagged', 'submitted_at', 'decided_at'] as const;

export interface WallExport {
  /** `title_date`, without `.zip`. */
  stem: string;
  zip: Readable;
}

/** The approved photos as files and `photos.csv` of every photo, in one zip (issue 57: "photos export as … a zip"). */
export class ExportWallPhotos extends Query<WallExport> {
  constructor(
    readonly caller: Caller,
    readonly wallId: string,
  ) {
    super();
  }
}

/**
 * Photos are stored already compressed (JPEG, or PNG re-encoded), so they go in as they are and the
 * CSV alone is deflated. Streamed a photo at a time: a busy wall's photos never sit in memory at once.
 */
@QueryHandler(ExportWallPhotos)
export class ExportWallPhotosHandler implements IQueryHandler<ExportWallPhotos> {
  constructor(
    private readonly access: WallAccess,
    private readonly walls: WallReads,
    private readonly images: UploadedImages,
    private readonly organizations: OrganizationReads,
  ) {}

  async execute({ caller, wallId }: ExportWallPhotos): Promise<WallExport> {
    const { wall } = await this.access.visible(caller, wallId);
    const photos = await this.walls.allPhotos(wallId);
    const images = this.images;
    async function* entries(): AsyncGenerator<ZipEntry> {
      let csv = csvLine(WALL_PHOTOS_CSV_COLUMNS);
      for (const photo of photos) {
        let file = '';
        if (photo.status === 'approved') {
          const image = await images.read(photo.org_id, photo.blob_id);
          file = `${photo.photo_id}.${image.contentType === 'image/jpeg' ? 'jpg' : 'png'}`;
          yield { name: file, content: image.bytes, stored: true };
        }
        const decidedAt = photo.decided_at && new Date(photo.decided_at).toISOString();
        csv += csvLine([
          photo.photo_id,
          file,
          photo.caption,
          photo.status,
          photo.nsfw.nsfw,
          String(photo.flagged),
          new Date(photo.submitted_at).toISOString(),
          decidedAt,
        ]);
      }
      yield { name: 'photos.csv', content: Buffer.from(csv) };
    }
    const stem = datedStem(wall.terms.title, await this.organizations.timeZoneOf(wall.org_id));
    return { stem, zip: Readable.from(zipStream(entries()), { highWaterMark: 1 }) };
  }
}
