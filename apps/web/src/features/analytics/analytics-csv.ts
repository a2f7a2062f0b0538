/**
 * CSV for the analytics downloads (RFC 4180: comma, CRLF, quotes doubled). Hand-written rather than
 * csv-stringify: its browser build brings a stream shim for a job of a dozen lines, and we need one
 * rule it lacks. Referrers, cities and event names come from visitors, so a text cell starting
 * with = + - @ (or a tab/CR) is prefixed with ' to keep spreadsheets from running it as a formula
 * (OWASP "CSV injection"). Numbers are written as they are, negatives included.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
