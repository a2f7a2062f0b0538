import { Injectable } from '@nestjs/common';
import type { PublicPageView } from '@qr/contracts';
import { UploadedImages } from '../uploads';
import type { OpenPage } from './page-directory';

/** Long enough to read the page; it asks again when opened again. */
const IMAGE_LINK_SECONDS = 3600;

/** A page as a visitor sees it, with links to its images that expire. */
@Injectable()
export class PublicPageViews {
  constructor(private readonly uploads: UploadedImages) {}

  async of({ org_id: orgId, ...page }: OpenPage): Promise<PublicPageView> {
    const blobIds = [...new Set(page.blocks.flatMap((block) => (block.kind === 'image' ? [block.blob_id] : [])))];
    const links = await Promise.all(blobIds.map((blobId) => this.uploads.link({ orgId, blobId }, IMAGE_LINK_SECONDS)));
    return { ...page, image_urls: Object.fromEntries(blobIds.map((blobId, index) => [blobId, links[index]!.url])) };
  }
}
