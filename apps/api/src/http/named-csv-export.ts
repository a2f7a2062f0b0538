import type { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { CSV_ROW_COUNT_HEADER } from '@qr/contracts';
import type { FastifyReply } from 'fastify';
import { attachmentNamed } from './attachment';

/** A CSV export saved as `name_date.csv` (spec §7): how many rows, the file's name without `.csv`, and the body as base64 text. */
export interface NamedCsvExport {
  rows: number;
  stem: string;
  body: Readable;
}

/** The name's share of the file name, so that the date after it always fits. */
const NAME_LENGTH = 60;

/** `name_date`: the thing's name and today's date, year-month-day, in the organisation's zone. */
export function datedStem(name: string, timeZone: string, now = new Date()): string {
  return `${name.slice(0, NAME_LENGTH)}_${new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)}`;
}

/**
 * Sends an export as the promo and loyalty exports answer: the body is the CSV in base64, streamed;
 * the row count comes first, in a header, for a progress bar; `otherwise` names the file when
 * nothing of the name is left.
 */
export function namedCsvFile(reply: FastifyReply, exported: NamedCsvExport, otherwise: string): StreamableFile {
  void reply
    .header(CSV_ROW_COUNT_HEADER, String(exported.rows))
    .header('content-disposition', attachmentNamed(exported.stem, 'csv', otherwise))
    .header('cache-control', 'no-store');
  return new StreamableFile(exported.body, { type: 'text/plain; charset=us-ascii' });
}
