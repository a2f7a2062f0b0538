import { Inject, Injectable } from '@nestjs/common';
import { DomainError, smsAddress, type ConsentSource, type ConsentStatus, type ConsentView, type MessagingChannel } from '@qr/contracts';
import { consentStreamId, type ConsentRecorded } from '@qr/domain';
import type { EventStore } from '@qr/eventstore';
import { normalisedEmail, PersonalDataVault, type SqlClient } from '@qr/platform';
import { EVENT_STORE, SQL_CLIENT } from '../infrastructure';

/** The channels the ledger keeps by address; a push subscription is its own consent, and removing it is its withdrawal. */
export type AddressedChannel = Exclude<MessagingChannel, 'push'>;
export type LedgerStatus = ConsentStatus | 'unknown';

/** How the ledger compares addresses: one email whatever its case, one phone in E.164 whatever its spacing (null: not textable). */
export const ledgerAddress = (channel: AddressedChannel, address: string): string | null =>
  channel === 'email' ? normalisedEmail(address) : smsAddress(address);

/**
 * The one consent ledger (issue 55): every consent and withdrawal is an event on the person's own
 * stream, the address sealed with their key, and the messaging read model keeps each address's
 * latest status per channel with its history. Every send asks `statusOf` first: a campaign reaches
 * only `given`, a single transactional send anyone but `withdrawn`.
 */
@Injectable()
export class ConsentLedger {
  private readonly vault: PersonalDataVault;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
  ) {
    this.vault = new PersonalDataVault(db);
  }

  async record(
    orgId: string,
    channel: AddressedChannel,
    address: string,
    status: ConsentStatus,
    source: ConsentSource,
    note: string | null,
    by: string | null,
  ): Promise<void> {
    const normalised = ledgerAddress(channel, address);
    if (normalised === null)
      throw new DomainError('validation_failed', 'Use a phone number in international form, such as +44 20 7946 0958.', { field: 'address' });
    const who = channel === 'email' ? { email: normalised } : { phone: normalised };
    const { person, sealed } = await this.vault.seal(orgId, who, normalised, normalised);
    const event: ConsentRecorded = { type: 'ConsentRecorded', data: { org_id: orgId, person, sealed_address: sealed, channel, status, source, note, by } };
    await this.store.append({
      streamId: consentStreamId(orgId, person),
      expectedVersion: 'any',
      events: [{ ...event, metadata: { org_id: orgId, ...(by ? { actor: by } : {}) } }],
    });
  }

  /** Each address's latest status on the channel; one never asked is `unknown`. */
  async statusOf(orgId: string, channel: AddressedChannel, addresses: readonly string[]): Promise<Map<string, LedgerStatus>> {
    const normalised = addresses.map((address) => ledgerAddress(channel, address) ?? '');
    const { rows } = await this.db.query<{ address: string; status: ConsentStatus }>(
      'SELECT address, status FROM messaging_consents WHERE org_id = $1 AND channel = $2 AND address = ANY($3::text[])',
      [orgId, channel, normalised],
    );
    const known = new Map(rows.map((row) => [row.address, row.status]));
    return new Map(addresses.map((address, i) => [address, known.get(normalised[i]!) ?? 'unknown']));
  }

  async view(orgId: string, channel: AddressedChannel, address: string): Promise<ConsentView> {
    const normalised = ledgerAddress(channel, address) ?? address;
    const { rows } = await this.db.query<{ status: ConsentStatus; source: ConsentSource; note: string | null; at: Date }>(
      `SELECT status, source, note, at FROM messaging_consent_history WHERE org_id = $1 AND channel = $2 AND address = $3 ORDER BY position DESC LIMIT 100`,
      [orgId, channel, normalised],
    );
    return {
      channel,
      address: normalised,
      status: rows[0]?.status ?? 'unknown',
      history: rows.map((row) => ({ status: row.status, source: row.source, note: row.note, at: row.at.toISOString() })),
    };
  }
}
