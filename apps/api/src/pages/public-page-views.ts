import { Injectable } from '@nestjs/common';
import type { PublicPageView, SuccessPageView, VisitorTheme } from '@qr/contracts';
import { UploadedImages } from '../uploads';
import type { OpenPage } from './page-directory';

/** Long enough to read the page; it asks again when opened again. */
const IMAGE_LINK_SECONDS = 3600;

/** A page as a visitor sees it: its theme resolved, with links to its images that expire. */
@Injectable()
export class PublicPageViews {
  constructor(private readonly uploads: UploadedImages) {}

  async of(page: OpenPage): Promise<PublicPageView> {
    const { org_id: orgId, ...shown } = page;
    const blobIds = [...new Set(page.blocks.flatMap((block) => (block.kind === 'image' ? [block.blob_id] : [])))];
    const [theme, ...links] = await Promise.all([this.themeOf(page), ...blobIds.map((blobId) => this.uploads.link({ orgId, blobId }, IMAGE_LINK_SECONDS))]);
    return { ...shown, theme, image_urls: Object.fromEntries(blobIds.map((blobId, index) => [blobId, links[index]!.url])) };
  }

  /** Spec §7 "get success page": the thank-you screen, in the page's brand. */
  async successOf(page: OpenPage): Promise<SuccessPageView> {
    const { page_id, title, success_message, success_button, owner } = page;
    return { page_id, title, success_message, success_button, owner, theme: await this.themeOf(page) };
  }

  /** The page's own theme, or its organisation's brand kit as the kit is now. */
  private async themeOf({ org_id: orgId, owner, theme }: OpenPage): Promise<VisitorTheme> {
    if (theme.source === 'brand_kit') return owner.theme;
    const { style, background } = theme;
    if (background.kind !== 'image') return { ...style, background };
    const { blob_id: blobId, overlay, overlay_opacity } = background;
    const { url } = await this.uploads.link({ orgId, blobId }, IMAGE_LINK_SECONDS);
    return { ...style, background: { kind: 'image', url, overlay, overlay_opacity } };
  }
}
