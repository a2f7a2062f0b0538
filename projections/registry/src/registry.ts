import type { Projection } from '@qr/eventstore';
import { analytics } from '@qr/projections-analytics';
import { codes, folders, notes, oneTimeCodes, scanCounts, templates } from '@qr/projections-codes';
import { customers } from '@qr/projections-customers';
import { experiences, pageEventData } from '@qr/projections-experiences';
import { apiKeys, members, organizations } from '@qr/projections-identity';
import { loyalty } from '@qr/projections-loyalty';
import { messaging } from '@qr/projections-messaging';
import { passes } from '@qr/projections-passes';
import { games, polls, walls } from '@qr/projections-engagement';
import { pages, submissions } from '@qr/projections-pages';
import { promoCampaigns, promoMasterKeys, promoValidations } from '@qr/projections-promos';

/**
 * Every projection the product runs, listed explicitly. Bounded contexts add theirs here as they
 * arrive; the API follows them in-process, projection workers run the partition-safe ones and
 * `npm run replay -- <name>` rebuilds them. The list lives here, not in the runner, so that the
 * runner depends on no projection and the projections on nothing but the port (libs/eventstore).
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
  // Analytics: hourly rollups of scans, submissions and custom events.
  analytics,
  // Customers: the people an organisation knows, merged from submissions.
  customers,
  // Experiences: an organisation's events, and where and when each page's visitors must be.
  experiences,
  pageEventData,
  // Promos: campaigns of promo codes on a code, each of their codes, and the master keys that unlock them.
  promoCampaigns,
  promoMasterKeys,
  // Every validation of a promo code with its evidence, and each campaign's results per hour.
  promoValidations,
  // Loyalty: programmes on codes, their members' cards and histories, reward stock, exchanges and referrals.
  loyalty,
  // Messaging: campaigns, and the consent ledger of every address per channel.
  messaging,
  // Passes: wallet pass designs and the passes issued from them, with when each last changed.
  passes,
  // Engagement: live polls with their votes and results, selfie walls with their photos and reviews,
  // games with their plays, prize stock and leaderboards.
  polls,
  walls,
  games,
];
