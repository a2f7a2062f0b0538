import { Inject, Injectable } from '@nestjs/common';
import { UNSIGNED_PASS_TYPE, type PassView } from '@qr/contracts';
import type { Config } from '@qr/platform';
import { CONFIG } from '../infrastructure';
import { LoyaltyReads } from '../loyalty';
import { PassReads, type PassRow } from './pass-reads';
import { WalletIssuers } from './wallet-issuers';

/** How a pass shows in the pass service's answers: both wallets' links and its followers, no contact details. */
@Injectable()
export class PassViews {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly reads: PassReads,
    private readonly issuers: WalletIssuers,
    private readonly loyalty: LoyaltyReads,
  ) {}

  async of(rows: readonly PassRow[]): Promise<PassView[]> {
    const devices = await this.reads.devices(rows.map((row) => row.pass_id));
    // A page of passes is one organisation's: its wallets are read once, not once a row.
    const wallets = new Map<string, Promise<[Awaited<ReturnType<WalletIssuers['apple']>>, { google: boolean }]>>();
    const walletsOf = (orgId: string) => {
      if (!wallets.has(orgId)) wallets.set(orgId, Promise.all([this.issuers.apple(orgId), this.issuers.connected(orgId)]));
      return wallets.get(orgId)!;
    };
    return Promise.all(
      rows.map(async (row) => {
        const [[apple, connected], holder] = await Promise.all([walletsOf(row.org_id), this.holderOf(row)]);
        const passType = apple?.pass_type_identifier ?? UNSIGNED_PASS_TYPE;
        return {
          pass_id: row.pass_id,
          passTypeIdentifier: passType,
          serialNumber: row.pass_id,
          design_id: row.design_id,
          kind: row.kind,
          holder,
          voided: row.voided || row.design_gone || row.source_gone,
          devices: devices.get(row.pass_id) ?? 0,
          issued_at: row.issued_at.toISOString(),
          updated_at: row.updated_at.toISOString(),
          apple_url: apple ? `${this.config.PASS_BASE_URL}/pkpass/${passType}/${row.pass_id}` : null,
          google_ready: connected.google,
        };
      }),
    );
  }

  /** A card's holder by name (or the card's first group), a promo code, a ticket's holder. */
  private async holderOf(row: PassRow): Promise<string> {
    if (row.holder.kind !== 'loyalty_card') return row.holder_key;
    const member = await this.loyalty.memberContact(row.source_id, row.holder.card_id);
    return member?.name ?? `Card ${row.holder.card_id.slice(0, 8).toUpperCase()}`;
  }
}
