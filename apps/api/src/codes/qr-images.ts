import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainError, type QrDesign, type QrImageFormat, type QrPreviewView } from '@qr/contracts';
import { ConfigError, type Config } from '@qr/platform';
import { charactersWithoutGlyph, checkQrDesign, readPng, renderQrPdf, renderQrPng, renderQrSvg, useFallbackFonts, type PngImage } from '@qr/qr-render';
import { CONFIG } from '../infrastructure';
import { UploadedImages } from '../uploads/uploaded-images';
import { qrUrlOf } from './code-views';

export interface QrImage {
  contentType: string;
  extension: string;
  body: Buffer | string;
}

/** The code's design rendered for download, preview and the save-time check, with its uploaded logo. */
@Injectable()
export class QrImages implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly uploads: UploadedImages,
  ) {}

  /** The operator's fonts are read at boot, so a file that is not one stops the start with its reason. */
  onModuleInit(): void {
    try {
      useFallbackFonts(this.config.FRAME_FONTS);
    } catch (error) {
      throw new ConfigError([{ variable: 'FRAME_FONTS', message: error instanceof Error ? error.message : String(error) }]);
    }
  }

  /** Every design is decoded before it is saved, so nobody prints a code that does not scan. */
  async assertScannable(orgId: string, codeId: string, design: QrDesign): Promise<void> {
    const check = await checkQrDesign(qrUrlOf(this.config.PUBLIC_URL, codeId), design, await this.logoOf(orgId, design));
    if (!check.ok) throw new DomainError('design_unscannable', check.reason);
  }

  /** Drawn for a stand-in id: the URL, and so the module grid, is the same size as the real one's. */
  async preview(orgId: string | undefined, design: QrDesign): Promise<QrPreviewView> {
    const text = qrUrlOf(this.config.PUBLIC_URL, 'PREVIEW000');
    const logo = await this.logoOf(orgId, design);
    return {
      svg: renderQrSvg(text, design, logo),
      check: await checkQrDesign(text, design, logo),
      frame_text_not_printed: design.frame ? charactersWithoutGlyph(design.frame.text) : [],
    };
  }

  /** The code's link drawn in its design, which was checked when it was saved. */
  async render(orgId: string, codeId: string, design: QrDesign, format: QrImageFormat, size?: number): Promise<QrImage> {
    return draw(qrUrlOf(this.config.PUBLIC_URL, codeId), design, await this.logoOf(orgId, design), format, size);
  }

  /**
   * Other text in the code's design, e.g. its content itself: often longer than the link the design
   * was checked with, so its denser grid is decoded again first.
   */
  async renderChecked(orgId: string, text: string, design: QrDesign, format: QrImageFormat, size?: number): Promise<QrImage> {
    const logo = await this.logoOf(orgId, design);
    const check = await checkQrDesign(text, design, logo);
    if (!check.ok) throw new DomainError('design_unscannable', check.reason);
    return draw(text, design, logo, format, size);
  }

  /** A logo is an image the organisation uploaded: another organisation's id is not found. */
  async logoOf(orgId: string | undefined, design: QrDesign): Promise<PngImage | undefined> {
    if (!design.logo) return undefined;
    if (!orgId) throw new DomainError('validation_failed', 'Say which organisation’s uploaded logo to use (org_id).');
    return readPng(await this.uploads.readPng(orgId, design.logo.blob_id));
  }
}

async function draw(text: string, design: QrDesign, logo: PngImage | undefined, format: QrImageFormat, size?: number): Promise<QrImage> {
  const scaled = size ? scaleTo(design, size) : design;
  switch (format) {
    case 'svg':
      return { contentType: 'image/svg+xml; charset=utf-8', extension: 'svg', body: renderQrSvg(text, scaled, logo) };
    case 'png':
      return { contentType: 'image/png', extension: 'png', body: renderQrPng(text, scaled, logo) };
    case 'pdf':
      return { contentType: 'application/pdf', extension: 'pdf', body: Buffer.from(await renderQrPdf(text, scaled, logo)) };
  }
}

function scaleTo(design: QrDesign, size: number): QrDesign {
  const factor = size / Math.max(design.width, design.height);
  return { ...design, width: Math.max(1, Math.round(design.width * factor)), height: Math.max(1, Math.round(design.height * factor)) };
}
