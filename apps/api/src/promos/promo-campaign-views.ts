import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type PromoCampaignView, type PromoPattern, type PromoTerms } from '@qr/contracts';
import type { CodeActor, PromoCampaignCreated } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';

/** What another tenant's, a deleted or an unknown campaign answers. */
export const promoCampaignNotFound = () => new DomainError('promo_campaign_not_found', 'No such promo campaign.');

/** A row of the promo_campaigns read model (projections/promos). */
export interface PromoCampaignRow {
  campaign_id: string;
  org_id: string;
  code_id: string;
  kind: 'shared' | 'unique';
  promo_code: string | null;
  pattern: PromoPattern | null;
  count: number | null;
  terms: PromoTerms;
  master_key_id: string | null;
  redeemed: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_CAMPAIGNS = `SELECT campaign_id, org_id, code_id, kind, promo_code, pattern, count, terms, master_key_id, redeemed, created_at, updated_at
  FROM promo_campaigns`;

export function campaignViewOf(row: PromoCampaignRow): PromoCampaignView {
  return {
    campaign_id: row.campaign_id,
    org_id: row.org_id,
    code_id: row.code_id,
    codes: row.kind === 'shared' ? { kind: 'shared', promo_code: row.promo_code! } : { kind: 'unique', pattern: row.pattern!, count: row.count! },
    terms: row.terms,
    master_key_id: row.master_key_id,
    redeemed: row.redeemed,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A new campaign's view from its event (see decidedEvent): a unique campaign's seed stays in the event, never in an answer. */
export function createdCampaignView({ data }: PromoCampaignCreated, at: Date): PromoCampaignView {
  const { codes } = data;
  return {
    campaign_id: data.campaign_id,
    org_id: data.org_id,
    code_id: data.code_id,
    codes: codes.kind === 'shared' ? codes : { kind: 'unique', pattern: codes.pattern, count: codes.count },
    terms: data.terms,
    master_key_id: data.master_key_id,
    redeemed: 0,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/** The promo_campaigns read model as the promos context's commands and queries ask it; "live" leaves deleted campaigns out. */
@Injectable()
export class PromoCampaigns {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
  ) {}

  /** A live campaign the caller's organisation owns, with the caller there; anything else is not found. */
  async visible(caller: Caller, campaignId: string): Promise<{ orgId: string; actor: CodeActor; row: PromoCampaignRow }> {
    const { rows } = await this.db.query<PromoCampaignRow>(`${SELECT_CAMPAIGNS} WHERE campaign_id = $1 AND status = 'live'`, [campaignId]);
    const row = rows[0];
    const { orgId, actor } = await this.gate.actorOwning(caller, row?.org_id, promoCampaignNotFound());
    return { orgId, actor, row: row! };
  }

  /** A live campaign by id, whoever asks: another context (a wallet pass's coupon) checks the organisation itself. */
  async liveCampaign(campaignId: string): Promise<PromoCampaignRow | undefined> {
    const { rows } = await this.db.query<PromoCampaignRow>(`${SELECT_CAMPAIGNS} WHERE campaign_id = $1 AND status = 'live'`, [campaignId]);
    return rows[0];
  }

  /** One of a campaign's codes (its shared one, or one of its unique ones) and whether it was redeemed; undefined when it has no such code. */
  async promoCode(campaignId: string, promoCode: string): Promise<{ redeemed: boolean } | undefined> {
    const { rows } = await this.db.query<{ redeemed: boolean }>(
      'SELECT redeemed_at IS NOT NULL AS redeemed FROM promo_codes WHERE campaign_id = $1 AND promo_code = $2',
      [campaignId, promoCode],
    );
    return rows[0];
  }

  /**
   * A campaign's code at an ordinal: a unique campaign's codes count from 1 in the order its seed
   * drew them, a shared campaign's one code is its first. Undefined past the last.
   */
  async codeAt(campaignId: string, ordinal: number): Promise<string | undefined> {
    const { rows } = await this.db.query<{ promo_code: string }>('SELECT promo_code FROM promo_codes WHERE campaign_id = $1 AND ordinal = $2', [
      campaignId,
      ordinal,
    ]);
    return rows[0]?.promo_code;
  }

  /** The organisation's live campaigns, of one code when given, newest first. */
  async live(orgId: string, codeId?: string): Promise<PromoCampaignRow[]> {
    const { rows } = await this.db.query<PromoCampaignRow>(
      `${SELECT_CAMPAIGNS} WHERE org_id = $1 AND ($2::text IS NULL OR code_id = $2) AND status = 'live' ORDER BY created_at DESC, campaign_id`,
      [orgId, codeId ?? null],
    );
    return rows;
  }

  /** Whether a live campaign of the QR code already answers to this promo code, shared or one of its unique ones. */
  async codeTaken(codeId: string, promoCode: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM promo_codes p JOIN promo_campaigns c ON c.campaign_id = p.campaign_id
        WHERE p.code_id = $1 AND p.promo_code = $2 AND c.status = 'live' LIMIT 1`,
      [codeId, promoCode],
    );
    return rows.length > 0;
  }

  /** How many live campaigns each of the keys locks; a key that locks none is missing. */
  async countsByKey(keyIds: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ master_key_id: string; n: number }>(
      `SELECT master_key_id, count(*)::int AS n FROM promo_campaigns WHERE master_key_id = ANY($1::uuid[]) AND status = 'live' GROUP BY master_key_id`,
      [keyIds],
    );
    return new Map(rows.map((row) => [row.master_key_id, Number(row.n)]));
  }
}

export class GetPromoCampaign extends Query<PromoCampaignView> {
  constructor(
    readonly caller: Caller,
    readonly campaignId: string,
  ) {
    super();
  }
}

export class ListPromoCampaigns extends Query<PromoCampaignView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
    readonly codeId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetPromoCampaign)
export class GetPromoCampaignHandler implements IQueryHandler<GetPromoCampaign> {
  constructor(private readonly campaigns: PromoCampaigns) {}

  async execute({ caller, campaignId }: GetPromoCampaign): Promise<PromoCampaignView> {
    return campaignViewOf((await this.campaigns.visible(caller, campaignId)).row);
  }
}

@QueryHandler(ListPromoCampaigns)
export class ListPromoCampaignsHandler implements IQueryHandler<ListPromoCampaigns> {
  constructor(
    private readonly campaigns: PromoCampaigns,
    private readonly gate: TenancyGate,
  ) {}

  /** Another organisation's code has no campaigns here: the list is filtered by the caller's organisation. */
  async execute({ caller, orgId, codeId }: ListPromoCampaigns): Promise<PromoCampaignView[]> {
    await this.gate.roleIn(caller, orgId);
    return (await this.campaigns.live(orgId, codeId)).map(campaignViewOf);
  }
}
