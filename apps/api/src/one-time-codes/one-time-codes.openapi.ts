import {
  BaseCodeQuery,
  CreateOneTimeCodesBody,
  ListOneTimeCodesQuery,
  MAX_ONE_TIME_CODES,
  MAX_PDF_SHEET_CODES,
  OneTimeBatchListView,
  OneTimeBatchPath,
  OneTimeBatchView,
  OneTimeCodeListView,
  OneTimeDownloadQuery,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** One-time codes in the OpenAPI document, from the contracts the routes validate with. */
export function registerOneTimeCodesPaths({ signedIn, problem }: ApiPaths): void {
  const route = signedIn('one-time codes', '/api/v1/one-time-codes');
  route(
    'post',
    '',
    `Create 1–${MAX_ONE_TIME_CODES.toLocaleString('en')} single-use codes from a base code (owner, admin, editor)`,
    { 201: json('Created', OneTimeBatchView) },
    {
      body: body(CreateOneTimeCodesBody),
    },
  );
  route('get', '', 'A base code’s batches of one-time codes, newest first', { 200: json('Listed', OneTimeBatchListView) }, { query: BaseCodeQuery });
  route('get', '/{batch_id}', 'A batch and how many of its codes are used', { 200: json('Found', OneTimeBatchView) }, { params: OneTimeBatchPath });
  route(
    'get',
    '/{batch_id}/codes',
    'A batch’s codes in issue order, used or not; per_page up to 1000',
    { 200: json('Listed', OneTimeCodeListView) },
    {
      params: OneTimeBatchPath,
      query: ListOneTimeCodesQuery,
    },
  );
  route(
    'get',
    '/{batch_id}/download',
    `The batch as a ZIP of PNGs or SVGs (streamed) or a PDF sheet (up to ${MAX_PDF_SHEET_CODES.toLocaleString('en')} codes); \`x-item-count\` says how many codes`,
    {
      200: {
        description: 'The file',
        content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) }, 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
      },
      422: problem,
    },
    { params: OneTimeBatchPath, query: OneTimeDownloadQuery },
  );
  route(
    'delete',
    '/{batch_id}',
    'Delete the batch: its codes answer “ended” from then on (owner, admin, editor)',
    { 204: { description: 'Deleted' } },
    {
      params: OneTimeBatchPath,
    },
  );
}
