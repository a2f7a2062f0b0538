import { Injectable } from '@nestjs/common';
import type { AudienceFilter, PersonalValues } from '@qr/contracts';
import { CustomerContacts, type CustomerContact } from '../customers';
import { OrganizationReads } from '../identity';
import { LoyaltyReads } from '../loyalty';
import { ConsentLedger, ledgerAddress, type AddressedChannel } from './consent-ledger';
import type { Recipient } from './messaging-channel';

/** Who a filter matches on a channel, split by the ledger: those who consented, and how many did not. */
export interface SplitAudience {
  consenting: Recipient[];
  without_consent: number;
}

const firstAndLast = (name: string | null): { first_name?: string; last_name?: string } => {
  const parts = name?.trim().split(/\s+/) ?? [];
  return parts.length === 0 || parts[0] === '' ? {} : { first_name: parts[0], ...(parts.length > 1 ? { last_name: parts.slice(1).join(' ') } : {}) };
};

/**
 * An email or SMS campaign's audience (issue 55): the organisation's customers, narrowed by the
 * code or form they came through and how recently they were seen, or a loyalty programme's members
 * of a tier, or both at once (those in each), one recipient per address, kept only where the
 * consent ledger says `given` on the channel.
 */
@Injectable()
export class ConsentingAudience {
  constructor(
    private readonly customers: CustomerContacts,
    private readonly loyalty: LoyaltyReads,
    private readonly organizations: OrganizationReads,
    private readonly ledger: ConsentLedger,
  ) {}

  async of(orgId: string, channel: AddressedChannel, filter: AudienceFilter): Promise<Recipient[]> {
    return (await this.split(orgId, channel, filter)).consenting;
  }

  async split(orgId: string, channel: AddressedChannel, filter: AudienceFilter): Promise<SplitAudience> {
    const matched = await this.matching(orgId, channel, filter);
    const status = await this.ledger.statusOf(orgId, channel, [...matched.keys()]);
    const organizationName = (await this.organizations.publicProfileOf(orgId))?.name ?? '';
    const consenting: Recipient[] = [];
    for (const [address, contact] of matched) {
      if (status.get(address) !== 'given') continue;
      const fields: PersonalValues = {
        ...firstAndLast(contact.name),
        ...(contact.name ? { name: contact.name } : {}),
        ...(contact.email ? { email: contact.email } : {}),
        ...(contact.phone ? { phone: contact.phone } : {}),
        organization_name: organizationName,
      };
      consenting.push({ address, name: contact.name, fields });
    }
    return { consenting, without_consent: matched.size - consenting.length };
  }

  /** The contacts the filters match, by their address on the channel, the first seen of each address kept. */
  private async matching(orgId: string, channel: AddressedChannel, filter: AudienceFilter): Promise<Map<string, CustomerContact>> {
    const byAddress = (contacts: readonly CustomerContact[]): Map<string, CustomerContact> => {
      const map = new Map<string, CustomerContact>();
      for (const contact of contacts) {
        const raw = channel === 'email' ? contact.email : contact.phone;
        if (!raw) continue;
        const address = ledgerAddress(channel, raw);
        if (address !== null && !map.has(address)) map.set(address, contact);
      }
      return map;
    };
    const { programme_id, tier, code_id, page_id, active_within_days } = filter;
    const byCustomer = code_id !== undefined || page_id !== undefined || active_within_days !== undefined || programme_id === undefined;
    const customers = byCustomer ? byAddress(await this.customers.of(orgId, { code_id, page_id, active_within_days })) : null;
    if (programme_id === undefined) return customers!;
    const members = byAddress(await this.loyalty.contacts(orgId, programme_id, tier));
    if (customers === null) return members;
    return new Map([...members].filter(([address]) => customers.has(address)));
  }
}
