import type { Projection } from '@qr/eventstore';
import { analytics, customers } from '@qr/projections-analytics';
import { codes, folders, notes, oneTimeCodes, scanCounts, templates } from '@qr/projections-codes';
import { experiences, pageEventData } from '@qr/projections-experiences';
import { apiKeys, members, organizations } from '@qr/projections-identity';
import { pages, submissions } from '@qr/projections-pages';

/**
 * Every projection the product runs, listed explicitly. Bounded contexts add theirs here as they
 * arrive; the API follows them in-process and `npm run replay -- <name>` rebuilds them.
 */
export const PROJECTIONS: readonly Projection[] = [
  // Identity: the organisation and user screens.
  organizations,
  members,
  apiKeys,
  // Codes: the code list and the scan path's lookups, scans per code, and one-time codes.
  codes,
  scanCounts,
  oneTimeCodes,
  // Templates: an organisation's saved templates (the gallery is static data).
  templates,
  // Folders that sort the codes (which code is in which: the codes' folder_id), and notes on codes.
  folders,
  notes,
  // Pages: landing pages and what visitors submit through them.
  pages,
  submissions,
  // Analytics: hourly rollups of scans, submissions and custom events, and customers merged from submissions.
  analytics,
  customers,
  // Experiences: an organisation's events, and where and when each page's visitors must be.
  experiences,
  pageEventData,
];
