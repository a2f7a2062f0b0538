// What other contexts use of one-time codes: their CSV export (the exports endpoint) and their scans (the scan path).
export { ExportOneTimeCodesCsv } from './one-time-codes.export';
export { OneTimeScans } from './one-time-scans';
