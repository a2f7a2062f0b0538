import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PublicPageView } from '@qr/contracts';
import { GetPublicOrganization } from '../identity/organization.queries';
import { UploadedImages } from '../uploads/uploaded-images';
import type { OpenPage } from './page-directory';

/** Long enough to read the page; it asks again when opened again. */
const IMAGE_LINK_SECONDS = 3600;

/** A page as a visitor sees it: the organisation behind it, and links to its images that expire. */
@Injectable()
export class PublicPageViews {
  constructor(
    private readonly uploads: UploadedImages,
    private readonly queries: QueryBus,
  ) {}

  async of({ org_id: orgId, ...page }: OpenPage): Promise<PublicPageView> {
    const blobIds = [...new Set(page.blocks.flatMap((block) => (block.kind === 'image' ? [block.blob_id] : [])))];
    const [owner, links] = await Promise.all([
      this.queries.execute(new GetPublicOrganization(orgId)),
      Promise.all(blobIds.map((blobId) => this.uploads.link({ orgId, blobId }, IMAGE_LINK_SECONDS))),
    ]);
    return { ...page, owner, image_urls: Object.fromEntries(blobIds.map((blobId, index) => [blobId, links[index]!.url])) };
  }
}
