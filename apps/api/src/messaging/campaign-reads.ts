import { Inject, Injectable } from '@nestjs/common';
import type { CampaignListView, CampaignStatus, CampaignView, ListCampaignsQuery } from '@qr/contracts';
import { campaignNotFound, type CampaignContent } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { DeliveryQueue } from './delivery-queue';
import type { CampaignRow } from './messaging-channel';

/** A row of the messaging_campaigns read model. */
export interface StoredCampaign extends CampaignRow {
  status: CampaignStatus;
  send_at: Date | null;
  recipients: number;
  created_at: Date;
  created_by: string;
  finished_at: Date | null;
}

const SELECT_CAMPAIGNS = `SELECT campaign_id, org_id, channel, content, status, send_at, recipients, one_time_batch_id, created_at, created_by, finished_at FROM messaging_campaigns`;

/** The campaigns read model, for the screens, the runner and the channels. */
@Injectable()
export class CampaignReads {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly queue: DeliveryQueue,
  ) {}

  async row(campaignId: string): Promise<StoredCampaign | null> {
    const { rows } = await this.db.query<StoredCampaign>(`${SELECT_CAMPAIGNS} WHERE campaign_id = $1`, [campaignId]);
    return rows[0] ?? null;
  }

  /** A campaign of the caller's organisation, with the caller as its commands record them; another tenant's is not found. */
  async visible(caller: Caller, campaignId: string) {
    const campaign = await this.row(campaignId);
    const { actor } = await this.gate.actorOwning(caller, campaign?.org_id, campaignNotFound());
    return { campaign: campaign!, actor };
  }

  async view(campaign: StoredCampaign): Promise<CampaignView> {
    return (await this.viewsOf([campaign]))[0]!;
  }

  async list(query: ListCampaignsQuery): Promise<CampaignListView> {
    const { org_id, channel, code_id, page, per_page } = query;
    const { rows } = await this.db.query<StoredCampaign & { total: string }>(
      `SELECT c.*, count(*) OVER () AS total FROM (${SELECT_CAMPAIGNS}) c
        WHERE c.org_id = $1 AND ($2::text IS NULL OR c.channel = $2) AND ($3::text IS NULL OR c.content->>'code_id' = $3)
        ORDER BY c.created_at DESC, c.campaign_id LIMIT $4 OFFSET $5`,
      [org_id, channel ?? null, code_id ?? null, per_page, (page - 1) * per_page],
    );
    return { items: await this.viewsOf(rows), page, per_page, total: Number(rows[0]?.total ?? 0) };
  }

  /** Scheduled campaigns whose time has come, oldest first. */
  async due(limit: number): Promise<StoredCampaign[]> {
    const { rows } = await this.db.query<StoredCampaign>(`${SELECT_CAMPAIGNS} WHERE status = 'scheduled' AND send_at <= now() ORDER BY send_at LIMIT $1`, [
      limit,
    ]);
    return rows;
  }

  async sending(): Promise<StoredCampaign[]> {
    const { rows } = await this.db.query<StoredCampaign>(`${SELECT_CAMPAIGNS} WHERE status = 'sending' ORDER BY created_at`);
    return rows;
  }

  private async viewsOf(rows: readonly StoredCampaign[]): Promise<CampaignView[]> {
    const counts = await this.queue.counts(rows.map((row) => row.campaign_id));
    return rows.map((row) => viewOf(row, counts.get(row.campaign_id)!));
  }
}

function viewOf(row: StoredCampaign, deliveries: CampaignView['deliveries']): CampaignView {
  const content: CampaignContent = row.content;
  return {
    campaign_id: row.campaign_id,
    org_id: row.org_id,
    channel: row.channel,
    name: content.name,
    code_id: content.code_id,
    audience: content.audience,
    subject: content.subject,
    message: content.message,
    qr: content.qr,
    status: row.status,
    send_at: row.send_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    recipients: row.recipients,
    deliveries,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
