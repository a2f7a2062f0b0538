import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type QrDesign, type QrImageFormat, type QrPreviewView } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { checkQrDesign, renderQrPdf, renderQrPng, renderQrSvg } from '@qr/qr-render';
import { RequestValidationError } from '../http/problem-details';
import { CONFIG } from '../infrastructure';
import { qrUrlOf } from './code-views';

export interface QrImage {
  contentType: string;
  extension: string;
  body: Buffer | string;
}

/** The code's design rendered for download, preview and the save-time check. */
@Injectable()
export class QrImages {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  /** Every design is decoded before it is saved, so nobody prints a code that does not scan. */
  async assertScannable(codeId: string, design: QrDesign): Promise<void> {
    refuseLogo(design);
    const check = await checkQrDesign(qrUrlOf(this.config.PUBLIC_URL, codeId), design);
    if (!check.ok) throw new DomainError('design_unscannable', check.reason);
  }

  /** Drawn for a stand-in id: the URL, and so the module grid, is the same size as the real one's. */
  async preview(design: QrDesign): Promise<QrPreviewView> {
    refuseLogo(design);
    const text = qrUrlOf(this.config.PUBLIC_URL, 'PREVIEW000');
    return { svg: renderQrSvg(text, design), check: await checkQrDesign(text, design) };
  }

  async render(codeId: string, design: QrDesign, format: QrImageFormat, size?: number): Promise<QrImage> {
    const text = qrUrlOf(this.config.PUBLIC_URL, codeId);
    const scaled = size ? scaleTo(design, size) : design;
    switch (format) {
      case 'svg':
        return { contentType: 'image/svg+xml; charset=utf-8', extension: 'svg', body: renderQrSvg(text, scaled) };
      case 'png':
        return { contentType: 'image/png', extension: 'png', body: renderQrPng(text, scaled) };
      case 'pdf':
        return { contentType: 'application/pdf', extension: 'pdf', body: Buffer.from(await renderQrPdf(text, scaled)) };
    }
  }
}

function scaleTo(design: QrDesign, size: number): QrDesign {
  const factor = size / Math.max(design.width, design.height);
  return { ...design, width: Math.max(1, Math.round(design.width * factor)), height: Math.max(1, Math.round(design.height * factor)) };
}

/** Logos are images uploaded to the blob store, which is not part of this release yet. */
function refuseLogo(design: QrDesign): void {
  if (design.logo) throw new RequestValidationError([{ field: 'body.design.logo', message: 'Logos can not be uploaded yet: leave the logo out.' }]);
}
