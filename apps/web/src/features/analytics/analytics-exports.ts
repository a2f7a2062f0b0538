import type { AnalyticsPeriod } from '@qr/contracts';
import { toPng } from 'html-to-image';
import { saveFile } from '../codes';
import { toCsv, type CsvCell } from './analytics-csv';

/** What an exported file is about: who (organization or code), which chart and which period. */
export interface ExportSubject {
  scope: string;
  chart: string;
  period: AnalyticsPeriod;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'untitled';

/** `analytics-acme-scans-over-time-30day-2026-11-25.csv`: what, for whom, which period, and the day it was taken. */
export function exportFileName({ scope, chart, period }: ExportSubject, extension: 'csv' | 'png', now = new Date()): string {
  return `analytics-${slug(scope)}-${slug(chart)}-${period}-${now.toISOString().slice(0, 10)}.${extension}`;
}

export function downloadCsv(subject: ExportSubject, header: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  // The byte-order mark makes Excel read the file as UTF-8 (city names, referrers).
  saveFile(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), exportFileName(subject, 'csv'));
}

/** The chart as the user sees it, colour scheme included; the card's own background, so a dark chart is not drawn on transparency. */
export async function downloadPng(subject: ExportSubject, node: HTMLElement): Promise<void> {
  const url = await toPng(node, {
    backgroundColor: getComputedStyle(node).backgroundColor,
    pixelRatio: 2,
    filter: (child) => !(child instanceof HTMLElement && child.dataset.exportHidden !== undefined),
  });
  const blob = await (await fetch(url)).blob();
  saveFile(blob, exportFileName(subject, 'png'));
}
