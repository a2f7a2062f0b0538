import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  AnalyticsPeriod,
  PromoAnalyticsView,
  PromoCodesPage,
  PromoCodesPageQuery,
  PromoRedemptionsPage,
  PromoRedemptionsQuery,
  PromoRedemptionView,
  PromoUsageView,
} from '@qr/contracts';
import { bucketStarts, periodWindow, rollupHours, type TimeRange } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { REDEEMED } from '@qr/projections-promos';
import type { Caller } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { PromoReadAccess, resultCounts, type ReadableCampaign } from './promo-read-access';

/** A page of a campaign's codes in issue order (a shared campaign has its one code). */
export class ListPromoCodes extends Query<PromoCodesPage> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly query: PromoCodesPageQuery,
  ) {
    super();
  }
}

/** Spec §7 "promo usage": validations, redemptions, refusals by reason, and what is left. */
export class GetPromoUsage extends Query<PromoUsageView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
  ) {
    super();
  }
}

/** The campaign's redemptions, newest first, with the evidence each brought. */
export class ListPromoRedemptions extends Query<PromoRedemptionsPage> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly query: PromoRedemptionsQuery,
  ) {
    super();
  }
}

/** Spec §7 "promo analytics": the campaign's validations over one of the spec's periods, in the organisation's zone. */
export class GetPromoAnalytics extends Query<PromoAnalyticsView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
    readonly period: AnalyticsPeriod,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

/** A campaign's counts per result, over all time or the rollup hours of a range. */
async function resultsOf(db: SqlClient, campaignId: string, range?: TimeRange) {
  const { rows } = await db.query<{ result: string; n: string }>(
    `SELECT result, sum(count) AS n FROM promo_validations_hourly
      WHERE campaign_id = $1 AND ($2::timestamptz IS NULL OR hour >= $2) AND ($3::timestamptz IS NULL OR hour < $3) GROUP BY result`,
    [campaignId, ...(range ? rollupHours(range) : [null, null])],
  );
  return resultCounts(rows);
}

/** How many redemptions the campaign has left: its total limit's rest, a unique campaign's unused codes, whichever is fewer; null without either. */
function remainingOf(campaign: ReadableCampaign, redemptions: number): number | null {
  const limits = [campaign.terms.total_limit, campaign.kind === 'unique' ? campaign.count : null].filter((limit) => limit !== null);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits) - redemptions);
}

@QueryHandler(ListPromoCodes)
export class ListPromoCodesHandler implements IQueryHandler<ListPromoCodes> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: PromoReadAccess,
  ) {}

  async execute({ caller, campaignId, query: { page, per_page } }: ListPromoCodes): Promise<PromoCodesPage> {
    const campaign = await this.access.reader(caller, campaignId);
    // Ordinals run 1..count without gaps: a page is a range of the primary key, the 100th as cheap as the first.
    const { rows } = await this.db.query<{ promo_code: string; redeemed: boolean }>(
      `SELECT promo_code, redeemed_at IS NOT NULL AS redeemed FROM promo_codes WHERE campaign_id = $1 AND ordinal > $2 AND ordinal <= $3 ORDER BY ordinal`,
      [campaignId, (page - 1) * per_page, page * per_page],
    );
    return { items: rows, page, per_page, total: campaign.kind === 'unique' ? (campaign.count ?? 0) : 1 };
  }
}

@QueryHandler(GetPromoUsage)
export class GetPromoUsageHandler implements IQueryHandler<GetPromoUsage> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: PromoReadAccess,
  ) {}

  async execute({ caller, campaignId }: GetPromoUsage): Promise<PromoUsageView> {
    const campaign = await this.access.reader(caller, campaignId);
    const counts = await resultsOf(this.db, campaignId);
    return { campaign_id: campaignId, ...counts, remaining: remainingOf(campaign, counts.redemptions) };
  }
}

interface RedemptionRow {
  redemption_id: string;
  promo_code: string;
  at: Date;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  key_name: string | null;
}

@QueryHandler(ListPromoRedemptions)
export class ListPromoRedemptionsHandler implements IQueryHandler<ListPromoRedemptions> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: PromoReadAccess,
  ) {}

  async execute({ caller, campaignId, query: { page, per_page } }: ListPromoRedemptions): Promise<PromoRedemptionsPage> {
    await this.access.reader(caller, campaignId);
    const [{ rows }, counts] = await Promise.all([
      this.db.query<RedemptionRow>(
        `SELECT v.redemption_id, v.promo_code, v.at, v.latitude, v.longitude, v.accuracy_m, v.distance_m, k.name AS key_name
           FROM promo_validations v LEFT JOIN promo_master_keys k ON k.key_id = v.master_key_id
          WHERE v.campaign_id = $1 AND v.outcome = '${REDEEMED}' ORDER BY v.position DESC LIMIT $2 OFFSET $3`,
        [campaignId, per_page, (page - 1) * per_page],
      ),
      resultsOf(this.db, campaignId),
    ]);
    const items = rows.map((row): PromoRedemptionView => ({
      redemption_id: row.redemption_id,
      promo_code: row.promo_code,
      redeemed_at: row.at.toISOString(),
      latitude: row.latitude,
      longitude: row.longitude,
      accuracy_m: row.accuracy_m,
      distance_m: row.distance_m,
      unlocked_with: row.key_name,
    }));
    return { items, page, per_page, total: counts.redemptions };
  }
}

@QueryHandler(GetPromoAnalytics)
export class GetPromoAnalyticsHandler implements IQueryHandler<GetPromoAnalytics> {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly access: PromoReadAccess,
  ) {}

  async execute({ caller, campaignId, period, now }: GetPromoAnalytics): Promise<PromoAnalyticsView> {
    const campaign = await this.access.reader(caller, campaignId);
    const zone = await this.access.timeZoneOf(campaign.org_id);
    // `all` starts on the day the campaign was created: nothing is validated before.
    const { range, bucket } = periodWindow(period, now, zone, campaign.created_at);
    // Hours are UTC hours; days and months start at local midnight. `bucket` comes from the domain's enum.
    const start = bucket === 'hour' ? 'hour' : `date_trunc('${bucket}', hour AT TIME ZONE $4::text) AT TIME ZONE $4::text`;
    const [{ rows }, totals] = await Promise.all([
      this.db.query<{ start: Date; validations: string; redemptions: string }>(
        `SELECT ${start} AS start, sum(count) AS validations, coalesce(sum(count) FILTER (WHERE result = '${REDEEMED}'), 0) AS redemptions
           FROM promo_validations_hourly WHERE campaign_id = $1 AND hour >= $2 AND hour < $3 GROUP BY 1`,
        [campaignId, ...rollupHours(range), ...(bucket === 'hour' ? [] : [zone])],
      ),
      resultsOf(this.db, campaignId, range),
    ]);
    const byStart = new Map(rows.map((row) => [row.start.getTime(), row]));
    const series = bucketStarts(range, bucket, zone).map((at) => {
      const row = byStart.get(at.getTime());
      const [validations, redemptions] = [Number(row?.validations ?? 0), Number(row?.redemptions ?? 0)];
      return { start: at.toISOString(), validations, redemptions, refusals: validations - redemptions };
    });
    return { campaign_id: campaignId, period, time_zone: zone, bucket, totals, series };
  }
}
