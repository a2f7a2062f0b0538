import { Inject, Injectable } from '@nestjs/common';
import { DomainError, fileNameOf, type EmailQrOptions, type QrDesign } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { checkQrDesign, renderQrPdf, renderQrPng, renderQrSvg, type PngImage } from '@qr/qr-render';
import { CodeReads, QrImages, qrUrlOf } from '../../codes';
import { CONFIG } from '../../infrastructure';
import type { EmailQrFile } from './email-message';

const CONTENT_TYPES: Record<EmailQrOptions['type'], string> = { png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf' };

/** What the QR images of one email are drawn with: the base code's saved design at the asked size, and its logo. */
export interface QrLook {
  design: QrDesign;
  logo: PngImage | undefined;
  options: EmailQrOptions;
  /** What the files are called: the campaign's or the single send's name. */
  name: string;
}

/**
 * One-time codes as the files an email carries, each drawn in the base code's saved design (logo
 * included) at `width` × `height`, as the one-time downloads draw them. A PDF cannot show in a
 * message's body, so it is attached whatever the placement.
 */
@Injectable()
export class EmailQrFiles {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly codes: CodeReads,
    private readonly images: QrImages,
  ) {}

  /** The look of the base code's one-time codes; undefined when the base code is gone (or another organisation's). */
  async look(orgId: string, baseCodeId: string, options: EmailQrOptions, name: string): Promise<QrLook | undefined> {
    const base = await this.codes.live(baseCodeId);
    if (!base || base.org_id !== orgId) return undefined;
    const design: QrDesign = { ...base.design, width: options.width, height: options.height };
    return { design, logo: await this.images.logoOf(orgId, design), options, name };
  }

  /**
   * The saved design was checked at its own size; smaller, its modules may be too few pixels to
   * read. Checked with a stand-in id of a one-time code's length, so the grid is the real one's.
   */
  async assertScannable(look: QrLook): Promise<void> {
    const check = await checkQrDesign(qrUrlOf(this.config.PUBLIC_URL, 'PREVIEW000'), look.design, look.logo);
    if (!check.ok) throw new DomainError('design_unscannable', `At ${look.design.width} × ${look.design.height} px: ${check.reason}`, { field: 'body.width' });
  }

  /** The files of these codes, numbered in their names when an email carries several. */
  async filesOf(look: QrLook, codeIds: readonly string[], numbered: boolean): Promise<EmailQrFile[]> {
    const host = new URL(this.config.PUBLIC_URL).hostname;
    const files: EmailQrFile[] = [];
    for (const [index, codeId] of codeIds.entries()) {
      const link = qrUrlOf(this.config.PUBLIC_URL, codeId);
      const { type, placement, width, height } = look.options;
      const stem = fileNameOf(numbered ? `${look.name} ${index + 1}` : look.name, 'QR code');
      const inline = placement === 'inline' && type !== 'pdf';
      files.push({
        filename: `${stem}.${type}`,
        content_type: CONTENT_TYPES[type],
        content: await this.draw(link, look),
        ...(inline ? { cid: `qr-${codeId}@${host}` } : {}),
        width,
        height,
        link,
      });
    }
    return files;
  }

  private async draw(link: string, { design, logo, options }: QrLook): Promise<Buffer> {
    switch (options.type) {
      case 'png':
        return renderQrPng(link, design, logo);
      case 'svg':
        return Buffer.from(renderQrSvg(link, design, logo));
      case 'pdf':
        return Buffer.from(await renderQrPdf(link, design, logo));
    }
  }
}
