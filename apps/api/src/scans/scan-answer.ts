import type { ScanPage } from './scan-pages';
import type { Visit } from './visitor-facts';

export type ScanSource = 'qr' | 'link';

export interface ScanResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** A response to write, or WEB_APP: the path is the web app's own page, which the HTTP framework serves. */
export type ScanAnswer = ScanResponse | typeof WEB_APP;
export const WEB_APP = 'web-app';

/**
 * Answers one scan: `path` is the request's path and query, for telling our own redirect to a
 * code's page from a visitor's first visit.
 */
export type AnswerScan = (source: ScanSource, codeId: string, path: string, visit: Visit) => Promise<ScanAnswer>;

/** Answers a visit to a code's page in the web app (`/card/{id}`, `/code/note/{id}`), which records no scan. */
export type AnswerCodePage = (codeId: string) => Promise<ScanAnswer>;

export const pageAnswer = (page: ScanPage, headers: Record<string, string> = {}): ScanResponse => ({
  status: page.status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: page.html,
});
