import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, type PublicOrganization } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

/** What other contexts may read of an organisation, from identity's `organizations` read model. */
@Injectable()
export class OrganizationReads {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** Its name and logo, as a visitor's page shows them (undefined: no such organisation). */
  async publicProfileOf(orgId: string): Promise<PublicOrganization | undefined> {
    const { rows } = await this.db.query<{ organization_name: string; organization_logo: string | null }>(
      'SELECT organization_name, organization_logo FROM organizations WHERE org_id = $1',
      [orgId],
    );
    return rows[0] && { name: rows[0].organization_name, logo: rows[0].organization_logo };
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
