import { OneTimeBatchListView, OneTimeBatchView, OneTimeCodeListView, type CreateOneTimeCodesBody, type OneTimeDownloadFormat } from '@qr/contracts';
import { call, NoContent } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';

export const oneTimeKeys = {
  all: ['one-time-codes'] as const,
  batches: (baseCodeId: string) => [...oneTimeKeys.all, 'batches', baseCodeId] as const,
  codes: (batchId: string, page: number) => [...oneTimeKeys.all, 'codes', batchId, page] as const,
};

export const ONE_TIME_PAGE_SIZE = 20;
const base = '/api/v1/one-time-codes';

export const oneTimeApi = {
  batches: (baseCodeId: string) => call(OneTimeBatchListView, `${base}?${new URLSearchParams({ base_code_id: baseCodeId })}`),
  create: (body: CreateOneTimeCodesBody) => call(OneTimeBatchView, base, { method: 'POST', body: JSON.stringify(body) }),
  codes: (batchId: string, page: number) =>
    call(OneTimeCodeListView, `${base}/${batchId}/codes?${new URLSearchParams({ page: String(page), per_page: String(ONE_TIME_PAGE_SIZE) })}`),
  remove: (batchId: string) => call(NoContent, `${base}/${batchId}`, { method: 'DELETE' }),
};

/** What the download buttons offer, in order. */
export const DOWNLOADS: { format: OneTimeDownloadFormat; label: string; extension: string }[] = [
  { format: 'zip-png', label: 'ZIP of PNGs', extension: 'zip' },
  { format: 'zip-svg', label: 'ZIP of SVGs', extension: 'zip' },
  { format: 'pdf', label: 'PDF sheet', extension: 'pdf' },
];

/**
 * Downloads a batch's ZIP or PDF, read as it streams so the screen can say how much has arrived:
 * a ZIP of 100,000 PNGs is about a gigabyte and takes a while. Its size is not known up front.
 */
export async function downloadBatch(batchId: string, format: OneTimeDownloadFormat, onBytes: (received: number) => void): Promise<Blob> {
  const response = await apiFetch(`${base}/${batchId}/download?${new URLSearchParams({ format })}`);
  if (!response.ok) throw await problem(response);
  if (!response.body) throw new Error('The download arrived without a body.');
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(parts, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.length;
    onBytes(received);
  }
}
