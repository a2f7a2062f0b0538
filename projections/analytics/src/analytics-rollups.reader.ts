import { type AnalyticsBreakdowns, type AnalyticsHeatmapCell, type AnalyticsSeriesPoint, type AnalyticsTotals } from '@qr/contracts';
import { bucketStarts, rollupHours, type PeriodWindow, type TimeRange } from '@qr/domain';
import type { SqlExecutor } from '@qr/platform';
import { AnalyticsReader, toTotals, type BreakdownRows, type Numeric } from './analytics-reader';
import { FACET_COLUMNS, UNKNOWN_VALUE, WHOLE_ORGANIZATION, type RollupDimension } from './analytics.projection';

/**
 * Reads the analytics rollups for one organisation, or one of its codes, over a period. The one
 * place besides the projection that knows the tables' layout; the API and the benchmark use it.
 *
 * Ranges are cut at the rollups' resolution: an hourly bucket counts when it starts inside the range
 * (in a zone half an hour off UTC, a local day therefore starts at the UTC hour before it).
 */

export interface AnalyticsScope {
  orgId: string;
  /** null: the whole organisation. */
  codeId: string | null;
}

export interface AnalyticsFigures {
  totals: AnalyticsTotals;
  previous: AnalyticsTotals | null;
  series: AnalyticsSeriesPoint[];
  breakdowns: AnalyticsBreakdowns;
  heatmap: AnalyticsHeatmapCell[];
  events: { name: string; count: number }[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A breakdown lists this many values at most: a chart of a thousand referrers helps nobody. */
const MAX_BREAKDOWN_ROWS = 100;

const ceilTo = (date: Date, unit: number) => new Date(Math.ceil(date.getTime() / unit) * unit);

const FACETS_UNPIVOTED = Object.entries(FACET_COLUMNS)
  .map(([dimension, column]) => `('${dimension}', h.${column})`)
  .join(', ');

const TOTALS_SQL = `sum(scans)::int8 AS scans, sum(unique_visitors)::int8 AS unique_visitors, sum(submissions)::int8 AS submissions,
  sum(votes)::int8 AS votes, sum(uploads)::int8 AS uploads, sum(plays)::int8 AS plays,
  sum(qr_scans)::int8 AS qr_scans, sum(link_visits)::int8 AS link_visits, sum(bots)::int8 AS bots, sum(events)::int8 AS events`;

export class AnalyticsRollups extends AnalyticsReader {
  constructor(private readonly db: SqlExecutor) {
    super();
  }

  /** When the scope's first counted activity happened, for the period `all`. */
  async firstActivity({ orgId, codeId }: AnalyticsScope): Promise<Date | null> {
    const { rows } = await this.db.query<{ first: Date | null }>('SELECT min(hour) AS first FROM analytics_hourly WHERE org_id = $1 AND code_id = $2', [
      orgId,
      codeId ?? WHOLE_ORGANIZATION,
    ]);
    return rows[0]?.first ?? null;
  }

  async totals({ orgId, codeId }: AnalyticsScope, range: TimeRange): Promise<AnalyticsTotals> {
    const { rows } = await this.db.query<Record<keyof AnalyticsTotals, Numeric>>(
      `SELECT ${TOTALS_SQL} FROM analytics_hourly WHERE org_id = $1 AND code_id = $2 AND hour >= $3 AND hour < $4`,
      [orgId, codeId ?? WHOLE_ORGANIZATION, ...rollupHours(range)],
    );
    return toTotals(rows[0]);
  }

  protected async series({ orgId, codeId }: AnalyticsScope, { range, bucket }: PeriodWindow, zone: string): Promise<AnalyticsSeriesPoint[]> {
    // Hours are UTC hours; days and months start at local midnight. `bucket` comes from the domain's enum.
    const start = bucket === 'hour' ? 'hour' : `date_trunc('${bucket}', hour AT TIME ZONE $5::text) AT TIME ZONE $5::text`;
    const { rows } = await this.db.query<{
      start: Date;
      scans: string;
      unique_visitors: string;
      submissions: string;
      votes: string;
      uploads: string;
      plays: string;
    }>(
      `SELECT ${start} AS start, sum(scans)::int8 AS scans, sum(unique_visitors)::int8 AS unique_visitors, sum(submissions)::int8 AS submissions,
              sum(votes)::int8 AS votes, sum(uploads)::int8 AS uploads, sum(plays)::int8 AS plays
         FROM analytics_hourly WHERE org_id = $1 AND code_id = $2 AND hour >= $3 AND hour < $4 GROUP BY 1`,
      [orgId, codeId ?? WHOLE_ORGANIZATION, ...rollupHours(range), ...(bucket === 'hour' ? [] : [zone])],
    );
    const byStart = new Map(rows.map((row) => [row.start.getTime(), row]));
    return bucketStarts(range, bucket, zone).map((at) => {
      const row = byStart.get(at.getTime());
      return {
        start: at.toISOString(),
        scans: Number(row?.scans ?? 0),
        unique_visitors: Number(row?.unique_visitors ?? 0),
        submissions: Number(row?.submissions ?? 0),
        votes: Number(row?.votes ?? 0),
        uploads: Number(row?.uploads ?? 0),
        plays: Number(row?.plays ?? 0),
      };
    });
  }

  protected async heatmap({ orgId, codeId }: AnalyticsScope, range: TimeRange, zone: string): Promise<AnalyticsHeatmapCell[]> {
    const { rows } = await this.db.query<{ weekday: number; hour: number; scans: string }>(
      `SELECT extract(isodow FROM hour AT TIME ZONE $5::text)::int AS weekday, extract(hour FROM hour AT TIME ZONE $5::text)::int AS hour, sum(scans)::int8 AS scans
         FROM analytics_hourly WHERE org_id = $1 AND code_id = $2 AND hour >= $3 AND hour < $4
        GROUP BY 1, 2 HAVING sum(scans) > 0 ORDER BY 1, 2`,
      [orgId, codeId ?? WHOLE_ORGANIZATION, ...rollupHours(range), zone],
    );
    return rows.map((row) => ({ weekday: row.weekday, hour: row.hour, scans: Number(row.scans) }));
  }

  /**
   * Whole UTC days inside the range come from the daily table, the ragged ends from the hourly
   * facets, unpivoted to (dimension, value); a null value is a breakdown the fact is not counted in.
   */
  protected async dimensions({ orgId, codeId }: AnalyticsScope, range: TimeRange): Promise<BreakdownRows> {
    const [fromHour, toHour] = rollupHours(range);
    let [fromDay, toDay] = [ceilTo(fromHour, DAY_MS), new Date(Math.floor(toHour.getTime() / DAY_MS) * DAY_MS)];
    if (fromDay >= toDay) [fromDay, toDay] = [toHour, toHour];
    const { rows } = await this.db.query<{ dimension: RollupDimension; value: string; count: string }>(
      `SELECT dimension, value, count FROM (
         SELECT dimension, value, sum(count)::int8 AS count, row_number() OVER (PARTITION BY dimension ORDER BY sum(count) DESC, value) AS rank
           FROM (SELECT dimension, value, count FROM analytics_dimensions_daily WHERE org_id = $1 AND code_id = $2 AND day >= $5 AND day < $6
                 UNION ALL
                 SELECT f.dimension, f.value, h.count FROM analytics_facets_hourly h
                  CROSS JOIN LATERAL (VALUES ${FACETS_UNPIVOTED}) AS f(dimension, value)
                  WHERE h.org_id = $1 AND ($2 = '${WHOLE_ORGANIZATION}' OR h.code_id = $2) AND ((h.hour >= $3 AND h.hour < $5) OR (h.hour >= $6 AND h.hour < $4))
                    AND f.value IS NOT NULL) AS counted
          GROUP BY dimension, value) AS ranked
        WHERE rank <= ${MAX_BREAKDOWN_ROWS} ORDER BY dimension, rank`,
      [orgId, codeId ?? WHOLE_ORGANIZATION, fromHour, toHour, fromDay, toDay],
    );
    const byDimension = new Map<RollupDimension, { value: string | null; count: number }[]>();
    for (const row of rows) {
      const list = byDimension.get(row.dimension) ?? [];
      list.push({ value: row.value === UNKNOWN_VALUE ? null : row.value, count: Number(row.count) });
      byDimension.set(row.dimension, list);
    }
    return byDimension;
  }
}
