import type { AnalyticsHeatmapCell, AnalyticsSeriesPoint, AnalyticsTotals } from '@qr/contracts';
import { bucketStarts, type PeriodWindow, type TimeRange } from '@qr/domain';
import { UNKNOWN_VALUE, type RollupDimension } from '../analytics.projection';
import { AnalyticsReader, toTotals, type BreakdownRows, type Numeric } from '../analytics-reader';
import type { AnalyticsScope } from '../analytics-rollups.reader';
import { literal, type ClickHouseAnalyticsStore } from './clickhouse-analytics.store';

/**
 * The analytics query API over the ClickHouse sink, answering exactly what `AnalyticsRollups`
 * answers over the Postgres one (the contract spec compares them period by period): an hourly
 * bucket counts when it starts inside the range, periods are cut in the organisation's zone at
 * query time, a breakdown lists its top 100 by count, then value.
 *
 * Every read sums with GROUP BY (and merges visitor states), so it is exact whether or not
 * ClickHouse has merged the parts yet.
 */

const HOUR_MS = 3_600_000;
const MAX_BREAKDOWN_ROWS = 100;
const ZONE = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** A zone name as a SQL literal; the name is checked first, as no query parameter carries it. */
const zoneLiteral = (zone: string): string => {
  if (!ZONE.test(zone)) throw new Error(`Not a time zone name: ${zone}`);
  return literal(zone);
};

const ceilToHour = (date: Date) => Math.ceil(date.getTime() / HOUR_MS) * HOUR_MS;

export class ClickHouseAnalyticsReader extends AnalyticsReader {
  constructor(private readonly store: ClickHouseAnalyticsStore) {
    super();
  }

  async firstActivity(scope: AnalyticsScope): Promise<Date | null> {
    // min() of no rows is 1970 in ClickHouse, not null: count() tells the two apart.
    const [row] = await this.store.rows<{ first: Numeric; rows: Numeric }>(
      `SELECT toUnixTimestamp(min(hour)) AS first, count() AS rows FROM ${this.store.table('hourly')} WHERE ${this.where(scope)}`,
    );
    return row && Number(row.rows) > 0 ? new Date(Number(row.first) * 1000) : null;
  }

  async totals(scope: AnalyticsScope, range: TimeRange): Promise<AnalyticsTotals> {
    const [[row], [visitors]] = await Promise.all([
      this.store.rows<Record<Exclude<keyof AnalyticsTotals, 'unique_visitors'>, Numeric>>(
        `SELECT sum(scans) AS scans, sum(submissions) AS submissions, sum(votes) AS votes, sum(uploads) AS uploads, sum(plays) AS plays, sum(qr_scans) AS qr_scans, sum(link_visits) AS link_visits, sum(bots) AS bots, sum(events) AS events
           FROM ${this.store.table('hourly')} WHERE ${this.where(scope, range)}`,
      ),
      this.store.rows<{ unique_visitors: Numeric }>(`SELECT count() AS unique_visitors FROM ${this.firstVisits(scope, range)}`),
    ]);
    return toTotals({ ...row, unique_visitors: visitors?.unique_visitors ?? 0 });
  }

