import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { DomainError, MAX_PDF_SHEET_CODES, type OneTimeDownloadFormat, type QrDesign } from '@qr/contracts';
import type { Config, SqlClient } from '@qr/platform';
import { drawQrOnSheet, renderQrPng, renderQrSvg, saveQrPdf, type PngImage } from '@qr/qr-render';
import { CONFIG, SQL_CLIENT } from '../infrastructure';
import { CodeReads, QrImages, qrUrlOf } from '../codes';
import { batchCodePages } from './batch-code-pages';
import type { OneTimeBatchRow } from './one-time-batches';
import { zipStream, type ZipEntry } from '../zip-stream';

export interface BatchDownload {
  /** The file's name without its extension, as the user named the base code. */
  name: string;
  extension: 'pdf' | 'zip';
  contentType: string;
  /** How many codes it holds, sent first so the browser can show progress. */
  count: number;
  body: Readable;
}

/** A4 portrait in points, a 4 × 5 grid of codes with their ids under them, to print and cut. */
const SHEET = { width: 595.28, height: 841.89, margin: 36, columns: 4, rows: 5, caption: 14 } as const;

/**
 * A batch's codes as files, each in the base code's design (logo included). ZIPs stream a page of
 * codes at a time (PNG stored as is, since PNG is already deflated; SVG deflated); a PDF sheet is
 * built in memory by pdf-lib, hence its limit.
 */
@Injectable()
export class OneTimeCodeFiles {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Config,
    private readonly images: QrImages,
    private readonly codes: CodeReads,
  ) {}

  async download(batch: OneTimeBatchRow, format: OneTimeDownloadFormat): Promise<BatchDownload> {
    const base = (await this.codes.find(batch.base_code_id))!;
    const logo = await this.images.logoOf(batch.org_id, base.design);
    const name = `${base.name} one-time codes`;
    const textOf = (codeId: string) => qrUrlOf(this.config.PUBLIC_URL, codeId);
    const count = batch.amount;
    if (format === 'pdf') {
      if (count > MAX_PDF_SHEET_CODES) {
        throw new DomainError('download_too_large', `A PDF sheet holds at most ${MAX_PDF_SHEET_CODES.toLocaleString('en')} codes; download the ZIP instead.`);
      }
      const pdf = await this.sheet(batch.batch_id, base.design, textOf, logo);
      return { name, extension: 'pdf', contentType: 'application/pdf', count, body: Readable.from([pdf]) };
    }
    const render =
      format === 'zip-png'
        ? (codeId: string) => renderQrPng(textOf(codeId), base.design, logo)
        : (codeId: string) => Buffer.from(renderQrSvg(textOf(codeId), base.design, logo));
    const files = zipOf(batchCodePages(this.db, batch.batch_id), render, format === 'zip-png' ? 'png' : 'svg');
    return { name, extension: 'zip', contentType: 'application/zip', count, body: Readable.from(files, { highWaterMark: 1 }) };
  }

  private async sheet(batchId: string, design: QrDesign, textOf: (codeId: string) => string, logo?: PngImage): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    doc.setTitle('One-time codes');
    doc.setProducer('QR Platform');
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const embeddedLogo = logo && { png: logo, image: await doc.embedPng(logo.png) };
    const cellWidth = (SHEET.width - 2 * SHEET.margin) / SHEET.columns;
    const cellHeight = (SHEET.height - 2 * SHEET.margin) / SHEET.rows;
    const side = Math.min(cellWidth, cellHeight - SHEET.caption) * 0.9;
    const scale = side / Math.max(design.width, design.height);
    const perPage = SHEET.columns * SHEET.rows;
    let page = doc.addPage([SHEET.width, SHEET.height]);
    let n = 0;
    for await (const rows of batchCodePages(this.db, batchId)) {
      for (const row of rows) {
        if (n > 0 && n % perPage === 0) page = doc.addPage([SHEET.width, SHEET.height]);
        const cell = n % perPage;
        const left = SHEET.margin + (cell % SHEET.columns) * cellWidth;
        const top = SHEET.height - SHEET.margin - Math.floor(cell / SHEET.columns) * cellHeight;
        const x = left + (cellWidth - design.width * scale) / 2;
        const y = top - design.height * scale;
        await drawQrOnSheet(doc, page, textOf(row.code_id), design, { x, y, scale }, embeddedLogo);
        const captionSize = 8;
        page.drawText(row.code_id, {
          x: left + (cellWidth - font.widthOfTextAtSize(row.code_id, captionSize)) / 2,
          y: y - SHEET.caption + 3,
          size: captionSize,
          font,
          color: rgb(0.2, 0.2, 0.2),
        });
        n++;
      }
    }
    return saveQrPdf(doc);
  }
}

/** A ZIP of one file per code, `<ordinal>-<code_id>.<ext>`, emitted a page of codes at a time. */
export async function* zipOf(
  pages: AsyncIterable<{ code_id: string; ordinal: number }[]>,
  render: (codeId: string) => Uint8Array,
  extension: 'png' | 'svg',
): AsyncGenerator<Buffer> {
  async function* files(): AsyncGenerator<ZipEntry> {
    for await (const rows of pages) {
      for (const row of rows) {
        // A PNG is compressed already: deflating it again costs time and saves nothing.
        yield { name: `${String(row.ordinal).padStart(6, '0')}-${row.code_id}.${extension}`, content: render(row.code_id), stored: extension === 'png' };
      }
    }
  }
  yield* zipStream(files());
}
