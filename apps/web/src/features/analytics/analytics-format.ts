import { ANALYTICS_DIMENSIONS, type AnalyticsBreakdownRow, type AnalyticsBucket, type AnalyticsDimension, type AnalyticsView } from '@qr/contracts';

/** The contract's dimensions plus "sources": QR scans against link visits, which the totals already carry. */
export const BREAKDOWNS = [...ANALYTICS_DIMENSIONS, 'sources'] as const;
export type BreakdownName = AnalyticsDimension | 'sources';

export function breakdownRows(view: AnalyticsView, name: BreakdownName): AnalyticsBreakdownRow[] {
  if (name !== 'sources') return view.breakdowns[name];
  return [
    { value: 'QR code', count: view.totals.qr_scans },
    { value: 'Shared link', count: view.totals.link_visits },
  ].filter((row) => row.count > 0);
}

const count = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const formatCount = (value: number): string => count.format(value);
export const formatPercent = (fraction: number): string => percent.format(fraction);

/** The change against the previous period; with nothing before, a percentage would be infinite, so it says "new". */
export function formatChange(change: number | null, value: number): string {
  if (change === null) return value > 0 ? 'new' : 'no change';
  return change === 0 ? 'no change' : signedPercent.format(change);
}

const BUCKET_FORMATS: Record<AnalyticsBucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/** A bucket's start, in the organization's zone: a day bucket starts at its midnight there, not the viewer's. */
export function formatBucket(start: string, bucket: AnalyticsBucket, timeZone: string): string {
  return new Date(start).toLocaleString('en-GB', { ...BUCKET_FORMATS[bucket], timeZone });
}

/** ISO order: the contract's weekday 1 is Monday, so Monday is WEEKDAYS[weekday - 1]. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const BREAKDOWN_TITLES: Record<BreakdownName, { title: string; column: string }> = {
  countries: { title: 'Countries', column: 'Country' },
  cities: { title: 'Cities', column: 'City' },
  devices: { title: 'Devices', column: 'Device' },
  os: { title: 'Operating systems', column: 'Operating system' },
  browsers: { title: 'Browsers', column: 'Browser' },
  referrers: { title: 'Referrers', column: 'Referrer' },
  languages: { title: 'Languages', column: 'Language' },
  sources: { title: 'Sources', column: 'Source' },
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The scan's device class as the API records it. */
const DEVICE_NAMES: Record<string, string> = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Computer', other: 'Other device' };

/**
 * Countries and languages arrive as codes (DE, de-AT), devices as classes (mobile); people read
 * names. A value the server did not know reads "Unknown".
 */
export function breakdownLabel(breakdown: BreakdownName, value: string | null): string {
  if (value === null || value === '') return 'Unknown';
  if (breakdown === 'devices') return DEVICE_NAMES[value] ?? value;
  try {
    if (breakdown === 'countries' && /^[A-Z]{2}$/.test(value)) return regionNames.of(value) ?? value;
    if (breakdown === 'languages') return languageNames.of(value) ?? value;
  } catch {
    // Intl refuses malformed tags; the raw value is still worth showing.
  }
  return value;
}
