import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, DomainError } from '@qr/contracts';
import { can } from '@qr/domain';
import type { SqlClient } from '@qr/platform';
import { refuseOtherOrganizationsKey, type Caller } from '../identity/caller';
import { Membership } from '../identity/organization.queries';
import { SQL_CLIENT } from '../infrastructure';

/**
 * Who may read an organisation's analytics (permissions.ts, `analytics.read`). A non-member, or a
 * code or page of another organisation, hears "not found", as for every other id of another tenant.
 */
@Injectable()
export class AnalyticsAccess {
  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    private readonly membership: Membership,
  ) {}

  async reader(caller: Caller, orgId: string): Promise<void> {
    refuseOtherOrganizationsKey(caller, orgId);
    const role = await this.membership.roleOf(caller, orgId);
    if (!can.read('analytics', role)) throw new DomainError('forbidden', `A ${role} cannot read analytics.`);
  }

  async assertCodeOf(orgId: string, codeId: string): Promise<void> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM codes WHERE code_id = $1', [codeId]);
    if (rows[0]?.org_id !== orgId) throw new DomainError('code_not_found', 'No such code.');
  }

  /**
   * The organisation's time zone (its settings; UTC unless chosen). The rollups are UTC hours, so a
   * change of zone applies to every period at once, with no rebuild.
   */
  async timeZoneOf(orgId: string): Promise<string> {
    const { rows } = await this.db.query<{ time_zone: string }>('SELECT time_zone FROM organizations WHERE org_id = $1', [orgId]);
    return rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
  }
}