  protected async series(scope: AnalyticsScope, { range, bucket }: PeriodWindow, zone: string): Promise<AnalyticsSeriesPoint[]> {
    // Hours are UTC hours; days and months start at local midnight, as instants.
    const start = (column: string) =>
      bucket === 'hour'
        ? `toUnixTimestamp(${column})`
        : bucket === 'day'
          ? `toUnixTimestamp(toStartOfDay(${column}, ${zoneLiteral(zone)}))`
          : `toUnixTimestamp(toDateTime(toStartOfMonth(${column}, ${zoneLiteral(zone)}), ${zoneLiteral(zone)}))`;
    const [counts, visitors] = await Promise.all([
      this.store.rows<{ start: Numeric; scans: Numeric; submissions: Numeric; votes: Numeric; uploads: Numeric; plays: Numeric }>(
        `SELECT ${start('hour')} AS start, sum(scans) AS scans, sum(submissions) AS submissions, sum(votes) AS votes, sum(uploads) AS uploads, sum(plays) AS plays
           FROM ${this.store.table('hourly')} WHERE ${this.where(scope, range)} GROUP BY start`,
      ),
      this.store.rows<{ start: Numeric; unique_visitors: Numeric }>(
        `SELECT ${start('first')} AS start, count() AS unique_visitors FROM ${this.firstVisits(scope, range)} GROUP BY start`,
      ),
    ]);
    const countsAt = new Map(counts.map((row) => [Number(row.start) * 1000, row]));
    const visitorsAt = new Map(visitors.map((row) => [Number(row.start) * 1000, Number(row.unique_visitors)]));
    return bucketStarts(range, bucket, zone).map((at) => {
      const row = countsAt.get(at.getTime());
      return {
        start: at.toISOString(),
        scans: Number(row?.scans ?? 0),
        unique_visitors: visitorsAt.get(at.getTime()) ?? 0,
        submissions: Number(row?.submissions ?? 0),
        votes: Number(row?.votes ?? 0),
        uploads: Number(row?.uploads ?? 0),
        plays: Number(row?.plays ?? 0),
      };
    });
  }

  protected async heatmap(scope: AnalyticsScope, range: TimeRange, zone: string): Promise<AnalyticsHeatmapCell[]> {
    const rows = await this.store.rows<{ weekday: Numeric; hour_of_day: Numeric; scans: Numeric }>(
      `SELECT toDayOfWeek(hour, ${zoneLiteral(zone)}) AS weekday, toHour(hour, ${zoneLiteral(zone)}) AS hour_of_day, sum(scans) AS scans
         FROM ${this.store.table('hourly')} WHERE ${this.where(scope, range)}
        GROUP BY weekday, hour_of_day HAVING scans > 0 ORDER BY weekday, hour_of_day`,
    );
    return rows.map((row) => ({ weekday: Number(row.weekday), hour: Number(row.hour_of_day), scans: Number(row.scans) }));
  }

  protected async dimensions(scope: AnalyticsScope, range: TimeRange): Promise<BreakdownRows> {
    const rows = await this.store.rows<{ dimension: RollupDimension; value: string; count: Numeric }>(
      `SELECT dimension, value, sum(count) AS count FROM ${this.store.table('dimensions')} WHERE ${this.where(scope, range)}
        GROUP BY dimension, value ORDER BY dimension, count DESC, value LIMIT ${MAX_BREAKDOWN_ROWS} BY dimension`,
    );
    const byDimension = new Map<RollupDimension, { value: string | null; count: number }[]>();
    for (const row of rows) {
      const list = byDimension.get(row.dimension) ?? [];
      list.push({ value: row.value === UNKNOWN_VALUE ? null : row.value, count: Number(row.count) });
      byDimension.set(row.dimension, list);
    }
    return byDimension;
  }

  /** The scope (the whole organisation: all its codes' rows), and the hourly buckets whose start lies in the range. */
  private where({ orgId, codeId }: AnalyticsScope, range?: TimeRange, column = 'hour'): string {
    const scope = codeId === null ? `org_id = ${literal(orgId)}` : `org_id = ${literal(orgId)} AND code_id = ${literal(codeId)}`;
    if (!range) return scope;
    return `${scope} AND ${column} >= toDateTime(${ceilToHour(range.from) / 1000}) AND ${column} < toDateTime(${ceilToHour(range.to) / 1000})`;
  }

  /**
   * Each visitor's first hour of each UTC day in the scope, kept when it lies in the range: one row
   * per unique visitor counted there. The days around the range are read whole, as the first hour
   * of a day may fall before the range starts.
   */
  private firstVisits(scope: AnalyticsScope, range: TimeRange): string {
    const [from, to] = [ceilToHour(range.from), ceilToHour(range.to)];
    const day = (ms: number) => literal(new Date(ms).toISOString().slice(0, 10));
    return `(SELECT minMerge(first) AS first FROM ${this.store.table('visitors')}
               WHERE ${this.where(scope)} AND day >= toDate(${day(from)}) AND day <= toDate(${day(to)})
               GROUP BY day, visitor
              HAVING first >= toDateTime(${from / 1000}) AND first < toDateTime(${to / 1000}))`;
  }
}
