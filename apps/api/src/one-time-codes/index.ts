// What other contexts use of one-time codes: their CSV export (the exports endpoint), their scans (the scan path),
// and batches issued without an HTTP caller (an email campaign's codes, one per recipient).
export { ExportOneTimeCodesCsv } from './one-time-codes.export';
export { OneTimeScans } from './one-time-scans';
export { OneTimeCodeIssuer, type IssuedCodes } from './one-time-code-issuer';
