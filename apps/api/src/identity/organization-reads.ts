import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_THEME_STYLE, DEFAULT_TIME_ZONE, type BrandKit, type PublicOrganization } from '@qr/contracts';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

/** The `brand_kit` column: null until the organisation sets one, when it follows the default as the default is now. */
export const brandKitOf = (stored: BrandKit | null): BrandKit => stored ?? DEFAULT_THEME_STYLE;

/** What other contexts may read of an organisation, from identity's `organizations` read model. */
@Injectable()
export class OrganizationReads {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  /** Its name, logo and brand kit, as a visitor's page shows them (undefined: no such organisation). */
  async publicProfileOf(orgId: string): Promise<PublicOrganization | undefined> {
    const { rows } = await this.db.query<{ organization_name: string; organization_logo: string | null; brand_kit: BrandKit | null }>(
      'SELECT organization_name, organization_logo, brand_kit FROM organizations WHERE org_id = $1',
      [orgId],
    );
    const row = rows[0];
    // A brand kit has no background of its own: its pages stand on its background colour.
    return row && { name: row.organization_name, logo: row.organization_logo, theme: { ...brandKitOf(row.brand_kit), background: { kind: 'colour' } } };
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
