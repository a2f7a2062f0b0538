import type { AnalyticsTotals } from '@qr/contracts';
import type { PeriodWindow, TimeRange } from '@qr/domain';
import type { AnalyticsFigures, AnalyticsScope } from './analytics-rollups.reader';

/**
 * The analytics query API both sinks serve (DESIGN.md §5): the Postgres rollups (`AnalyticsRollups`)
 * and the ClickHouse tables (`ClickHouseAnalyticsReader`). The API reads through it and never knows
 * which one answers; the contract spec holds both to the same figures.
 */
export interface AnalyticsReader {
  /** When the scope's first counted activity happened, for the period `all`. */
  firstActivity(scope: AnalyticsScope): Promise<Date | null>;
  totals(scope: AnalyticsScope, range: TimeRange): Promise<AnalyticsTotals>;
  figures(scope: AnalyticsScope, window: PeriodWindow, zone: string): Promise<AnalyticsFigures>;
}
