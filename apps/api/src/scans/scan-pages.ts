/**
 * The small pages a scan answers when there is nowhere to send the visitor: server-rendered, no
 * script, every value escaped, readable on a phone. Never a stack trace.
 */
import { escapeHtml } from '../http/escape-html';

export interface ScanPage {
  status: number;
  html: string;
}

function page(status: number, title: string, text: string): ScanPage {
  return {
    status,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f9fa;color:#212529}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-family:Georgia,serif;font-size:1.6rem}p{line-height:1.5;color:#495057}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`,
  };
}

export const unknownCodePage = () =>
  page(404, 'This code is not known', 'The QR code you scanned does not lead anywhere. Check that the whole code was in view and try again.');

/** 410: the owner deleted it for good, so caches and crawlers may forget it. The owner is named when known. */
export const deletedCodePage = (owner?: string) =>
  page(410, 'This code has ended', `${owner ?? 'The organisation behind this QR code'} has taken it down. There is nothing more to see here.`);

/**
 * 503 with Retry-After: paused is "not now", not "never"; the owner can resume it at any time, and
 * a crawler should come back rather than drop the link.
 */
export const pausedCodePage = (owner?: string) =>
  page(503, 'This code is paused', `${owner ?? 'The organisation behind this QR code'} has paused it for now. Please try again later.`);

export const unavailablePage = () => page(503, 'Please try again', 'We could not open this code just now. Please scan it again in a moment.');

/** 410: a one-time code's one use is spent, for good. */
export const usedCodePage = () =>
  page(410, 'This code has already been used', 'This is a one-time code, and someone has already scanned it. Each one-time code opens only once.');

/** 200: a one-time code looked at without being used (a link preview, a bot, a HEAD); its one use is still to come. */
export const oneTimeCodePreviewPage = () => page(200, 'A one-time code', 'This code opens once, for the first person who scans it or opens its link.');
