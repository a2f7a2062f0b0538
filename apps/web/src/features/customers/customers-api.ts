import { CSV_ROW_COUNT_HEADER, CustomerActivityView, CustomerListView, type CsvExportBody, type CustomerSource } from '@qr/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, NoContent } from '../../api/api-call';
import { apiFetch } from '../../api/api-fetch';
import { problem } from '../../api/api-problem';
import { codeKeys, codesApi } from '../codes';

export interface CustomerFilters {
  page: number;
  basedOn?: CustomerSource;
  codeId?: string;
}

export const customerKeys = {
  all: (orgId: string) => ['customers', orgId] as const,
  list: (orgId: string, filters: CustomerFilters) => [...customerKeys.all(orgId), 'list', filters] as const,
  activity: (orgId: string, customerId: string) => [...customerKeys.all(orgId), 'activity', customerId] as const,
};

export const CUSTOMERS_PAGE_SIZE = 25;
const base = '/api/v1/customers';

export const customersApi = {
  list: (orgId: string, { page, basedOn, codeId }: CustomerFilters) =>
    call(
      CustomerListView,
      `${base}?${new URLSearchParams({ org_id: orgId, page: String(page), pageSize: String(CUSTOMERS_PAGE_SIZE), ...(basedOn && { basedOn }), ...(codeId && { code_id: codeId }) })}`,
    ),
  activity: (orgId: string, customerId: string) =>
    call(CustomerActivityView, `${base}/${encodeURIComponent(customerId)}/activity?${new URLSearchParams({ org_id: orgId })}`),
  forget: (orgId: string, customerId: string) =>
    call(NoContent, `${base}/${encodeURIComponent(customerId)}?${new URLSearchParams({ org_id: orgId })}`, { method: 'DELETE' }),
};

/** The organization's codes, for the filter and to show names where the API gives code ids (the same cache entry the page screens use). */
export function useCodeNames(orgId: string) {
  const codes = useQuery({ queryKey: codeKeys.names(orgId), queryFn: () => codesApi.names(orgId), enabled: orgId !== '' });
  return { list: codes.data ?? [], nameOf: (codeId: string) => codes.data?.find((code) => code.code_id === codeId)?.name ?? codeId };
}

/**
 * Downloads an export: the body is the CSV in base64 (spec §7), read as it streams so the progress
 * (CSV lines decoded over the row count the server sends first) moves while a large export arrives.
 * Base64 is decoded in whole 4-character groups, so a chunk border never splits a byte.
 */
export function downloadCsvExport(body: CsvExportBody, onProgress: (done: number) => void): Promise<Blob> {
  return streamCsvExport('/api/v1/exports/csv', { method: 'POST', body: JSON.stringify(body) }, onProgress);
}

/** The same download from another route that answers in the export's shape (a promo campaign's export, issue 53). */
export async function streamCsvExport(path: string, init: RequestInit, onProgress: (done: number) => void): Promise<Blob> {
  const response = await apiFetch(path, init);
  if (!response.ok) throw await problem(response);
  if (!response.body) throw new Error('The export arrived without a body.');
  const rows = Number(response.headers.get(CSV_ROW_COUNT_HEADER) ?? 0);
  const reader = response.body.getReader();
  const text = new TextDecoder('ascii');
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let carry = '';
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    const b64 = carry + (done ? text.decode() : text.decode(value, { stream: true }));
    const whole = done ? b64.length : b64.length - (b64.length % 4);
    carry = b64.slice(whole);
    const bytes = Uint8Array.from(atob(b64.slice(0, whole)), (char) => char.charCodeAt(0));
    parts.push(bytes);
    lines += bytes.reduce((count, byte) => (byte === 10 ? count + 1 : count), 0);
    // The header is a line too; a quoted field with a line break may push this past 1 early.
    onProgress(rows === 0 ? (done ? 1 : 0) : Math.min(1, Math.max(0, lines - 1) / rows));
    if (done) return new Blob(parts, { type: 'text/csv' });
  }
}
