import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BlobUrlView } from '@qr/contracts';
import type { Caller } from '../identity';
import { UploadAccess } from './upload-access';
import { UploadedImages } from './uploaded-images';

/** Spec §7 "generate URL / generate signed URL": a time-limited link to one of the organisation's files. */
export class GetBlobUrl extends Query<BlobUrlView> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly blobId: string,
    readonly expiresInSeconds: number,
  ) {
    super();
  }
}

@QueryHandler(GetBlobUrl)
export class GetBlobUrlHandler implements IQueryHandler<GetBlobUrl> {
  constructor(
    private readonly access: UploadAccess,
    private readonly images: UploadedImages,
  ) {}

  async execute({ caller, orgId, blobId, expiresInSeconds }: GetBlobUrl): Promise<BlobUrlView> {
    await this.access.reader(caller, orgId);
    return this.images.link({ orgId, blobId }, expiresInSeconds);
  }
}
