import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainError, type QrDesign, type QrImageFormat, type QrPreviewView } from '@qr/contracts';
import { ConfigError, type Config } from '@qr/platform';
import { charactersWithoutGlyph, checkQrDesign, readPng, renderQrPdf, renderQrPng, renderQrSvg, useFallbackFonts, type PngImage } from '@qr/qr-render';
import { CONFIG } from '../infrastructure';
import { UploadedImages } from '../uploads';
import { qrUrlOf } from './code-views';

export interface QrImage {
  contentType: string;
  extension: string;
  body: Buffer | string;
}

/** Pixels of logo per pixel it is drawn at. */
const LOGO_DENSITY = 2;

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
    await assertReads(qrUrlOf(this.config.PUBLIC_URL, codeId), design, await this.logoOf(orgId, design));
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

  /** The code's link drawn in its design, which was checked at its own size when it was saved. */
  async render(orgId: string, codeId: string, design: QrDesign, format: QrImageFormat, size?: number): Promise<QrImage> {
    const text = qrUrlOf(this.config.PUBLIC_URL, codeId);
    const drawn = size ? scaleTo(design, size) : design;
    const logo = await this.logoOf(orgId, drawn);
    // Smaller than saved, its modules may be too few pixels to read: a tall, narrow design at 128 px is.
    if (drawn.width < design.width) await assertReads(text, drawn, logo);
    return draw(text, drawn, logo, format);
  }

  /**
   * Other text in the code's design, e.g. its content itself: often longer than the link the design
   * was checked with, so its denser grid is decoded again first.
   */
  async renderChecked(orgId: string, text: string, design: QrDesign, format: QrImageFormat, size?: number): Promise<QrImage> {
    const drawn = size ? scaleTo(design, size) : design;
    const logo = await this.logoOf(orgId, drawn);
    await assertReads(text, drawn, logo);
    return draw(text, drawn, logo, format);
  }

  /**
   * A logo is an image the organisation uploaded: another organisation's id is not found. It comes
   * no larger than the design draws it, at twice the pixels for sharp screens and print: a phone
   * photo as a logo would make a share image of many megabytes that holds the event loop to decode.
   */
  async logoOf(orgId: string | undefined, design: QrDesign): Promise<PngImage | undefined> {
    if (!design.logo) return undefined;
    if (!orgId) throw new DomainError('validation_failed', 'Say which organisation’s uploaded logo to use (org_id).');
    const side = Math.ceil(design.logo.size * Math.max(design.width, design.height) * LOGO_DENSITY);
    return readPng(await this.uploads.readPng(orgId, design.logo.blob_id, side));
  }
}

async function assertReads(text: string, design: QrDesign, logo: PngImage | undefined): Promise<void> {
  const check = await checkQrDesign(text, design, logo);
  if (!check.ok) throw new DomainError('design_unscannable', check.reason);
}

async function draw(text: string, design: QrDesign, logo: PngImage | undefined, format: QrImageFormat): Promise<QrImage> {
  switch (format) {
    case 'svg':
      return { contentType: 'image/svg+xml; charset=utf-8', extension: 'svg', body: renderQrSvg(text, design, logo) };
    case 'png':
      return { contentType: 'image/png', extension: 'png', body: renderQrPng(text, design, logo) };
    case 'pdf':
      return { contentType: 'application/pdf', extension: 'pdf', body: Buffer.from(await renderQrPdf(text, design, logo)) };
  }
}

function scaleTo(design: QrDesign, size: number): QrDesign {
  const factor = size / Math.max(design.width, design.height);
  return { ...design, width: Math.max(1, Math.round(design.width * factor)), height: Math.max(1, Math.round(design.height * factor)) };
}
