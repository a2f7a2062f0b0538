import { Inject, Injectable } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, type PromoMasterKeyView } from '@qr/contracts';
import { can, type CodeActor } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { type Caller, TenancyGate } from '../identity';
import { SQL_CLIENT } from '../infrastructure';
import { PromoCampaigns } from './promo-campaign-views';
import { PromoMasterKeySecrets } from './promo-master-key-secrets';

/** What another tenant's, a deleted or an unknown key answers. */
export const promoMasterKeyNotFound = () => new DomainError('promo_master_key_not_found', 'No such master key.');

/** A row of the promo_master_keys read model (projections/promos): no secret, those live sealed in their own table. */
export interface PromoMasterKeyRow {
  key_id: string;
  org_id: string;
  name: string;
  version: number;
  created_at: Date;
  rotated_at: Date | null;
}

const SELECT_KEYS = 'SELECT key_id, org_id, name, version, created_at, rotated_at FROM promo_master_keys';

/**
 * A key's view shows its secret, which the counter types: a credential, so only roles that may
 * change promos read keys at all (a viewer hears 403 for reads as for changes).
 */
export function mayHandleKeys(actor: CodeActor): void {
  if (!can.write('loyalty', actor.role)) throw new DomainError('forbidden', 'Your role does not allow you to see or change master keys.');
}

/** The promo_master_keys read model as the promos context asks it; "live" leaves deleted keys out. */
@Injectable()
export class PromoMasterKeys {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly gate: TenancyGate,
    private readonly secrets: PromoMasterKeySecrets,
    private readonly campaigns: PromoCampaigns,
  ) {}

  /** A campaign may be locked only by a live key of its own organisation. */
  async assertLive(orgId: string, keyId: string): Promise<void> {
    const { rows } = await this.db.query(`SELECT 1 FROM promo_master_keys WHERE key_id = $1 AND org_id = $2 AND status = 'live'`, [keyId, orgId]);
    if (rows.length === 0) throw promoMasterKeyNotFound();
  }

  /** A live key the caller's organisation owns, with the caller there; anything else is not found. */
  async visible(caller: Caller, keyId: string): Promise<{ orgId: string; actor: CodeActor; row: PromoMasterKeyRow }> {
    const { rows } = await this.db.query<PromoMasterKeyRow>(`${SELECT_KEYS} WHERE key_id = $1 AND status = 'live'`, [keyId]);
    const row = rows[0];
    const { orgId, actor } = await this.gate.actorOwning(caller, row?.org_id, promoMasterKeyNotFound());
    return { orgId, actor, row: row! };
  }

  async live(orgId: string): Promise<PromoMasterKeyRow[]> {
    const { rows } = await this.db.query<PromoMasterKeyRow>(`${SELECT_KEYS} WHERE org_id = $1 AND status = 'live' ORDER BY created_at, name, key_id`, [orgId]);
    return rows;
  }

  /** How many live campaigns the key locks. */
  async campaignCount(keyId: string): Promise<number> {
    return (await this.campaigns.countsByKey([keyId])).get(keyId) ?? 0;
  }

  /** The rows' views, each with its current secret and how many live campaigns it locks. */
  async viewsOf(orgId: string, rows: readonly PromoMasterKeyRow[]): Promise<PromoMasterKeyView[]> {
    const keyIds = rows.map((row) => row.key_id);
    const [secrets, counts] = await Promise.all([this.secrets.current(orgId, keyIds), this.campaigns.countsByKey(keyIds)]);
    return rows.map((row) => keyViewOf(row, secrets.get(row.key_id) ?? '', counts.get(row.key_id) ?? 0));
  }
}

export function keyViewOf(row: PromoMasterKeyRow, secret: string, campaignCount: number): PromoMasterKeyView {
  return {
    key_id: row.key_id,
    org_id: row.org_id,
    name: row.name,
    version: Number(row.version),
    secret,
    campaign_count: campaignCount,
    created_at: row.created_at.toISOString(),
    rotated_at: row.rotated_at?.toISOString() ?? null,
  };
}

export class GetPromoMasterKey extends Query<PromoMasterKeyView> {
  constructor(
    readonly caller: Caller,
    readonly keyId: string,
  ) {
    super();
  }
}

export class ListPromoMasterKeys extends Query<PromoMasterKeyView[]> {
  constructor(
    readonly caller: Caller,
    readonly orgId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPromoMasterKey)
export class GetPromoMasterKeyHandler implements IQueryHandler<GetPromoMasterKey> {
  constructor(private readonly keys: PromoMasterKeys) {}

  async execute({ caller, keyId }: GetPromoMasterKey): Promise<PromoMasterKeyView> {
    const { orgId, actor, row } = await this.keys.visible(caller, keyId);
    mayHandleKeys(actor);
    const [view] = await this.keys.viewsOf(orgId, [row]);
    return view!;
  }
}

@QueryHandler(ListPromoMasterKeys)
export class ListPromoMasterKeysHandler implements IQueryHandler<ListPromoMasterKeys> {
  constructor(
    private readonly keys: PromoMasterKeys,
    private readonly gate: TenancyGate,
  ) {}

  async execute({ caller, orgId }: ListPromoMasterKeys): Promise<PromoMasterKeyView[]> {
    mayHandleKeys(await this.gate.actorIn(caller, orgId));
    return this.keys.viewsOf(orgId, await this.keys.live(orgId));
  }
}
