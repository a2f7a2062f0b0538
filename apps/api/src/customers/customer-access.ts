import { Injectable } from '@nestjs/common';
import { DomainError, type Role } from '@qr/contracts';
import { actorId, can } from '@qr/domain';
import { actorOf, refuseOtherOrganizationsKey, type Caller } from '../identity/caller';
import { Membership } from '../identity/organization.queries';

/**
 * Who may see, export and forget an organisation's customers (permissions.ts: `analytics.read`,
 * `analytics.export`, `analytics.forget_customers`). A non-member hears `organization_not_found`,
 * as for every other id of another tenant.
 */
@Injectable()
export class CustomerAccess {
  constructor(private readonly membership: Membership) {}

  async reader(caller: Caller, orgId: string): Promise<void> {
    const role = await this.roleOf(caller, orgId);
    if (!can.read('analytics', role)) throw new DomainError('forbidden', `A ${role} cannot read customers.`);
  }

  async exporter(caller: Caller, orgId: string): Promise<void> {
    const role = await this.roleOf(caller, orgId);
    if (!can.exportAnalytics(role)) throw new DomainError('forbidden', `A ${role} cannot export customers.`);
  }

  /** The id the forgetting event records for who did it. */
  async forgetter(caller: Caller, orgId: string): Promise<string> {
    const role = await this.roleOf(caller, orgId);
    if (!can.forgetCustomers(role)) throw new DomainError('forbidden', `A ${role} cannot forget customers.`);
    return actorId(actorOf(caller));
  }

  private roleOf(caller: Caller, orgId: string): Promise<Role> {
    refuseOtherOrganizationsKey(caller, orgId);
    return this.membership.roleOf(caller, orgId);
  }
}
