import { Inject, Injectable } from '@nestjs/common';
import { DomainError, PROMO_REFUSAL_REASONS, type PromoRefusalReason, type PromoTerms } from '@qr/contracts';
import { can } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { REDEEMED } from '@qr/projections-promos';
import { type Caller, OrganizationReads, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** What the usage, analytics and export read of a campaign. */
export interface ReadableCampaign {
  campaign_id: string;
  org_id: string;
  name: string;
  kind: 'shared' | 'unique';
  count: number | null;
  terms: PromoTerms;
  created_at: Date;
}

/** Counts per result (`redeemed` or a refusal's reason), as the hourly rollup sums them. */
export interface ResultCounts {
  validations: number;
  redemptions: number;
  refusals: Record<PromoRefusalReason, number>;
}

/** Every reason with its count, none left out: a screen shows the zeros too. */
export function resultCounts(rows: readonly { result: string; n: string | number }[]): ResultCounts {
  const counts = new Map(rows.map((row) => [row.result, Number(row.n)]));
  const refusals = Object.fromEntries(PROMO_REFUSAL_REASONS.map((reason) => [reason, counts.get(reason) ?? 0])) as Record<PromoRefusalReason, number>;
  const redemptions = counts.get(REDEEMED) ?? 0;
  return { validations: redemptions + Object.values(refusals).reduce((sum, n) => sum + n, 0), redemptions, refusals };
}

/**
 * Which campaigns a caller may read the usage of (permissions.ts: `loyalty.read`, every member)
 * and export (`analytics.export`, owners and admins: the export takes every visitor's reported
 * position out of the platform in bulk). A deleted campaign and another tenant's answer alike,
 * `promo_campaign_not_found`.
 */
@Injectable()
export class PromoReadAccess {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly organizations: OrganizationReads,
  ) {}

  async reader(caller: Caller, campaignId: string): Promise<ReadableCampaign> {
    const { campaign, role } = await this.visible(caller, campaignId);
    if (!can.read('loyalty', role)) throw new DomainError('forbidden', `A ${role} cannot read promo campaigns.`);
    return campaign;
  }

  async exporter(caller: Caller, campaignId: string): Promise<ReadableCampaign> {
    const { campaign, role } = await this.visible(caller, campaignId);
    if (!can.exportAnalytics(role)) throw new DomainError('forbidden', `A ${role} cannot export promo validations.`);
    return campaign;
  }

  /** The organisation's time zone, in which analytics' periods and the export's date are told. */
  timeZoneOf(orgId: string): Promise<string> {
    return this.organizations.timeZoneOf(orgId);
  }

  private async visible(caller: Caller, campaignId: string) {
    const { rows } = await this.db.query<ReadableCampaign>(
      `SELECT campaign_id, org_id, name, kind, count, terms, created_at FROM promo_campaigns WHERE campaign_id = $1 AND status = 'live'`,
      [campaignId],
    );
    const { actor } = await this.gate.actorOwning(caller, rows[0]?.org_id, new DomainError('promo_campaign_not_found', 'No such promo campaign.'));
    return { campaign: rows[0]!, role: actor.role };
  }
}
