import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@qr/platform';
import { SQL_CLIENT } from '../infrastructure';

export interface CustomerContact {
  email: string | null;
  phone: string | null;
  name: string | null;
}

/** Which customers: those who came through a code, or a page's form, or were seen within some days. */
export interface CustomerContactFilter {
  code_id?: string;
  page_id?: string;
  active_within_days?: number;
}

/**
 * The email, phone and name of an organisation's customers, narrowed by where they came from and
 * when they were last seen: the messaging context's audiences, which it then checks against its
 * consent ledger. Forgotten customers have no row, so they are never in an audience.
 */
@Injectable()
export class CustomerContacts {
  constructor(@Inject(SQL_CLIENT) private readonly db: SqlClient) {}

  async of(orgId: string, filter: CustomerContactFilter): Promise<CustomerContact[]> {
    const { rows } = await this.db.query<CustomerContact>(
      `SELECT c.email, c.phone, c.name FROM customers c
        WHERE c.org_id = $1
          AND ($2::int IS NULL OR c.last_seen >= now() - $2::int * interval '1 day')
          AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM customer_interactions i WHERE i.org_id = c.org_id AND i.customer_id = c.customer_id AND i.code_id = $3))
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM customer_interactions i WHERE i.org_id = c.org_id AND i.customer_id = c.customer_id AND i.page_id = $4))
        ORDER BY c.first_seen, c.customer_id`,
      [orgId, filter.active_within_days ?? null, filter.code_id ?? null, filter.page_id ?? null],
    );
    return rows;
  }
}
