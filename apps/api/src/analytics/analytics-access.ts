import { Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
import { can } from '@qr/domain';
import { codeNotFound, CodeReads } from '../codes';
import { type Caller, OrganizationReads, TenancyGate } from '../identity';

/**
 * Who may read an organisation's analytics (permissions.ts, `analytics.read`). A non-member, or a
 * code or page of another organisation, hears "not found", as for every other id of another tenant.
 */
@Injectable()
export class AnalyticsAccess {
  constructor(
    private readonly gate: TenancyGate,
    private readonly codes: CodeReads,
    private readonly organizations: OrganizationReads,
  ) {}

  async reader(caller: Caller, orgId: string): Promise<void> {
    const role = await this.gate.roleIn(caller, orgId);
    if (!can.read('analytics', role)) throw new DomainError('forbidden', `A ${role} cannot read analytics.`);
  }

  async assertCodeOf(orgId: string, codeId: string): Promise<void> {
    if ((await this.codes.ownerOf(codeId)) !== orgId) throw codeNotFound();
  }

  /** The organisation's time zone, as identity keeps it. */
  timeZoneOf(orgId: string): Promise<string> {
    return this.organizations.timeZoneOf(orgId);
  }
}
