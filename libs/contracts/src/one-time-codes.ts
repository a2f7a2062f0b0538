import { z } from 'zod';
import { CodeId, paginatedList, paginatedQuery } from './codes';

/**
 * One-time codes (spec §3 "amount (for one-time codes)", §7 "Create one-time codes (base_code_id,
 * amount)", "delete one-time codes (id)"): single-use codes issued in a batch from a base code. Each
 * has its own QR; its first scan gets the base code's content, every later scan an "already used" page.
 */

/** The most codes one request issues: a batch this size is created in seconds and exported in seconds. */
export const MAX_ONE_TIME_CODES = 100_000;

export const CreateOneTimeCodesBody = z
  .strictObject({
    base_code_id: CodeId.meta({ description: 'The code whose content each one-time code opens once.' }),
    amount: z
      .number({ error: 'Say how many codes to create, as a number.' })
      .int({ error: 'The amount is a whole number.' })
      .min(1, { error: 'Create at least 1 code.' })
      .max(MAX_ONE_TIME_CODES, { error: `Create at most ${MAX_ONE_TIME_CODES.toLocaleString('en')} codes at once.` }),
  })
  .meta({ id: 'CreateOneTimeCodesBody' });
export type CreateOneTimeCodesBody = z.infer<typeof CreateOneTimeCodesBody>;

export const OneTimeBatchId = z.uuid({ error: 'A batch id is a UUID.' }).meta({ id: 'OneTimeBatchId' });

export const OneTimeBatchPath = z.strictObject({ batch_id: OneTimeBatchId });
export type OneTimeBatchPath = z.infer<typeof OneTimeBatchPath>;

/** A batch of one-time codes: how many were issued from which code, and how many are used so far. */
export const OneTimeBatchView = z
  .object({
    batch_id: OneTimeBatchId,
    org_id: z.uuid(),
    base_code_id: CodeId,
    amount: z.number().int(),
    used: z.number().int().meta({ description: 'Codes of the batch scanned once already.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'OneTimeBatch' });
export type OneTimeBatchView = z.infer<typeof OneTimeBatchView>;

export const BaseCodeQuery = z.strictObject({ base_code_id: CodeId }).meta({ id: 'BaseCodeQuery' });
export type BaseCodeQuery = z.infer<typeof BaseCodeQuery>;

export const OneTimeBatchListView = z.array(OneTimeBatchView).meta({ id: 'OneTimeBatchList' });
export type OneTimeBatchListView = z.infer<typeof OneTimeBatchListView>;

export const ListOneTimeCodesQuery = paginatedQuery(
  { used: z.enum(['true', 'false']).optional().meta({ description: 'Only used (true) or unused (false) codes.' }) },
  1000,
).meta({ id: 'ListOneTimeCodesQuery' });
export type ListOneTimeCodesQuery = z.infer<typeof ListOneTimeCodesQuery>;

/** One code of a batch: `qr_url` is what its QR encodes. */
export const OneTimeCodeView = z
  .object({
    code_id: CodeId,
    public_link: z.string(),
    qr_url: z.string(),
    used: z.boolean(),
    used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OneTimeCode' });
export type OneTimeCodeView = z.infer<typeof OneTimeCodeView>;

export const OneTimeCodeListView = paginatedList(OneTimeCodeView).meta({ id: 'OneTimeCodeList' });
export type OneTimeCodeListView = z.infer<typeof OneTimeCodeListView>;

/** What a batch downloads as: a ZIP of one PNG or SVG per code, or a PDF sheet to print and cut. */
export const OneTimeDownloadFormat = z.enum(['zip-png', 'zip-svg', 'pdf']).meta({ id: 'OneTimeDownloadFormat' });
export type OneTimeDownloadFormat = z.infer<typeof OneTimeDownloadFormat>;

export const OneTimeDownloadQuery = z.strictObject({ format: OneTimeDownloadFormat }).meta({ id: 'OneTimeDownloadQuery' });
export type OneTimeDownloadQuery = z.infer<typeof OneTimeDownloadQuery>;

/**
 * A PDF sheet is built in memory by pdf-lib, whose SVG path parsing makes each code costly: 1,000
 * codes, 50 pages, take seconds. Larger batches download as a ZIP, which streams.
 */
export const MAX_PDF_SHEET_CODES = 1_000;

/** The response header carrying how many files or codes a download holds, for a progress bar. */
export const DOWNLOAD_ITEM_COUNT_HEADER = 'x-item-count';

/** The columns of a one-time codes export (`my-codes/one-time-codes`), in order. */
export const ONE_TIME_CODE_CSV_COLUMNS = ['code_id', 'public_link', 'qr_url', 'used', 'used_at', 'batch_id'] as const;
