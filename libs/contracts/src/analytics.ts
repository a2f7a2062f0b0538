import { z } from 'zod';
import { CodeId } from './codes';
import { PageId } from './pages';
import { matchingUnicode, orNull } from './openapi-shapes';

/**
 * The analytics context's HTTP contract (spec §3 "Analytics period choices", §7 "Collection and
 * analytics"): one query answering a dashboard for an organisation or one of its codes, the
 * landing pages' custom events, and the selection analysis of a page's choice inputs.
 */

export const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;
export type MonthName = (typeof MONTH_NAMES)[number];

/** Exactly the spec's values, in its order; a month name is the latest such month that has begun. */
export const ANALYTICS_PERIODS = ['1day', '24hour', '-1day', '1week', '7day', '1month', '30day', '90day', '1year', 'all', ...MONTH_NAMES] as const;
export const AnalyticsPeriod = z.enum(ANALYTICS_PERIODS, { error: `A period is one of ${ANALYTICS_PERIODS.join(', ')}.` }).meta({ id: 'AnalyticsPeriod' });
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

export const AnalyticsQuery = z
  .strictObject({
    org_id: z.uuid(),
    period: AnalyticsPeriod,
    code_id: CodeId.optional().meta({ description: 'One code of the organisation; without it, all of its codes.' }),
  })
  .meta({ id: 'AnalyticsQuery' });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Count = z.int().min(0);
const Instant = z.iso.datetime({ offset: true });

export const AnalyticsTotals = z
  .object({
    scans: Count.meta({ description: 'Scans and link visits by people (bots are counted apart).' }),
    unique_visitors: Count.meta({ description: 'Distinct visitors per day, added up: the visitor hash changes every UTC day.' }),
    submissions: Count,
    votes: Count.meta({ description: 'Votes in live polls: a voter’s first ballot in each round (a changed vote is not another).' }),
    uploads: Count.meta({ description: 'Photos sent to selfie walls.' }),
    plays: Count.meta({ description: 'Plays of games: each spin, scratch card or quiz started.' }),
    qr_scans: Count,
    link_visits: Count,
    bots: Count,
    events: Count.meta({ description: 'Custom events from landing pages (button clicks, …).' }),
  })
  .meta({ id: 'AnalyticsTotals' });
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>;

export const AnalyticsBucket = z.enum(['hour', 'day', 'month']);
export type AnalyticsBucket = z.infer<typeof AnalyticsBucket>;

export const AnalyticsSeriesPoint = z
  .object({ start: Instant, scans: Count, unique_visitors: Count, submissions: Count, votes: Count, uploads: Count, plays: Count })
  .meta({ id: 'AnalyticsSeriesPoint', description: 'One bucket, starting at `start` in the organisation’s time zone.' });
export type AnalyticsSeriesPoint = z.infer<typeof AnalyticsSeriesPoint>;

/** `value` null: not known (no referrer, no country source configured, …). */
export const AnalyticsBreakdownRow = z.object({ value: z.string().nullable(), count: Count }).meta({ id: 'AnalyticsBreakdownRow' });
export type AnalyticsBreakdownRow = z.infer<typeof AnalyticsBreakdownRow>;

export const ANALYTICS_DIMENSIONS = ['countries', 'cities', 'devices', 'os', 'browsers', 'referrers', 'languages'] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

export const AnalyticsBreakdowns = z
  .object(
    Object.fromEntries(ANALYTICS_DIMENSIONS.map((dimension) => [dimension, z.array(AnalyticsBreakdownRow)])) as Record<
      AnalyticsDimension,
      z.ZodArray<typeof AnalyticsBreakdownRow>
    >,
  )
  .meta({ id: 'AnalyticsBreakdowns', description: 'Scans by people per value, most first.' });
export type AnalyticsBreakdowns = z.infer<typeof AnalyticsBreakdowns>;

export const AnalyticsHeatmapCell = z
  .object({ weekday: z.int().min(1).max(7).meta({ description: 'ISO: 1 is Monday.' }), hour: z.int().min(0).max(23), scans: Count })
  .meta({ id: 'AnalyticsHeatmapCell' });
export type AnalyticsHeatmapCell = z.infer<typeof AnalyticsHeatmapCell>;

export const AnalyticsRange = z.object({ from: Instant, to: Instant }).meta({ id: 'AnalyticsRange', description: '`from` included, `to` excluded.' });
export type AnalyticsRange = z.infer<typeof AnalyticsRange>;

export const AnalyticsView = z
  .object({
    org_id: z.uuid(),
    code_id: orNull(CodeId),
    period: AnalyticsPeriod,
    time_zone: z.string(),
    range: AnalyticsRange,
    bucket: AnalyticsBucket,
    totals: AnalyticsTotals,
    previous: z
      .object({ range: AnalyticsRange, totals: AnalyticsTotals })
      .nullable()
      .meta({ description: 'The period before, as long and cut the same way; null for `all`.' }),
    series: z.array(AnalyticsSeriesPoint),
    breakdowns: AnalyticsBreakdowns,
    heatmap: z.array(AnalyticsHeatmapCell).meta({ description: 'Scans by people per weekday and hour in the organisation’s time zone; empty cells left out.' }),
    events: z.array(z.object({ name: z.string(), count: Count })).meta({ description: 'Custom events by name, most first.' }),
  })
  .meta({ id: 'AnalyticsView' });
export type AnalyticsView = z.infer<typeof AnalyticsView>;

export const MAX_EVENT_NAME = 64;
export const MAX_EVENT_TARGET = 200;

/** Spec §7 "analytics event": something a visitor did on a landing page, e.g. clicked a button. */
export const AnalyticsEventBody = z
  .strictObject({
    code_id: CodeId,
    page_id: PageId.optional(),
    name: matchingUnicode(z.string().trim().min(1).max(MAX_EVENT_NAME), /^[\p{L}\p{N}_.:\- ]+$/u, 'An event name is letters, digits, spaces and _ . : -'),
    target: z.string().trim().max(MAX_EVENT_TARGET).optional().meta({ description: 'What was acted on, e.g. the button’s label or link.' }),
  })
  .meta({ id: 'AnalyticsEventBody' });
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;

export const SelectionQuery = z
  .strictObject({
    org_id: z.uuid(),
    page_id: PageId,
    input: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'An input name is lower-case letters, digits and _.' }),
  })
  .meta({ id: 'SelectionQuery' });
export type SelectionQuery = z.infer<typeof SelectionQuery>;

/** Spec §7 "selection analysis": how often each choice of a page's select or checkbox input was taken. */
export const SelectionView = z
  .object({
    page_id: PageId,
    input: z.string(),
    submissions: Count.meta({ description: 'Submissions that answered the input.' }),
    options: z.array(z.object({ value: z.string(), count: Count })).meta({ description: 'Every choice of the form, most taken first.' }),
  })
  .meta({ id: 'SelectionView' });
export type SelectionView = z.infer<typeof SelectionView>;
