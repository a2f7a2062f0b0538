import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { actorId, can } from '@qr/domain';
import { actorOf, type Caller, TenancyGate } from '../identity';

/**
 * Who may see, export and forget an organisation's customers (permissions.ts: `analytics.read`,
 * `analytics.export`, `analytics.forget_customers`). A non-member hears `organization_not_found`,
 * as for every other id of another tenant.
 */
@Injectable()
export class CustomerAccess {
  constructor(private readonly gate: TenancyGate) {}

  async reader(caller: Caller, orgId: string): Promise<void> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.read('analytics', role)) throw new DomainError('forbidden', `A ${role} cannot read customers.`);
  }

  async exporter(caller: Caller, orgId: string): Promise<void> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.exportAnalytics(role)) throw new DomainError('forbidden', `A ${role} cannot export customers.`);
  }

  /** The id the forgetting event records for who did it. */
  async forgetter(caller: Caller, orgId: string): Promise<string> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.forgetCustomers(role)) throw new DomainError('forbidden', `A ${role} cannot forget customers.`);
    return actorId(actorOf(caller));
  }
}
