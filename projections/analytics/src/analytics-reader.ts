import { ANALYTICS_DIMENSIONS, type AnalyticsBreakdowns, type AnalyticsHeatmapCell, type AnalyticsSeriesPoint, type AnalyticsTotals } from '@qr/contracts';
import type { PeriodWindow, TimeRange } from '@qr/domain';
import type { RollupDimension } from './analytics.projection';
import type { AnalyticsFigures, AnalyticsScope } from './analytics-rollups.reader';

export type BreakdownRows = Map<RollupDimension, { value: string | null; count: number }[]>;

/** A figure as a driver returns it: bigint sums come as text from PostgreSQL and ClickHouse alike. */
export type Numeric = string | number | null;

/** A row of summed totals as numbers; a figure the row lacks (no activity) is 0. */
export const toTotals = (row: Partial<Record<keyof AnalyticsTotals, Numeric>> | undefined): AnalyticsTotals => ({
  scans: Number(row?.scans ?? 0),
  unique_visitors: Number(row?.unique_visitors ?? 0),
  submissions: Number(row?.submissions ?? 0),
  votes: Number(row?.votes ?? 0),
  uploads: Number(row?.uploads ?? 0),
  plays: Number(row?.plays ?? 0),
  qr_scans: Number(row?.qr_scans ?? 0),
  link_visits: Number(row?.link_visits ?? 0),
  bots: Number(row?.bots ?? 0),
  events: Number(row?.events ?? 0),
});

/**
 * The analytics query API both sinks serve (DESIGN.md §5): the Postgres rollups (`AnalyticsRollups`)
 * and the ClickHouse tables (`ClickHouseAnalyticsReader`). The API reads through it and never knows
 * which one answers; the contract spec holds both to the same figures. Each sink reads the parts its
 * own way; how they make up a view's figures is said once, here.
 */
export abstract class AnalyticsReader {
  /** When the scope's first counted activity happened, for the period `all`. */
  abstract firstActivity(scope: AnalyticsScope): Promise<Date | null>;
  abstract totals(scope: AnalyticsScope, range: TimeRange): Promise<AnalyticsTotals>;
  protected abstract series(scope: AnalyticsScope, window: PeriodWindow, zone: string): Promise<AnalyticsSeriesPoint[]>;
  protected abstract heatmap(scope: AnalyticsScope, range: TimeRange, zone: string): Promise<AnalyticsHeatmapCell[]>;
  /** Each breakdown's top values, most first. */
  protected abstract dimensions(scope: AnalyticsScope, range: TimeRange): Promise<BreakdownRows>;

  async figures(scope: AnalyticsScope, window: PeriodWindow, zone: string): Promise<AnalyticsFigures> {
    const [totals, previous, series, heatmap, dimensions] = await Promise.all([
      this.totals(scope, window.range),
      window.previous && this.totals(scope, window.previous),
      this.series(scope, window, zone),
      this.heatmap(scope, window.range, zone),
      this.dimensions(scope, window.range),
    ]);
    const rowsOf = (dimension: RollupDimension) => dimensions.get(dimension) ?? [];
    const breakdowns = Object.fromEntries(ANALYTICS_DIMENSIONS.map((dimension) => [dimension, rowsOf(dimension)])) as AnalyticsBreakdowns;
    return { totals, previous, series, breakdowns, heatmap, events: rowsOf('events').map(({ value, count }) => ({ name: value ?? '', count })) };
  }
}
