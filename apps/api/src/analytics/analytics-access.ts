import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@qr/contracts';
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
    if (!can.read('analytics', role)) throw new DomainError('forbidden', `A ${role} can not read analytics.`);
  }

  async assertCodeOf(orgId: string, codeId: string): Promise<void> {
    const { rows } = await this.db.query<{ org_id: string }>('SELECT org_id FROM codes WHERE code_id = $1', [codeId]);
    if (rows[0]?.org_id !== orgId) throw new DomainError('code_not_found', 'No such code.');
  }

  /**
   * The organisation's time zone. Organisations do not carry one yet (identity has no setting for
   * it), so every organisation reads its analytics in UTC until they do; the periods and the rollups
   * already take any IANA zone, and the rollups are UTC hours, so adding the setting needs no rebuild.
   */
  async timeZoneOf(_orgId: string): Promise<string> {
    return 'UTC';
  }
}
